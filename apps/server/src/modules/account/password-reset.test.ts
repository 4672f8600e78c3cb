import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { latestMailTo, linkToken, mailsTo } from '../../test/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const requestReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
const resetPassword = (token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

describe('forgot password', () => {
  it('answers the same whether or not the address has an account', async () => {
    const known = await requestReset('board@commonwise.test');
    const unknown = await requestReset('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await latestMailTo(t.config.mail.outboxDir, 'board@commonwise.test');
    expect(mailsTo(t.config.mail.outboxDir, 'nobody-here@example.com')).toEqual([]);
  });

  it('resets with the e-mailed link, once, ends every session, and tells the user', async () => {
    const email = 'vendor@commonwise.test';
    const oldSession = await t.signIn(email);
    await requestReset(email);
    const token = linkToken(await latestMailTo(t.config.mail.outboxDir, email), '/reset-password?token=');

    const reset = await resetPassword(token, 'vendor-new-password');
    expect(reset.statusCode).toBe(200);
    expect((await injectAs(t.app, oldSession, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    await expect(t.signIn(email, 'vendor-new-password')).resolves.toBeTruthy();
    await expect(t.signIn(email)).rejects.toThrow(/401/);

    const again = await resetPassword(token, 'someone-elses-password');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_TOKEN');

    const mails = mailsTo(t.config.mail.outboxDir, email);
    expect(mails.some((mail) => mail.includes('Subject: Your Commonwise password was changed'))).toBe(true);
  });

  it('refuses an expired link', async () => {
    const email = 'developer@commonwise.test';
    await requestReset(email);
    const token = linkToken(await latestMailTo(t.config.mail.outboxDir, email), '/reset-password?token=');
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
