import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { signInCodeResendSeconds } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Allows one sign-in code per address per minute. The marker is kept for every address, with or
 * without an account, so the answer never tells which addresses have one.
 */
export async function reserveSignInCode(db: Db, email: string): Promise<void> {
  const identifier = `sign-in-code-throttle:${email.trim().toLowerCase()}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${identifier}))`);
    const result = await tx.execute(
      sql`select ceil(extract(epoch from expires_at - now()))::int as wait from verifications
          where identifier = ${identifier} and expires_at > now()`,
    );
    const wait = Number((result as unknown as { rows: { wait?: number }[] }).rows[0]?.wait ?? 0);
    if (wait > 0) {
      throw new AppError(
        429,
        'CODE_RECENTLY_SENT',
        `A code was sent a moment ago. You can ask for a new one in ${wait} ${wait === 1 ? 'second' : 'seconds'}.`,
        { retryAfter: wait },
      );
    }
    await tx.execute(sql`delete from verifications where identifier = ${identifier}`);
    await tx.execute(
      sql`insert into verifications (id, identifier, value, expires_at)
          values (${randomUUID()}, ${identifier}, 'sent', now() + make_interval(secs => ${signInCodeResendSeconds}))`,
    );
  });
}
