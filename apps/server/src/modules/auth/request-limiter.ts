import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { signInCodeResendSeconds } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

/** A limit on asking for something to be e-mailed: per e-mail address and per client address, in a window. */
export type RequestLimit = {
  /** Starts the identifiers of its markers in `verifications`. */
  name: string;
  windowMinutes: number;
  perAccount: number;
  perAddress: number;
  /** Says what was asked too often, as in "Too many {what}. Try again in 5 minutes." */
  what: string;
  /** Least time between two requests for one e-mail address, and the answer within it. */
  spacing?: { seconds: number; refuse: (wait: number) => AppError };
};

/** E-mailed sign-in codes: one a minute, at most 5 in 15 minutes per address, 20 per client address. */
export const signInCodeLimit: RequestLimit = {
  name: 'sign-in-code-limit',
  windowMinutes: 15,
  perAccount: 5,
  perAddress: 20,
  what: 'sign-in codes asked for',
  spacing: {
    seconds: signInCodeResendSeconds,
    refuse: (wait) =>
      new AppError(
        429,
        'CODE_RECENTLY_SENT',
        `A code was sent a moment ago. You can ask for a new one in ${wait} ${wait === 1 ? 'second' : 'seconds'}.`,
        { retryAfter: wait },
      ),
  },
};

/** Password-reset links: at most 3 in 15 minutes per address, 20 per client address. */
export const passwordResetLimit: RequestLimit = {
  name: 'password-reset-limit',
  windowMinutes: 15,
  perAccount: 3,
  perAddress: 20,
  what: 'password reset requests',
};

type Row = Record<string, unknown>;
function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * Counts a request against both limits, or throws a 429 that says when to try again (a refused request
 * is not counted). Markers are kept for every e-mail address, with or without an account, so the
 * answers never tell which addresses have one; they live in the database, so every server process
 * shares them, and are counted under locks so concurrent requests cannot slip past.
 */
export async function reserveRequest(
  db: Db,
  limit: RequestLimit,
  email: string,
  ipAddress: string,
): Promise<void> {
  const accountKey = `${limit.name}:account:${email.trim().toLowerCase()}`;
  const addressKey = `${limit.name}:address:${ipAddress}`;
  await db.transaction(async (tx) => {
    // Always the account's lock first, then the address's: two requests never hold one each and wait.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${accountKey}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${addressKey}))`);
    await tx.execute(
      sql`delete from verifications where identifier in (${accountKey}, ${addressKey}) and expires_at <= now()`,
    );
    // Each marker expires when it leaves the window: the oldest one's expiry is when a place frees up.
    const [counts] = rowsOf(
      await tx.execute(sql`
        select
          count(*) filter (where identifier = ${accountKey})::int as account_count,
          ceil(extract(epoch from min(expires_at) filter (where identifier = ${accountKey}) - now()))::int
            as account_wait,
          ceil(extract(epoch from max(created_at) filter (where identifier = ${accountKey})
            + make_interval(secs => ${limit.spacing?.seconds ?? 0}) - now()))::int as spacing_wait,
          count(*) filter (where identifier = ${addressKey})::int as address_count,
          ceil(extract(epoch from min(expires_at) filter (where identifier = ${addressKey}) - now()))::int
            as address_wait
        from verifications where identifier in (${accountKey}, ${addressKey})`),
    );
    const spacingWait = Number(counts?.spacing_wait ?? 0);
    if (limit.spacing && spacingWait > 0) throw limit.spacing.refuse(spacingWait);
    if (Number(counts?.account_count ?? 0) >= limit.perAccount)
      throw tooMany(limit, Number(counts?.account_wait));
    if (Number(counts?.address_count ?? 0) >= limit.perAddress)
      throw tooMany(limit, Number(counts?.address_wait));
    for (const identifier of [accountKey, addressKey]) {
      await tx.execute(
        sql`insert into verifications (id, identifier, value, expires_at, created_at, updated_at)
            values (${randomUUID()}, ${identifier}, 'requested',
                    now() + make_interval(mins => ${limit.windowMinutes}), now(), now())`,
      );
    }
  });
}

function tooMany(limit: RequestLimit, wait: number): AppError {
  const retryAfter = Math.max(1, wait || 0);
  const minutes = Math.ceil(retryAfter / 60);
  return new AppError(
    429,
    'TOO_MANY_REQUESTS',
    `Too many ${limit.what}. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    { retryAfter },
  );
}
