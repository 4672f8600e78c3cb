import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The text of every mail in the outbox to this address, oldest first (quoted-printable soft breaks undone). */
export function mailsTo(outboxDir: string, email: string): string[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((name) => name.endsWith(`-${email}.eml`))
    .sort()
    .map((name) =>
      readFileSync(join(outboxDir, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
}

/** Waits (briefly) for the newest mail to an address: some mails are sent without holding up the answer. */
export async function latestMailTo(outboxDir: string, email: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(outboxDir, email);
    if (mails.length > 0) return mails.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} in ${outboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function linkToken(mail: string, path: '/invite/' | '/reset-password?token='): string {
  const escaped = path.replace(/[?]/g, '\\?');
  const match = new RegExp(`${escaped}([A-Za-z0-9_%-]+)`).exec(mail);
  if (!match) throw new Error(`no ${path} link in the mail:\n${mail}`);
  return decodeURIComponent(match[1]!);
}
