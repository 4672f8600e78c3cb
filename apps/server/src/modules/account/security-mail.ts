import type { MailMessage } from '../../plugins/mail.ts';

type Site = { companyName: string; publicUrl: string };
type Person = { email: string; name: string };

const signature = (site: Site) => ['', `— ${site.companyName}`, site.publicUrl].join('\n');
const ifNotYou = 'If this was not you, reset your password at once and tell your administrator.';

export function passwordResetMessage(person: Person, token: string, site: Site): MailMessage {
  return {
    to: person.email,
    subject: `Reset your ${site.companyName} password`,
    text: [
      `Hello ${person.name},`,
      '',
      'Someone (we hope you) asked to reset your password. Choose a new one with this link:',
      '',
      `${site.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
      '',
      'The link works once and expires in 1 hour. Setting a new password signs you out everywhere else.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      signature(site),
    ].join('\n'),
  };
}

export function passwordChangedMessage(person: Person, site: Site): MailMessage {
  return {
    to: person.email,
    subject: `Your ${site.companyName} password was changed`,
    text: [
      `Hello ${person.name},`,
      '',
      `The password of your ${site.companyName} account was changed on ${new Date().toUTCString()}.`,
      'Every other session was signed out.',
      ifNotYou,
      signature(site),
    ].join('\n'),
  };
}

export function signInCodeMessage(email: string, code: string, site: Site): MailMessage {
  return {
    to: email,
    subject: `${code} is your ${site.companyName} sign-in code`,
    text: [
      'Hello,',
      '',
      `Your code to sign in to ${site.companyName} is:`,
      '',
      `    ${code}`,
      '',
      'It works once and expires in 10 minutes.',
      'If you did not ask for it, ignore this e-mail: nobody can sign in without the code.',
      signature(site),
    ].join('\n'),
  };
}

export function newDeviceSignInMessage(
  person: Person,
  device: { userAgent: string | undefined; ipAddress: string },
  site: Site,
): MailMessage {
  return {
    to: person.email,
    subject: `New sign-in to your ${site.companyName} account`,
    text: [
      `Hello ${person.name},`,
      '',
      `Your account was signed in to from a browser we had not seen before, on ${new Date().toUTCString()}.`,
      `Browser: ${device.userAgent ?? 'unknown'}`,
      `Address: ${device.ipAddress}`,
      '',
      'If this was you, there is nothing to do.',
      `${ifNotYou} You can sign out other devices in My Account.`,
      signature(site),
    ].join('\n'),
  };
}

export function twoFactorChangedMessage(person: Person, isEnabled: boolean, site: Site): MailMessage {
  return {
    to: person.email,
    subject: `Two-factor authentication was turned ${isEnabled ? 'on' : 'off'}`,
    text: [
      `Hello ${person.name},`,
      '',
      isEnabled
        ? `Two-factor authentication is now on for your ${site.companyName} account: signing in asks for a code from your authenticator app.`
        : `Two-factor authentication was turned off for your ${site.companyName} account: signing in now needs only your password.`,
      ifNotYou,
      signature(site),
    ].join('\n'),
  };
}
