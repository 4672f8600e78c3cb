import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, sessionCookieOf, type TestApp } from '../../test/test-app.ts';
import { demoPassword } from './demo-accounts.ts';
import { maxFailuresPerAccount, maxFailuresPerAddress } from './sign-in-limiter.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const signIn = (email: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress,
  });

describe('sign-in', () => {
  it('signs a demo account in with an httpOnly, SameSite=Lax session cookie', async () => {
    const response = await signIn('board@commonwise.test', demoPassword);
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/better-auth\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    const me = await injectAs(t.app, sessionCookieOf(response), { method: 'GET', url: '/api/me' });
    expect(me.json()).toMatchObject({
      email: 'board@commonwise.test',
      fullName: 'Beatrice Hall',
      role: 'board',
    });
  });

  it('answers a wrong password with the message the sign-in page shows', async () => {
    const response = await signIn('developer@commonwise.test', 'not-the-password', '10.0.0.2');
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
  });

  it('validates the form fields with the spec messages and does not count that as a failed attempt', async () => {
    const response = await signIn('not-an-email', '123');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      email: 'Please enter a valid email',
      password: 'Password must be at least 6 characters',
    });
  });

  it('locks an account after 5 failures in 15 minutes from any address, says when to retry, and lifts the lock after', async () => {
    const email = 'resident2@commonwise.test';
    for (let attempt = 1; attempt <= maxFailuresPerAccount; attempt++) {
      expect((await signIn(email, 'wrong-password', `10.1.0.${attempt}`)).statusCode).toBe(401);
    }
    const locked = await signIn(email, demoPassword, '10.1.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(locked.json().error.message).toMatch(
      /^Too many failed sign-in attempts\. Try again in 1[45] minutes\.$/,
    );
    expect(locked.json().error.retryAfter).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBe(locked.json().error.retryAfter);

    // Fifteen minutes later the real user gets in again.
    await t.database.db.execute(
      sql`update sign_in_attempts set created_at = created_at - interval '16 minutes'`,
    );
    expect((await signIn(email, demoPassword, '10.1.1.1')).statusCode).toBe(200);
  });

  it('limits failures per address, whatever the account', async () => {
    const address = '10.2.0.1';
    for (let attempt = 0; attempt < maxFailuresPerAddress; attempt++) {
      await signIn(`nobody-${attempt}@example.com`, 'wrong-password', address);
    }
    const blocked = await signIn('manager2@commonwise.test', demoPassword, address);
    expect(blocked.statusCode).toBe(429);
    expect((await signIn('manager2@commonwise.test', demoPassword, '10.2.0.2')).statusCode).toBe(200);
  });

  it('counts concurrent wrong guesses exactly', async () => {
    const email = 'vendor@commonwise.test';
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => signIn(email, 'wrong-password', `10.3.0.${index}`)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(maxFailuresPerAccount);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - maxFailuresPerAccount);
  });
});

describe('sign-out and sessions', () => {
  it('ends the session on the server', async () => {
    const cookie = await t.signIn('admin@commonwise.test');
    // A request first, so the session is in the server's short-lived cache when it ends.
    expect((await injectAs(t.app, cookie, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    const signOut = await injectAs(t.app, cookie, { method: 'POST', url: '/api/auth/sign-out', payload: {} });
    expect(signOut.statusCode).toBe(200);
    const me = await injectAs(t.app, cookie, { method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(401);
  });

  it('ends a session when it expires', async () => {
    const cookie = await t.signIn('developer@commonwise.test');
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second'
          where user_id = (select id from profiles where email = 'developer@commonwise.test')`,
    );
    expect((await injectAs(t.app, cookie, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it('marks the cookie Secure when the public address is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://hoa.example.com' });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'admin@commonwise.test', password: demoPassword },
      });
      expect(String(response.headers['set-cookie'])).toMatch(/__Secure-better-auth\.session_token=.*Secure/);
    } finally {
      await secure.close();
    }
  });

  it('keeps better-auth endpoints we do not offer unreachable, such as self sign-up', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'intruder@example.com', password: 'password123', name: 'Intruder' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('demo accounts', () => {
  it('are listed in demo mode with their shared password', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/demo-accounts' })).json();
    expect(body.enabled).toBe(true);
    expect(body.password).toBe('commonwise-demo');
    expect(body.accounts.map((account: { email: string }) => account.email)).toEqual(
      expect.arrayContaining([
        'admin@commonwise.test',
        'manager@commonwise.test',
        'resident@commonwise.test',
        'vendor@commonwise.test',
        'board@commonwise.test',
        'developer@commonwise.test',
      ]),
    );
  });

  it('are hidden outside demo mode', async () => {
    const production = await createTestApp({ SEED_DEMO: 'false' });
    try {
      const body = (await production.app.inject({ method: 'GET', url: '/api/demo-accounts' })).json();
      expect(body).toEqual({ enabled: false, accounts: [] });
    } finally {
      await production.close();
    }
  });
});
