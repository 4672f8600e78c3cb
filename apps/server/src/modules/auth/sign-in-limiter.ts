import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

export const signInWindowMinutes = 15;
/** Failed sign-ins allowed per account in the window (counted since its last successful sign-in). */
export const maxFailuresPerAccount = 5;
/** Failed sign-ins allowed per client address in the window, whatever the account. */
export const maxFailuresPerAddress = 20;

type Row = Record<string, unknown>;
function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * Reserves a sign-in attempt, counted as failed until `markSucceeded`. Reserving before the password
 * is checked, under a per-account lock, keeps concurrent guesses from slipping past the limit.
 * Throws a 429 that says when the caller may try again.
 *
 * A signed-in person confirming their password (changing it, turning two-factor on or off, new backup
 * codes) is a `password-check`: it counts in the same place as sign-ins, so a stolen session gets no
 * more guesses than a stranger at the sign-in form, and a locked account is refused there as well.
 */
export async function reserveSignInAttempt(
  db: Db,
  email: string,
  ipAddress: string,
  purpose: 'sign-in' | 'password-check' = 'sign-in',
): Promise<string> {
  const normalised = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'sign-in:' + normalised}))`);
    const windowStart = sql`now() - make_interval(mins => ${signInWindowMinutes})`;
    const [counts] = rowsOf(
      await tx.execute(sql`
        select
          (select count(*)::int from sign_in_attempts
            where email = ${normalised} and not succeeded and created_at > ${windowStart}
              and created_at > coalesce((select max(created_at) from sign_in_attempts
                                         where email = ${normalised} and succeeded), '-infinity')) as account_failures,
          (select min(created_at) from sign_in_attempts
            where email = ${normalised} and not succeeded and created_at > ${windowStart}) as account_oldest,
          (select count(*)::int from sign_in_attempts
            where ip_address = ${ipAddress} and not succeeded and created_at > ${windowStart}) as address_failures,
          (select min(created_at) from sign_in_attempts
            where ip_address = ${ipAddress} and not succeeded and created_at > ${windowStart}) as address_oldest
      `),
    );
    const accountFailures = Number(counts?.account_failures ?? 0);
    const addressFailures = Number(counts?.address_failures ?? 0);
    if (accountFailures >= maxFailuresPerAccount) throw tooManyAttempts(counts?.account_oldest, purpose);
    if (addressFailures >= maxFailuresPerAddress) throw tooManyAttempts(counts?.address_oldest, purpose);
    const [inserted] = rowsOf(
      await tx.execute(sql`
        insert into sign_in_attempts (email, ip_address, succeeded)
        values (${normalised}, ${ipAddress}, false) returning id`),
    );
    return String(inserted?.id);
  });
}

export async function markSignInSucceeded(db: Db, attemptId: string, email: string): Promise<void> {
  const normalised = email.trim().toLowerCase();
  await db.execute(sql`update sign_in_attempts set succeeded = true where id = ${attemptId}`);
  // Old attempts have no further use once the account has signed in.
  await db.execute(
    sql`delete from sign_in_attempts where email = ${normalised} and created_at < now() - interval '1 day'`,
  );
}

/** An attempt that never reached the password check (bad request) must not count against the user. */
export async function releaseSignInAttempt(db: Db, attemptId: string): Promise<void> {
  await db.execute(sql`delete from sign_in_attempts where id = ${attemptId}`);
}

function tooManyAttempts(oldest: unknown, purpose: 'sign-in' | 'password-check'): AppError {
  const oldestAt =
    oldest instanceof Date ? oldest.getTime() : oldest ? new Date(String(oldest)).getTime() : Date.now();
  const retryAfter = Math.max(1, Math.ceil((oldestAt + signInWindowMinutes * 60_000 - Date.now()) / 1000));
  const minutes = Math.ceil(retryAfter / 60);
  return new AppError(
    429,
    'TOO_MANY_ATTEMPTS',
    `Too many ${purpose === 'sign-in' ? 'failed sign-in attempts' : 'wrong passwords'}. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    { retryAfter },
  );
}
