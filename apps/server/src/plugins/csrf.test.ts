import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles } from '../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let admin: string;
let ownOrigin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.cookieFor('admin');
  ownOrigin = new URL(t.config.publicUrl).origin;
});
let refusals = 0;
afterAll(async () => {
  // The figures docs/security.md quotes.
  console.info(JSON.stringify({ csrf: { writeRoutes: writeRoutes().length, refusals } }));
  await t.close();
});

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const fakeId = '00000000-0000-4000-8000-000000000000';

/** better-auth's write endpoints behind our /api/auth/* route (modules/auth/auth.routes.ts). */
const authWrites = [
  'sign-in/email',
  'sign-in/email-otp',
  'email-otp/send-verification-otp',
  'sign-out',
  'request-password-reset',
  'reset-password',
  'two-factor/enable',
  'two-factor/disable',
  'two-factor/verify-totp',
];

/**
 * The write routes that act on a signed token in the request and never on the session cookie, so they
 * take a POST without an Origin (plugins/csrf.ts): the one-click unsubscribe that mail programs send
 * (RFC 8058), and Stripe's webhook, signed with the endpoint's secret (stripe-payments.routes.test.ts
 * refuses a bad signature). They are checked on their own below; every other write route must refuse
 * a forged request.
 */
const tokenRoute = '/api/notifications/unsubscribe';
const stripeWebhook = '/api/finance/providers/stripe/webhook';

/** Every state-changing API route of the running app that acts on the session, with its path parameters filled in. */
function writeRoutes() {
  return t.app.apiRoutes
    .filter(
      (route) => writeMethods.has(route.method) && route.url !== tokenRoute && route.url !== stripeWebhook,
    )
    .flatMap((route) =>
      (route.url === '/api/auth/*' ? authWrites.map((path) => `/api/auth/${path}`) : [route.url]).map(
        (url) => ({
          method: route.method as 'POST' | 'PUT' | 'PATCH' | 'DELETE',
          url: url.replace(/:[A-Za-z]+/g, fakeId),
          isUpload:
            route.method === 'POST' &&
            // A property's governing documents; a vendor's documents are JSON, their files attachments.
            (url === '/api/properties/:id/documents' ||
              url === '/api/attachments' ||
              url.endsWith('/arc/requests/:requestId/files')),
        }),
      ),
    );
}

describe('cross-site request forgery', () => {
  it('finds the write routes it must check', () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(new Set(routes.map((route) => `${route.method} ${route.url}`)).size).toBe(routes.length);
    // Governing documents, attachments, and an owner's files for an architectural request.
    expect(routes.filter((route) => route.isUpload)).toHaveLength(3);
  });

  it('refuses every write route from another origin, with no origin, and from a "null" origin', async () => {
    const foreignOrigins = {
      'another port of the same host': 'http://localhost:4000',
      'another site': 'https://evil.example',
      'a sandboxed frame': 'null',
      'no Origin and no Referer': undefined,
    };
    const answers: string[] = [];
    for (const route of writeRoutes()) {
      for (const [name, origin] of Object.entries(foreignOrigins)) {
        const response = await injectAs(t.app, admin, {
          method: route.method,
          url: route.url,
          headers: { origin },
          payload: {},
        });
        const code = response.json<{ error?: { code?: string } }>().error?.code;
        if (response.statusCode === 403 && code === 'FORBIDDEN_ORIGIN') refusals += 1;
        else answers.push(`${route.method} ${route.url} (${name}): ${response.statusCode} ${code}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('lets only the one-click unsubscribe through without an Origin, and it acts on its token, not the cookie', async () => {
    const tokenRoutes = t.app.apiRoutes.filter(
      (route) => writeMethods.has(route.method) && route.url === tokenRoute,
    );
    expect(tokenRoutes).toHaveLength(1);
    // A forged form post from another site carries the admin's cookie but no valid token: refused.
    const forged = await injectAs(t.app, admin, {
      method: 'POST',
      url: tokenRoute,
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('INVALID_UNSUBSCRIBE_LINK');
    const settings = await injectAs(t.app, admin, { method: 'GET', url: '/api/notifications/settings' });
    expect(settings.statusCode).toBe(200);
    const emailOff = settings
      .json<{ kinds: { kind: string; channels: { email?: boolean } }[] }>()
      .kinds.filter((kind) => kind.channels.email === false);
    expect(emailOff).toEqual([]);
  });

  it("gives Stripe's webhook nothing for a cookie: a forged post from another site does nothing", async () => {
    expect(t.app.apiRoutes.filter((route) => route.url === stripeWebhook)).toHaveLength(1);
    const forged = await injectAs(t.app, admin, {
      method: 'POST',
      url: stripeWebhook,
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { id: 'evt_forged', object: 'event', type: 'payment_intent.succeeded' },
    });
    // This installation has no Stripe; with Stripe set up, an unsigned event is a 400 (MISSING_SIGNATURE).
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error.code).toBe('NO_STRIPE');
  });

  it('takes the Referer when a browser sent no Origin', async () => {
    const ours = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: '/api/me',
      headers: { origin: undefined, referer: `${ownOrigin}/dashboard` },
      payload: { fullName: 'Ada Admin' },
    });
    expect(ours.statusCode).toBe(200);
    const theirs = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: '/api/me',
      headers: { origin: undefined, referer: 'http://localhost:4000/page' },
      payload: { fullName: 'Mallory' },
    });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().error.message).toBe(
      'Requests from http://localhost:4000 are not accepted. Send it from the Commonwise web app.',
    );
  });

  it('refuses the content types a page can send without a preflight, on every JSON write route', async () => {
    const simpleBodies = {
      'text/plain': '{"role":"admin"}',
      'text/plain;charset=UTF-8': '{}',
      'application/x-www-form-urlencoded': 'role=admin',
      'multipart/form-data; boundary=x':
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
    };
    const answers: string[] = [];
    for (const route of writeRoutes().filter((candidate) => !candidate.isUpload)) {
      for (const [type, payload] of Object.entries(simpleBodies)) {
        const response = await injectAs(t.app, admin, {
          method: route.method,
          url: route.url,
          headers: { 'content-type': type },
          payload,
        });
        if (response.statusCode === 415) refusals += 1;
        else answers.push(`${route.method} ${route.url} (${type}): ${response.statusCode}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('takes uploads as multipart only, from our own pages only', async () => {
    const uploads = writeRoutes().filter((route) => route.isUpload);
    expect(uploads.map((route) => route.url)).toEqual([
      `/api/properties/${fakeId}/documents`,
      '/api/attachments',
      `/api/resident-portal/arc/requests/${fakeId}/files`,
    ]);
    for (const upload of uploads) {
      const asText = await injectAs(t.app, admin, {
        method: 'POST',
        url: upload.url,
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(asText.statusCode).toBe(415);
      expect(asText.json().error.message).toBe('Send the file as multipart/form-data.');
      const fromElsewhere = await injectAs(t.app, admin, {
        method: 'POST',
        url: upload.url,
        headers: { origin: 'http://localhost:4000', 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--\r\n',
      });
      expect(fromElsewhere.statusCode).toBe(403);
    }
  });

  it("cannot deactivate a user through a signed-in admin's browser from another page", async () => {
    const [vendor] = await t.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, 'vendor@commonwise.test'));
    const forged = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/users/${vendor!.id}/deactivate`,
      headers: { origin: 'http://localhost:4000', 'content-type': 'text/plain' },
      payload: '',
    });
    expect(forged.statusCode).toBe(403);
    const users = await injectAs(t.app, admin, { method: 'GET', url: `/api/users?search=vendor%40` });
    expect(users.json()).toMatchObject({ users: [expect.objectContaining({ isActive: true })] });

    // The same request from our own page goes through.
    const ours = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/users/${vendor!.id}/reactivate`,
    });
    expect(ours.statusCode).toBe(200);
  });

  it('leaves reads alone: a GET needs no Origin', async () => {
    const response = await injectAs(t.app, admin, { method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(200);
  });
});
