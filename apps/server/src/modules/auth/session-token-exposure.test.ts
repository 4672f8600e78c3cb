import * as OTPAuth from 'otpauth';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, sessionCookieOf, type TestApp } from '../../test/test-app.ts';
import { latestMailTo } from '../../test/outbox.ts';
import { demoPassword } from './demo-accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: object, cookie?: string) =>
  injectAs(t.app, cookie, { method: 'POST', url, payload });

/** The session token itself: the part of the signed cookie value before its signature. */
function sessionTokenIn(response: LightMyRequestResponse): string {
  const cookie = sessionCookieOf(response);
  expect(cookie, 'a session cookie').toBeTruthy();
  return decodeURIComponent(cookie!.split('=')[1]!).split('.')[0]!;
}

/** Every key of a JSON value, however deep. */
function keysOf(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => [key, ...keysOf(item)]);
}

/** The answer says who signed in, but the session token travels only in the httpOnly cookie. */
function expectNoTokenIn(response: LightMyRequestResponse, token: string) {
  expect(response.statusCode).toBe(200);
  expect(token.length).toBeGreaterThan(10);
  expect(response.body).not.toContain(token);
  expect(keysOf(response.json())).not.toContain('token');
}

function challengeOf(response: LightMyRequestResponse): string {
  return String(response.headers['set-cookie']).match(/better-auth\.two_factor=[^;]+/)![0];
}

describe('answers of the sign-in endpoints', () => {
  it('carry no session token after a password sign-in, nor when reading the session', async () => {
    const signedIn = await post('/api/auth/sign-in/email', {
      email: 'board@commonwise.test',
      password: demoPassword,
    });
    const token = sessionTokenIn(signedIn);
    expectNoTokenIn(signedIn, token);
    expect(signedIn.json().user.email).toBe('board@commonwise.test');

    const session = await injectAs(t.app, sessionCookieOf(signedIn), {
      method: 'GET',
      url: '/api/auth/get-session',
    });
    expectNoTokenIn(session, token);
    expect(session.json()).toMatchObject({
      user: { email: 'board@commonwise.test' },
      session: { expiresAt: expect.any(String) },
    });
  });

  it('carry no session token after a sign-in with an e-mailed code', async () => {
    const email = 'vendor@commonwise.test';
    expect((await post('/api/auth/email-otp/send-verification-otp', { email })).statusCode).toBe(200);
    const otp = /Subject: (\d{6}) is your/.exec(await latestMailTo(t, email))![1]!;
    const signedIn = await post('/api/auth/sign-in/email-otp', { email, otp });
    expectNoTokenIn(signedIn, sessionTokenIn(signedIn));
  });

  it('carry no session token when two-factor is turned on, nor after either second step', async () => {
    const email = 'developer@commonwise.test';
    const cookie = await t.signIn(email);
    const enabled = await post('/api/auth/two-factor/enable', { password: demoPassword }, cookie);
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    const totp = OTPAuth.URI.parse(totpURI);
    const confirmed = await post('/api/auth/two-factor/verify-totp', { code: totp.generate() }, cookie);
    expectNoTokenIn(confirmed, sessionTokenIn(confirmed));

    const withCode = await post(
      '/api/auth/two-factor/verify-totp',
      { code: totp.generate() },
      challengeOf(await post('/api/auth/sign-in/email', { email, password: demoPassword })),
    );
    expectNoTokenIn(withCode, sessionTokenIn(withCode));

    const withBackupCode = await post(
      '/api/auth/two-factor/verify-backup-code',
      { code: backupCodes[0]! },
      challengeOf(await post('/api/auth/sign-in/email', { email, password: demoPassword })),
    );
    expectNoTokenIn(withBackupCode, sessionTokenIn(withBackupCode));
  });
});
