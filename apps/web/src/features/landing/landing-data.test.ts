import { afterEach, describe, expect, it } from 'vitest';
import { readEmbeddedLandingData } from './landing-data.ts';

const data = {
  companyName: 'Acme <HOA>',
  contactEmail: 'hi@acme.test',
  contactPhone: '+1 555 0100',
  copyrightYear: '2026',
  isSignedIn: true,
};

function embed(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'landing-data';
  script.textContent = text;
  document.body.append(script);
}

afterEach(() => document.body.replaceChildren());

describe('readEmbeddedLandingData', () => {
  it('reads what the server embedded', () => {
    embed(JSON.stringify(data).replace(/</g, '\\u003c'));
    expect(readEmbeddedLandingData(document)).toEqual(data);
  });

  it('finds nothing when the page was not prerendered, or the data is not the landing data', () => {
    expect(readEmbeddedLandingData(document)).toBeNull();
    embed('{{landingData}}');
    expect(readEmbeddedLandingData(document)).toBeNull();
    document.body.replaceChildren();
    embed(JSON.stringify({ ...data, isSignedIn: 'yes' }));
    expect(readEmbeddedLandingData(document)).toBeNull();
  });
});
