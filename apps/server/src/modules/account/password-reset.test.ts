import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { latestMailTo, linkToken, mailsTo } from '../../test/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Asks for a reset link, then runs the job that makes and mails it, as a worker would. */
async function requestReset(email: string, remoteAddress = '127.0.0.1') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email },
    remoteAddress,
  });
  await t.app.jobs.runDue();
  return response;
}
const resetPassword = (token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

/** The token of the n-th reset e-mail to an address (1 = the first), once it has been written. */
async function nthResetToken(email: string, n: number): Promise<string> {
  const deadline = Date.now() + 5000;
  while ((await mailsTo(t, email)).length < n) {
    if (Date.now() > deadline) throw new Error(`no reset e-mail number ${n} to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return linkToken((await mailsTo(t, email))[n - 1]!, '/reset-password?token=');
}

/** A 429's body without what differs between any two answers (its request id, the second it was made). */
function refusal(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  const { requestId, retryAfter, ...rest } = response.json().error;
  expect(requestId).toBeTruthy();
  expect(retryAfter).toBeGreaterThan(14 * 60);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(response.headers['retry-after']).toBe(String(retryAfter));
  return { status: response.statusCode, ...rest };
}

describe('forgot password', () => {
  it('answers the same whether or not the address has an account', async () => {
    const known = await requestReset('board@commonwise.test');
    const unknown = await requestReset('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await latestMailTo(t, 'board@commonwise.test');
    expect(await mailsTo(t, 'nobody-here@example.com')).toEqual([]);
  });

  it('resets with the e-mailed link, once, ends every session, and tells the user', async () => {
    const email = 'vendor@commonwise.test';
    const oldSession = await t.signIn(email);
    await requestReset(email);
    const token = linkToken(await latestMailTo(t, email), '/reset-password?token=');

    const reset = await resetPassword(token, 'vendor-new-password');
    expect(reset.statusCode).toBe(200);
    expect((await injectAs(t.app, oldSession, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    await expect(t.signIn(email, 'vendor-new-password')).resolves.toBeTruthy();
    await expect(t.signIn(email)).rejects.toThrow(/401/);

    const again = await resetPassword(token, 'someone-elses-password');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_TOKEN');

    const mails = await mailsTo(t, email);
    expect(mails.some((mail) => mail.includes('Subject: Your Commonwise password was changed'))).toBe(true);
  });

  it('refuses an expired link', async () => {
    const email = 'developer@commonwise.test';
    await requestReset(email);
    const token = linkToken(await latestMailTo(t, email), '/reset-password?token=');
    await t.database.db.execute(sql`update verifications set expires_at = now() - interval '1 second'`);
    const reset = await resetPassword(token, 'too-late-password');
    expect(reset.statusCode).toBe(400);
    await expect(t.signIn(email)).resolves.toBeTruthy();
  });

  it('checks the new password length', async () => {
    const reset = await resetPassword('whatever-token', '123');
    expect(reset.statusCode).toBe(400);
  });
});

describe('asking for reset links', () => {
  it('gives an address 3 links in 15 minutes, from any client, and answers one without an account the same', async () => {
    const known = 'manager@commonwise.test';
    const unknown = 'no-account-here@example.com';
    for (const email of [known, unknown]) {
      for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
        expect((await requestReset(email, client)).statusCode).toBe(200);
      }
    }
    const knownRefused = await requestReset(known, '198.51.100.4');
    const unknownRefused = await requestReset(unknown, '198.51.100.4');
    expect(refusal(knownRefused)).toEqual({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many password reset requests. Try again in 15 minutes.',
    });
    expect(refusal(unknownRefused)).toEqual(refusal(knownRefused));
    // The refused request made no link.
    await nthResetToken(known, 3);
    expect(await mailsTo(t, known)).toHaveLength(3);
  });

  it('gives one client address 20 requests in 15 minutes, whichever addresses they are for', async () => {
    const client = '203.0.113.20';
    for (let i = 0; i < 20; i++) {
      expect((await requestReset(`someone-${i}@example.com`, client)).statusCode).toBe(200);
    }
    const refused = await requestReset('resident2@commonwise.test', client);
    expect(refusal(refused)).toEqual({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many password reset requests. Try again in 15 minutes.',
    });
    expect((await requestReset('resident2@commonwise.test', '203.0.113.21')).statusCode).toBe(200);
  });

  it('ends the older links when a new one is asked for: only the newest works', async () => {
    const email = 'manager2@commonwise.test';
    await requestReset(email, '192.0.2.30');
    const first = await nthResetToken(email, 1);
    await requestReset(email, '192.0.2.30');
    const second = await nthResetToken(email, 2);
    expect(second).not.toBe(first);

    const withFirst = await resetPassword(first, 'from-the-first-link');
    expect(withFirst.statusCode).toBe(400);
    expect(withFirst.json().error.message).toBe('This link is invalid or has expired. Ask for a new one.');
    expect((await resetPassword(second, 'from-the-second-link')).statusCode).toBe(200);
    await expect(t.signIn(email, 'from-the-second-link')).resolves.toBeTruthy();
  });

  it('answers before the link is made: a failure making it does not show in the answer', async () => {
    // Making any reset link fails, as it would with the database or mail server in trouble.
    await t.database.db.execute(sql`
      create function refuse_reset_links() returns trigger language plpgsql as $$
      begin
        if new.identifier like 'reset-password:%' then raise exception 'no reset links today'; end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_reset_links before insert on verifications
      for each row execute function refuse_reset_links()`);
    try {
      const known = await requestReset('resident@commonwise.test', '192.0.2.40');
      const unknown = await requestReset('nobody-at-all@example.com', '192.0.2.40');
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_reset_links on verifications`);
      await t.database.db.execute(sql`drop function refuse_reset_links`);
    }
  });
});
