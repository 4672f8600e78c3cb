/**
 * A `mailto:` link that opens a pre-filled e-mail draft. Subject and body are encoded with
 * encodeURIComponent, not URLSearchParams: mail clients show URLSearchParams' `+` for a space literally.
 * The address is a validated setting (letters, digits and `._%+-'@` only), so it goes in as it is.
 */
export function mailtoHref(to: string, draft: { subject: string; body?: string }): string {
  const query = [`subject=${encodeURIComponent(draft.subject)}`];
  // RFC 6068: line breaks in a body are CRLF.
  if (draft.body) query.push(`body=${encodeURIComponent(draft.body.replace(/\r?\n/g, '\r\n'))}`);
  return `mailto:${to}?${query.join('&')}`;
}

/** The drafts the landing page's e-mail buttons open. */
export const drafts = {
  demo: {
    subject: 'Demo Request',
    body: 'Hello,\n\nWe would like to see a demo for our community.\n\nCommunity name:\nNumber of units:\nBest time to reach me:\n',
  },
  contact: {
    subject: 'Contact Request',
    body: 'Hello,\n\nI have a question about AI-powered HOA management:\n\n',
  },
  consultation: {
    subject: 'Consultation Request',
    body: 'Hello,\n\nOur board would like a free consultation about moving our community over.\n\nCommunity name:\nNumber of units:\nCurrent management company:\n',
  },
  boardPresentation: {
    subject: 'Board Presentation Request',
    body: 'Hello,\n\nWe would like to schedule a presentation for our board.\n\nCommunity name:\nNumber of units:\nPreferred dates:\n',
  },
} as const;
