import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';

export type MailMessage = { to: string; subject: string; text: string };
export type Mailer = { send: (message: MailMessage) => Promise<void> };

/**
 * Sends mail through SMTP when SMTP_URL is set; otherwise writes each message as an .eml file to the
 * outbox folder under the data directory (and says so in the log), so invitations work on a laptop.
 */
export function createMailer(config: Config, log: (message: string) => void): Mailer {
  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: config.mail.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mail.from, ...message });
      await mkdir(config.mail.outboxDir, { recursive: true });
      const safeRecipient = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = join(
        config.mail.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeRecipient}.eml`,
      );
      // Written aside, then renamed: whoever reads the outbox never sees half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      log(`Mail to ${message.to} ("${message.subject}") written to ${file}`);
    },
  };
}
