import type { NotifyEvent } from '../notifications/notify.ts';

/**
 * The invitation, told through notify() (the e-mail adds the greeting and the signature). `vendor`: a
 * manager invites one of a vendor company's people (issue 24), who come for their assigned work, not for
 * an association's portal.
 */
export function invitationEvent(
  link: { token: string; expiresAt: Date },
  site: { companyName: string; publicUrl: string },
  vendor?: { invitedBy: string; companyName: string },
): NotifyEvent {
  const opening = vendor
    ? `${vendor.invitedBy} has invited you to ${site.companyName} as one of ${vendor.companyName}'s people: there you will see the work orders assigned to you, talk with the residents and managers in each work room, and keep your company's insurance and licence up to date. Set your password with this link to get started:`
    : `An administrator has invited you to ${site.companyName}, your association's management portal. Set your password with this link to get started:`;
  return {
    kind: 'account.invitation',
    propertyId: null,
    title: `You are invited to ${site.companyName}`,
    body: [
      opening,
      `${site.publicUrl}/invite/${link.token}`,
      `The link works once and expires on ${link.expiresAt.toUTCString()}. If you were not expecting this, you can ignore this e-mail.`,
    ].join('\n\n'),
  };
}
