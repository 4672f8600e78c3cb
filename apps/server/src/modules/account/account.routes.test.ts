import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, profiles } from '../../db/schema/index.ts';
import { createTestApp, injectAs, sessionCookieOf, type TestApp } from '../../test/test-app.ts';
import { demoPassword } from '../auth/demo-accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('my account', () => {
  it('shows the signed-in person', async () => {
    const cookie = await t.cookieFor('vendor');
    const response = await injectAs(t.app, cookie, { method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: 'vendor@commonwise.test',
      fullName: 'Victor Ortiz',
      role: 'vendor',
    });
  });

  it('changes the name, trimmed, and refuses an empty one with a message on the field', async () => {
    const cookie = await t.cookieFor('board');
    const renamed = await injectAs(t.app, cookie, {
      method: 'PATCH',
      url: '/api/me',
      payload: { fullName: '  Bea Hall ' },
    });
    expect(renamed.json().fullName).toBe('Bea Hall');
    const empty = await injectAs(t.app, cookie, {
      method: 'PATCH',
      url: '/api/me',
      payload: { fullName: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ fullName: 'Please enter your name' });
  });

  it('cannot change its own role through the profile', async () => {
    const cookie = await t.cookieFor('resident');
    await injectAs(t.app, cookie, {
      method: 'PATCH',
      url: '/api/me',
      payload: { fullName: 'Ryan', role: 'admin' },
    });
    const [row] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'resident@commonwise.test'));
    expect(row!.role).toBe('resident');
  });

  it('refuses a wrong current password', async () => {
    const cookie = await t.cookieFor('developer');
    const response = await injectAs(t.app, cookie, {
      method: 'POST',
      url: '/api/me/password',
      payload: { currentPassword: 'not-my-password', newPassword: 'a-new-password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Your current password is not correct.');
  });

  it('locks after 5 wrong current passwords in 15 minutes: a stolen session cannot guess the password', async () => {
    const email = 'resident2@commonwise.test';
    const cookie = await t.signIn(email);
    const change = (currentPassword: string) =>
      injectAs(t.app, cookie, {
        method: 'POST',
        url: '/api/me/password',
        payload: { currentPassword, newPassword: 'a-new-password' },
      });
    for (let guess = 1; guess <= 5; guess++) expect((await change(`guess-${guess}`)).statusCode).toBe(400);

    const locked = await change(demoPassword);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe('Too many wrong passwords. Try again in 15 minutes.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The lock is the account's, shared with sign-in: the guesses do not restart at the sign-in form.
    await expect(t.signIn(email)).rejects.toThrow(/429/);

    await t.database.db.execute(
      sql`update sign_in_attempts set created_at = created_at - interval '16 minutes' where email = ${email}`,
    );
    expect((await change(demoPassword)).statusCode).toBe(200);
  });

  it('changes the password, stored only as a slow hash, and signs out every other session', async () => {
    const thisDevice = await t.signIn('manager2@commonwise.test');
    const otherDevice = await t.signIn('manager2@commonwise.test');
    expect((await injectAs(t.app, otherDevice, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    const response = await injectAs(t.app, thisDevice, {
      method: 'POST',
      url: '/api/me/password',
      payload: { currentPassword: demoPassword, newPassword: 'brand-new-secret' },
    });
    expect(response.statusCode).toBe(200);
    const renewed = sessionCookieOf(response);
    expect((await injectAs(t.app, renewed, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect((await injectAs(t.app, otherDevice, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);

    const [credential] = await t.database.db
      .select({ password: accounts.password })
      .from(accounts)
      .innerJoin(profiles, eq(profiles.id, accounts.userId))
      .where(eq(profiles.email, 'manager2@commonwise.test'));
    expect(credential!.password).not.toContain('brand-new-secret');
    expect(credential!.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/); // scrypt salt:key

    await expect(t.signIn('manager2@commonwise.test')).rejects.toThrow(/401/);
    await expect(t.signIn('manager2@commonwise.test', 'brand-new-secret')).resolves.toBeTruthy();
  });
});
