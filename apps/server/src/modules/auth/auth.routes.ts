import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZodObject, type z } from 'zod';
import {
  demoAccountsSchema,
  requestPasswordResetSchema,
  requestSignInCodeSchema,
  resetPasswordSchema,
  signInSchema,
  signInWithCodeSchema,
  type ApiError,
} from '@commonwise/contracts';
import { AppError } from '../../lib/errors.ts';
import { eq } from 'drizzle-orm';
import { profiles, sessions } from '../../db/schema/index.ts';
import { resolveActor, sessionTokenOf } from '../../plugins/access.ts';
import { siteOf } from '../../plugins/config.ts';
import { newDeviceSignInEvent, twoFactorChangedEvent } from '../account/security-mail.ts';
import { deviceCookieMaxAgeSeconds, deviceCookieName, noteSignInDevice } from './known-devices.ts';
import { demoAccounts, demoPassword } from './demo-accounts.ts';
import { markSignInSucceeded, releaseSignInAttempt, reserveSignInAttempt } from './sign-in-limiter.ts';
import { passwordResetLimit, reserveRequest, signInCodeLimit } from './request-limiter.ts';

/**
 * better-auth endpoints we expose. Everything else it offers (sign-up, admin endpoints, …) stays
 * unreachable until an issue opens it deliberately: user management goes through our own routes.
 */
const exposedAuthPaths = new Set([
  '/sign-in/email',
  '/sign-in/email-otp',
  '/email-otp/send-verification-otp',
  '/sign-out',
  '/get-session',
  '/request-password-reset',
  '/reset-password',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/generate-backup-codes',
]);

const passwordResetQueue = 'password-reset-link';

/** better-auth's own answer to a reset request, the same whether or not the address has an account. */
const resetRequestedMessage = 'If this email exists in our system, check your email for the reset link';

/** Two-factor steps that confirm the signed-in person's password: limited like sign-ins (sign-in-limiter.ts). */
const twoFactorPasswordPaths = new Set([
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
]);

/** Sign-in paths whose failures count against the account and the address (sign-in-limiter.ts). */
const limitedSignIns: Record<string, z.ZodType<{ email: string }>> = {
  '/sign-in/email': signInSchema,
  '/sign-in/email-otp': signInWithCodeSchema,
};

function parseOrRefuse<T>(schema: z.ZodType<T>, body: unknown): T {
  // Strict like every other route's body (plugins/validation.ts): a field these routes do not take is
  // refused by name, not dropped in silence.
  const strict = (schema instanceof ZodObject ? schema.strict() : schema) as z.ZodType<T>;
  const parsed = strict.safeParse(body);
  if (parsed.success) return parsed.data;
  const fields = Object.fromEntries(
    parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
  throw new AppError(
    400,
    'VALIDATION_FAILED',
    parsed.error.issues[0]?.message ?? 'The request is not valid.',
    {
      fields,
    },
  );
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // A failure (mail server down) is retried: the retry's link ends the one that may not have arrived.
  app.jobs.register<{ email: string }>(passwordResetQueue, {
    run: async ({ payload }) => {
      await app.auth.api.requestPasswordReset({ body: { email: payload.email } });
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = request.url.split('?')[0]!.slice('/api/auth'.length);
      if (!exposedAuthPaths.has(path)) {
        throw new AppError(
          404,
          'NOT_FOUND',
          `There is no API endpoint ${request.method} ${request.url.split('?')[0]}.`,
        );
      }
      const limitedSchema = limitedSignIns[path];
      if (limitedSchema && request.method === 'POST') return limitedSignIn(request, reply, limitedSchema);
      if (path === '/email-otp/send-verification-otp') {
        const { email } = parseOrRefuse(requestSignInCodeSchema, request.body);
        await reserveRequest(app.db, signInCodeLimit, email, request.ip);
        // Only sign-in codes are offered; the plugin's other code types stay closed.
        return forwardToAuth(request, reply, { email, type: 'sign-in' });
      }
      if (path === '/request-password-reset') {
        const { email } = parseOrRefuse(requestPasswordResetSchema, request.body);
        await reserveRequest(app.db, passwordResetLimit, email, request.ip);
        // The link is made and mailed by a job: whether the address has an account (a link to write
        // and mail, or nothing) changes neither the answer nor the work done before it.
        await app.jobs.enqueue(passwordResetQueue, { email }, { executor: app.db });
        return { status: true, message: resetRequestedMessage };
      }
      if (path === '/reset-password' && request.method === 'POST') {
        return forwardToAuth(request, reply, parseOrRefuse(resetPasswordSchema, request.body));
      }
      if (path === '/sign-out') {
        const token = sessionTokenOf(request);
        if (token) app.sessionCache.evict(token);
      }
      if (path.startsWith('/two-factor/')) return forwardTwoFactor(request, reply, path);
      return forwardToAuth(request, reply);
    },
  });

  /**
   * Two-factor steps: turning it on or off changes who the cached session belongs to, and the person
   * is told by e-mail; completing the sign-in step (no session yet) notes the device like any sign-in.
   */
  async function forwardTwoFactor(request: FastifyRequest, reply: FastifyReply, path: string) {
    const actor = await resolveActor(app.auth, app.sessionCache, request);
    const attemptId =
      actor && twoFactorPasswordPaths.has(path)
        ? await reserveSignInAttempt(app.db, actor.email, request.ip, 'password-check')
        : undefined;
    const answer = await callAuth(request);
    if (actor && attemptId) {
      if (answer.status < 300) await markSignInSucceeded(app.db, attemptId, actor.email);
      // Only a wrong password counts; a request refused before the check (bad body) does not.
      else if (errorCodeOf(answer.text) !== 'INVALID_PASSWORD') await releaseSignInAttempt(app.db, attemptId);
    }
    // With a session, a wrong code is a mistake in a form (400), not "signed out" (401).
    const result = actor && answer.status === 401 ? { ...answer, status: 400 } : answer;
    if (result.status < 300 && actor) {
      app.sessionCache.evictUser(actor.id);
      const [now] = await app.db
        .select({ twoFactorEnabled: profiles.twoFactorEnabled })
        .from(profiles)
        .where(eq(profiles.id, actor.id));
      if (now && now.twoFactorEnabled !== actor.twoFactorEnabled) {
        await app.notifier.notifyNow(
          app.db,
          [actor.id],
          twoFactorChangedEvent(now.twoFactorEnabled, siteOf(app.config)),
        );
      }
    }
    return sendAuthResult(request, reply, result, { isSignIn: !actor });
  }

  /** After a sign-in: remember this browser, and tell the person when it is one we had not seen. */
  async function noteDevice(
    request: FastifyRequest,
    reply: FastifyReply,
    user: { id: string; email: string; name: string },
  ) {
    const { deviceId, isNewDevice } = await noteSignInDevice(
      app.db,
      user.id,
      cookieValue(request.headers.cookie, deviceCookieName),
      request.headers['user-agent'],
    );
    reply.header(
      'set-cookie',
      `${deviceCookieName}=${deviceId}; Path=/; Max-Age=${deviceCookieMaxAgeSeconds}; HttpOnly; SameSite=Lax${
        app.config.isSecureCookies ? '; Secure' : ''
      }`,
    );
    if (isNewDevice) {
      await app.notifier.notifyNow(
        app.db,
        [user.id],
        newDeviceSignInEvent(
          { userAgent: request.headers['user-agent'], ipAddress: request.ip },
          siteOf(app.config),
        ),
      );
    }
  }

  app.get(
    '/api/demo-accounts',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The demo accounts, shown on the sign-in page in demo mode',
        response: { 200: demoAccountsSchema },
      },
    },
    async () =>
      app.config.seedDemo
        ? { enabled: true, password: demoPassword, accounts: demoAccounts }
        : { enabled: false, accounts: [] },
  );

  async function limitedSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: z.ZodType<{ email: string }>,
  ) {
    const body = parseOrRefuse(schema, request.body);
    const attemptId = await reserveSignInAttempt(app.db, body.email, request.ip);
    let result = await callAuth(request, body);
    if (result.status < 300 && request.url.startsWith('/api/auth/sign-in/email-otp')) {
      result = await refuseCodeSignInPastTwoFactor(result);
    }
    if (result.status < 300) await markSignInSucceeded(app.db, attemptId, body.email);
    // Wrong passwords and codes count against the account; anything else (deactivated, errors) does not.
    else if (result.status !== 401 && result.status !== 400) await releaseSignInAttempt(app.db, attemptId);
    return sendAuthResult(request, reply, result, { isSignIn: true });
  }

  /**
   * An e-mailed code is one factor: it must not get round an account's two-factor authentication.
   * The session it just made is ended at once and the person is told how to sign in instead.
   */
  async function refuseCodeSignInPastTwoFactor(result: AuthResult): Promise<AuthResult> {
    const user = signedInUserOf(result.text);
    if (!user) return result;
    const [profile] = await app.db
      .select({ twoFactorEnabled: profiles.twoFactorEnabled })
      .from(profiles)
      .where(eq(profiles.id, user.id));
    if (!profile?.twoFactorEnabled) return result;
    const token = (JSON.parse(result.text) as { token?: string }).token;
    if (token) await app.db.delete(sessions).where(eq(sessions.token, token));
    return {
      status: 403,
      headers: new Headers(),
      text: JSON.stringify({
        code: 'USE_TWO_FACTOR',
        message:
          'This account uses two-factor authentication: sign in with your password and the code from your authenticator app.',
      }),
    };
  }

  async function forwardToAuth(request: FastifyRequest, reply: FastifyReply, body?: unknown) {
    return sendAuthResult(request, reply, await callAuth(request, body), { isSignIn: false });
  }

  type AuthResult = { status: number; headers: Headers; text: string };

  /** Hands the request to better-auth and reads its whole answer. */
  async function callAuth(request: FastifyRequest, body?: unknown): Promise<AuthResult> {
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined || key === 'content-length') continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
    }
    // better-auth records the client address from this header; set from Fastify's view, never the client's.
    headers.set('x-commonwise-client-ip', request.ip);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const response = await app.auth.handler(
      new Request(new URL(request.url, app.config.publicUrl), {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(body ?? request.body ?? {}) : undefined,
      }),
    );
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  /**
   * Answers with better-auth's response, errors reshaped to our error shape. When it signed someone
   * in, the browser is noted first (and the person told of a new one) — before the answer goes out.
   */
  async function sendAuthResult(
    request: FastifyRequest,
    reply: FastifyReply,
    result: AuthResult,
    { isSignIn }: { isSignIn: boolean },
  ) {
    reply.status(result.status);
    const cookies = result.headers.getSetCookie();
    for (const cookie of cookies) reply.header('set-cookie', cookie);
    result.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding')
        reply.header(key, value);
    });
    if (result.status >= 400) return reply.send(toApiError(result.text, result.status, request.id));
    if (isSignIn && cookies.some((cookie) => /session_token=[^;]/.test(cookie))) {
      const user = signedInUserOf(result.text);
      if (user) await noteDevice(request, reply, user);
    }
    return reply.send(result.text === '' ? null : withoutSessionToken(result.text));
  }
};

/**
 * better-auth puts the session token in its answers (`token`, `session.token`). The httpOnly cookie
 * is all the browser needs; in a body, any script that reads the answer could take the session.
 */
function withoutSessionToken(text: string): string {
  try {
    // A reviver returning undefined drops the key, at any depth.
    return JSON.stringify(JSON.parse(text, (key, value: unknown) => (key === 'token' ? undefined : value)));
  } catch {
    return text;
  }
}

function signedInUserOf(text: string): { id: string; email: string; name: string } | undefined {
  try {
    const body = JSON.parse(text) as { user?: { id?: string; email?: string; name?: string } };
    const user = body.user;
    return user?.id && user.email
      ? { id: user.id, email: user.email, name: user.name ?? user.email }
      : undefined;
  } catch {
    return undefined;
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  return new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(header ?? '')?.[1];
}

// Deactivation is better-auth's "ban"; plugins/auth.ts sets this as its message.
const deactivatedMessage = 'This account has been deactivated. Contact your administrator.';

/** better-auth's error codes that we word for people. */
const messagesByCode: Record<string, { code?: string; message: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { message: 'Invalid email or password' },
  BANNED_USER: { code: 'ACCOUNT_DEACTIVATED', message: deactivatedMessage },
  INVALID_OTP: { message: 'That code is not right. Check the e-mail and try again.' },
  OTP_EXPIRED: { message: 'That code has expired. Ask for a new one.' },
  TOO_MANY_ATTEMPTS: { message: 'Too many wrong codes. Ask for a new code.' },
  INVALID_TOKEN: { message: 'This link is invalid or has expired. Ask for a new one.' },
  INVALID_CODE: { message: 'That code is not right. Check your authenticator app and try again.' },
  INVALID_BACKUP_CODE: { message: 'That backup code is not right, or it was already used.' },
  INVALID_PASSWORD: { message: 'Your password is not correct.' },
  PASSWORD_TOO_SHORT: { message: 'Password must be at least 6 characters' },
  INVALID_TWO_FACTOR_COOKIE: { message: 'Your sign-in step has expired. Sign in again.' },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { message: 'Too many wrong codes. Sign in again to get a new one.' },
  ACCOUNT_TEMPORARILY_LOCKED: {
    message: 'Too many wrong codes: two-factor sign-in is locked for a while. Try again in 15 minutes.',
  },
};

function errorCodeOf(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

function toApiError(text: string, status: number, requestId: string): ApiError {
  let body: { code?: string; message?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // not JSON: fall through to a generic message
  }
  const known =
    body.message === deactivatedMessage ? messagesByCode.BANNED_USER : messagesByCode[body.code ?? ''];
  const code = known?.code ?? body.code ?? `HTTP_${status}`;
  const message =
    known?.message ??
    body.message ??
    (status === 401 ? 'Please sign in to continue.' : 'The sign-in service refused the request.');
  return { error: { code, message, requestId } };
}
