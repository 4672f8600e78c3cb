import type { NotifyEvent } from '../notifications/notify.ts';

/** The invitation, told through notify() (the e-mail adds the greeting and the signature). */
export function invitationEvent(
  link: { token: string; expiresAt: Date },
  site: { companyName: string; publicUrl: string },
): NotifyEvent {
  return {
    kind: 'account.invitation',
    propertyId: null,
    title: `You are invited to ${site.companyName}`,
    body: [
      `An administrator has invited you to ${site.companyName}, your association's management portal. Set your password with this link to get started:`,
      `${site.publicUrl}/invite/${link.token}`,
      `The link works once and expires on ${link.expiresAt.toUTCString()}. If you were not expecting this, you can ignore this e-mail.`,
    ].join('\n\n'),
  };
}
