import type { User } from '@commonwise/contracts';
import type { MailMessage } from '../../plugins/mail.ts';

export function invitationMessage(
  user: User,
  link: { token: string; expiresAt: Date },
  site: { companyName: string; publicUrl: string },
): MailMessage {
  const url = `${site.publicUrl}/invite/${link.token}`;
  const expires = link.expiresAt.toUTCString();
  return {
    to: user.email,
    subject: `You are invited to ${site.companyName}`,
    text: [
      `Hello ${user.fullName},`,
      '',
      `An administrator has invited you to ${site.companyName}, your association's management portal.`,
      'Set your password with this link to get started:',
      '',
      url,
      '',
      `The link works once and expires on ${expires}.`,
      'If you were not expecting this, you can ignore this e-mail.',
    ].join('\n'),
  };
}
