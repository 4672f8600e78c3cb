import { describe, expect, it } from 'vitest';
import { drafts, mailtoHref } from './mailto.ts';

describe('mailtoHref', () => {
  it('percent-encodes the subject and body, with spaces as %20 and line breaks as CRLF', () => {
    expect(
      mailtoHref('hello@example.test', { subject: 'Board Presentation Request', body: 'Hi,\nUnits: 50' }),
    ).toBe('mailto:hello@example.test?subject=Board%20Presentation%20Request&body=Hi%2C%0D%0AUnits%3A%2050');
  });

  it('keeps characters that would end the subject or start another field inside it', () => {
    const href = mailtoHref('hello@example.test', { subject: 'Q&A? #1 + more=yes' });
    expect(href).toBe('mailto:hello@example.test?subject=Q%26A%3F%20%231%20%2B%20more%3Dyes');
    expect(new URL(href).searchParams.get('subject')).toBe('Q&A? #1 + more=yes');
  });

  it('leaves the body out when there is none', () => {
    expect(mailtoHref('a@b.test', { subject: 'Contact Request' })).toBe(
      'mailto:a@b.test?subject=Contact%20Request',
    );
  });

  it('uses the subjects the spec names', () => {
    expect(drafts.boardPresentation.subject).toBe('Board Presentation Request');
    expect(drafts.contact.subject).toBe('Contact Request');
  });
});
