import { randomBytes } from 'node:crypto';
import { link, mkdir, rm, writeFile } from 'node:fs/promises';
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
  let sequence = 0;
  return {
    async send(message) {
      // Named when sent, not when written: the outbox, sorted by name, is in sending order. The
      // sequence tells apart messages of one millisecond, the random part those of other processes
      // (the server and its workers share the outbox).
      const sentAt = new Date().toISOString().replace(/[:.]/g, '-');
      const order = String(sequence++ % 1_000_000).padStart(6, '0');
      const safeRecipient = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = join(
        config.mail.outboxDir,
        `${sentAt}-${order}-${randomBytes(4).toString('hex')}-${safeRecipient}.eml`,
      );
      const info = await transport.sendMail({ from: config.mail.from, ...message });
      await mkdir(config.mail.outboxDir, { recursive: true });
      // Written aside, then linked into place: whoever reads the outbox never sees half a message,
      // and neither step ever replaces an existing file ('wx', and link fails where rename would not).
      await writeFile(`${file}.part`, info.message as Buffer, { flag: 'wx' });
      await link(`${file}.part`, file);
      await rm(`${file}.part`);
      log(`Mail to ${message.to} ("${message.subject}") written to ${file}`);
    },
  };
}
