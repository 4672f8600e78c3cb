import { scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, profiles } from '../db/schema/index.ts';
import { demoPassword } from '../modules/auth/demo-accounts.ts';
import { maxFailuresPerAccount } from '../modules/auth/sign-in-limiter.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Sign-in abuse (issue 11). Cookie flags, sign-out and deactivation closing sockets are proven in
 * modules/auth/auth.routes.test.ts and modules/realtime/realtime.routes.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const signIn = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress,
  });

describe('a password-guessing attack on one account', () => {
  const email = 'resident@commonwise.test';

  it('lets at most 5 of 200 guesses from 20 addresses through to a password check', async () => {
    const statuses: number[] = [];
    // Ten waves of twenty concurrent guesses, one from each address.
    for (let wave = 0; wave < 10; wave++) {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, address) =>
          signIn(email, `guess-${wave}-${address}`, `192.0.2.${address + 1}`),
        ),
      );
      statuses.push(...responses.map((response) => response.statusCode));
    }
    expect(statuses).toHaveLength(200);
    expect(statuses.filter((status) => status === 401)).toHaveLength(maxFailuresPerAccount);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - maxFailuresPerAccount);
  });

  it('keeps the real user out while the lock lasts, and lets them in once it has expired', async () => {
    expect((await signIn(email, demoPassword, '198.51.100.7')).statusCode).toBe(429);
    await t.database.db.execute(
      sql`update sign_in_attempts set created_at = created_at - interval '16 minutes'`,
    );
    expect((await signIn(email, demoPassword, '198.51.100.7')).statusCode).toBe(200);
  });
});

describe('stored passwords', () => {
  const scryptAsync = promisify(scrypt) as (
    password: string,
    salt: string,
    length: number,
    options: { N: number; r: number; p: number; maxmem: number },
  ) => Promise<Buffer>;

  it('are scrypt hashes (N=16384, r=16, p=1) with a salt of their own, never the password', async () => {
    const rows = await t.database.db
      .select({ email: profiles.email, password: accounts.password })
      .from(accounts)
      .innerJoin(profiles, eq(profiles.id, accounts.userId))
      .where(eq(accounts.providerId, 'credential'));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const salts = new Set<string>();
    for (const row of rows) {
      expect(row.password, row.email).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(row.password).not.toContain(demoPassword);
      const [salt, key] = row.password!.split(':') as [string, string];
      salts.add(salt);
      // The stored key is what the slow function derives from the password: proof of the cost used.
      const derived = await scryptAsync(demoPassword, salt, 64, {
        N: 16384,
        r: 16,
        p: 1,
        maxmem: 128 * 16384 * 16 * 2,
      });
      expect(derived.toString('hex'), row.email).toBe(key);
    }
    expect(salts.size).toBe(rows.length);
  });
});
