import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** A test app: mail goes out through its notification jobs (modules/notifications) into its outbox. */
type WithOutbox = { app: FastifyInstance; config: { mail: { outboxDir: string } } };

/**
 * The text of every mail in an outbox folder to this address, oldest first, readable: headers unfolded
 * with their encoded words decoded (a subject with quotes or accents), the body's quoted-printable undone.
 */
export function readOutbox(outboxDir: string, email: string): string[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((name) => name.endsWith(`-${email}.eml`))
    .sort()
    .map((name) => readable(readFileSync(join(outboxDir, name), 'utf8')));
}

function readable(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw
    .slice(0, split)
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?= =\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
  return `${head}${decodeQuotedPrintable(raw.slice(split))}`;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = Buffer.from(text.replace(/=\r?\n/g, ''), 'latin1').toString('latin1');
  return Buffer.from(
    bytes.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** Runs the jobs that are due (the delivery of queued mail among them) until none is left. */
export async function deliverDue(t: WithOutbox): Promise<void> {
  for (let round = 0; round < 20; round++) if ((await t.app.jobs.runDue(50)) === 0) return;
}

/** Every mail sent to this address so far, once what was due has been delivered. */
export async function mailsTo(t: WithOutbox, email: string): Promise<string[]> {
  await deliverDue(t);
  return readOutbox(t.config.mail.outboxDir, email);
}

/** Waits (briefly) for the newest mail to an address: some are queued after the answer (a job's job). */
export async function latestMailTo(t: WithOutbox, email: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(t, email);
    if (mails.length > 0) return mails.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} in ${t.config.mail.outboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function linkToken(mail: string, path: '/invite/' | '/reset-password?token='): string {
  const escaped = path.replace(/[?]/g, '\\?');
  const match = new RegExp(`${escaped}([A-Za-z0-9_%-]+)`).exec(mail);
  if (!match) throw new Error(`no ${path} link in the mail:\n${mail}`);
  return decodeURIComponent(match[1]!);
}
