import type { NotifyEvent } from '../notifications/notify.ts';

/**
 * The account's security messages, told through notify() (modules/notifications): the e-mail adds the
 * greeting and the signature. Codes and one-time links are `isSecret` kinds, wiped once sent.
 */

type Site = { companyName: string; publicUrl: string };

const ifNotYou = 'If this was not you, reset your password at once and tell your administrator.';

const security = (
  title: string,
  body: string[],
  kind: NotifyEvent['kind'] = 'account.security',
): NotifyEvent => ({
  kind,
  propertyId: null,
  title,
  body: body.join('\n\n'),
});

export function passwordResetEvent(token: string, site: Site): NotifyEvent {
  return security(
    `Reset your ${site.companyName} password`,
    [
      'Someone (we hope you) asked to reset your password. Choose a new one with this link:',
      `${site.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
      'The link works once and expires in 1 hour. Setting a new password signs you out everywhere else. If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
    'account.password-reset',
  );
}

export function passwordChangedEvent(site: Site, at = new Date()): NotifyEvent {
  return security(`Your ${site.companyName} password was changed`, [
    `The password of your ${site.companyName} account was changed on ${at.toUTCString()}. Every other session was signed out.`,
    ifNotYou,
  ]);
}

export function signInCodeEvent(code: string, site: Site): NotifyEvent {
  return security(
    `${code} is your ${site.companyName} sign-in code`,
    [
      `Your code to sign in to ${site.companyName} is:`,
      code,
      'It works once and expires in 10 minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without the code.',
    ],
    'account.sign-in-code',
  );
}

export function newDeviceSignInEvent(
  device: { userAgent: string | undefined; ipAddress: string },
  site: Site,
  at = new Date(),
): NotifyEvent {
  return security(`New sign-in to your ${site.companyName} account`, [
    `Your account was signed in to from a browser we had not seen before, on ${at.toUTCString()}.\nBrowser: ${device.userAgent ?? 'unknown'}\nAddress: ${device.ipAddress}`,
    `If this was you, there is nothing to do. ${ifNotYou} You can sign out other devices in My Account.`,
  ]);
}

export function twoFactorChangedEvent(isEnabled: boolean, site: Site): NotifyEvent {
  return security(`Two-factor authentication was turned ${isEnabled ? 'on' : 'off'}`, [
    isEnabled
      ? `Two-factor authentication is now on for your ${site.companyName} account: signing in asks for a code from your authenticator app.`
      : `Two-factor authentication was turned off for your ${site.companyName} account: signing in now needs only your password.`,
    ifNotYou,
  ]);
}
