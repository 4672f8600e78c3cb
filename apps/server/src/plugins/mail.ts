import { randomBytes } from 'node:crypto';
import { link, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /**
   * The delivery's id (modules/notifications): it becomes the Message-ID, and in the outbox the file's
   * name, so sending the same delivery again after a crash writes nothing twice.
   */
  id?: string;
  /** When the delivery was queued: the outbox file is named by it, so the outbox sorts in that order. */
  queuedAt?: Date;
};
export type SendResult = { isDuplicate: boolean };
export type Mailer = {
  send: (message: MailMessage) => Promise<SendResult>;
  /** Where mail goes, for System Settings: never the password of the SMTP address. */
  readonly transport: 'smtp' | 'outbox';
};

const domainOf = (config: Config) => new URL(config.publicUrl).hostname || 'commonwise.local';

/**
 * Sends mail through SMTP when SMTP_URL is set; otherwise writes each message as an .eml file to the
 * outbox folder under the data directory (and says so in the log), so mail works on a laptop.
 */
export function createMailer(config: Config, log: (message: string) => void): Mailer {
  const messageIdOf = (message: MailMessage) =>
    message.id ? `<${message.id}@${domainOf(config)}>` : undefined;
  const envelope = (message: MailMessage) => ({
    from: config.mail.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.headers ? { headers: message.headers } : {}),
    ...(messageIdOf(message) ? { messageId: messageIdOf(message) } : {}),
  });
  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    return {
      transport: 'smtp',
      async send(message) {
        // A server that took the message but whose answer was lost sees it again with the same
        // Message-ID, which receiving systems use to drop the copy.
        await transport.sendMail(envelope(message));
        return { isDuplicate: false };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    transport: 'outbox',
    async send(message) {
      // Named by when it was queued (or sent), so the outbox sorted by name is in order; a delivery's
      // id makes the name its own, so a second send of it finds the file there and writes nothing.
      const at = (message.queuedAt ?? new Date()).toISOString().replace(/[:.]/g, '-');
      const unique =
        message.id ?? `${String(sequence++ % 1_000_000).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
      const safeRecipient = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = join(config.mail.outboxDir, `${at}-${unique}-${safeRecipient}.eml`);
      const info = await transport.sendMail(envelope(message));
      await mkdir(config.mail.outboxDir, { recursive: true });
      // Written aside, then linked into place: whoever reads the outbox never sees half a message,
      // and link never replaces an existing file (rename would).
      const part = `${file}.${randomBytes(4).toString('hex')}.part`;
      await writeFile(part, info.message as Buffer, { flag: 'wx' });
      try {
        await link(part, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { isDuplicate: true };
        throw error;
      } finally {
        await rm(part, { force: true });
      }
      log(`Mail to ${message.to} ("${message.subject}") written to ${file}`);
      return { isDuplicate: false };
    },
  };
}
