import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { mailsTo } from '../../test/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const signInFrom = (email: string, userAgent: string, deviceCookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { 'user-agent': userAgent, ...(deviceCookie ? { cookie: deviceCookie } : {}) },
    payload: { email, password: 'commonwise-demo' },
  });
const cookiesOf = (response: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((response.headers['set-cookie'] as string | string[]) ?? []);
const session = (response: { headers: Record<string, unknown> }) =>
  cookiesOf(response)
    .find((c) => c.startsWith('better-auth.session_token='))!
    .split(';')[0]!;
const device = (response: { headers: Record<string, unknown> }) =>
  cookiesOf(response)
    .find((c) => c.startsWith('cw_device='))!
    .split(';')[0]!;

describe('sessions in My Account', () => {
  it('lists the devices, signs out one, and everywhere else', async () => {
    const email = 'resident2@commonwise.test';
    const laptop = await signInFrom(email, 'Laptop Firefox');
    const phone = await signInFrom(email, 'Phone Safari');
    const tablet = await signInFrom(email, 'Tablet Chrome');
    const list = (await injectAs(t.app, session(laptop), { method: 'GET', url: '/api/me/sessions' })).json();
    expect(list.sessions.map((s: { userAgent: string }) => s.userAgent).sort()).toEqual([
      'Laptop Firefox',
      'Phone Safari',
      'Tablet Chrome',
    ]);
    const current = list.sessions.filter((s: { isCurrent: boolean }) => s.isCurrent);
    expect(current.map((s: { userAgent: string }) => s.userAgent)).toEqual(['Laptop Firefox']);

    const phoneSession = list.sessions.find((s: { userAgent: string }) => s.userAgent === 'Phone Safari');
    // The phone is in use (and so in the server's short session cache) when it is signed out.
    expect((await injectAs(t.app, session(phone), { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    const ended = await injectAs(t.app, session(laptop), {
      method: 'DELETE',
      url: `/api/me/sessions/${phoneSession.id}`,
    });
    expect(ended.statusCode).toBe(204);
    expect((await injectAs(t.app, session(phone), { method: 'GET', url: '/api/me' })).statusCode).toBe(401);

    const self = list.sessions.find((s: { isCurrent: boolean }) => s.isCurrent);
    const refused = await injectAs(t.app, session(laptop), {
      method: 'DELETE',
      url: `/api/me/sessions/${self.id}`,
    });
    expect(refused.statusCode).toBe(409);

    const others = await injectAs(t.app, session(laptop), {
      method: 'POST',
      url: '/api/me/sessions/revoke-others',
    });
    expect(others.json()).toEqual({ signedOut: 1 });
    expect((await injectAs(t.app, session(tablet), { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await injectAs(t.app, session(laptop), { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });

  it('e-mails the person about a sign-in from a new browser, not about a known one', async () => {
    const email = 'manager2@commonwise.test';
    const newDeviceMails = async () =>
      (await mailsTo(t, email)).filter((m) => m.includes('New sign-in to your Commonwise account'));
    const first = await signInFrom(email, 'Home PC');
    expect(await newDeviceMails()).toHaveLength(0);
    await signInFrom(email, 'Home PC', device(first));
    expect(await newDeviceMails()).toHaveLength(0);
    await signInFrom(email, 'Hotel kiosk');
    expect(await newDeviceMails()).toHaveLength(1);
    expect((await newDeviceMails())[0]).toContain('Browser: Hotel kiosk');
  });
});
