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
