import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  demoAccountsSchema,
  requestSignInCodeSchema,
  signInSchema,
  signInWithCodeSchema,
  type ApiError,
} from '@commonwise/contracts';
import { AppError } from '../../lib/errors.ts';
import { sessionTokenOf } from '../../plugins/access.ts';
import { demoAccounts, demoPassword } from './demo-accounts.ts';
import { markSignInSucceeded, releaseSignInAttempt, reserveSignInAttempt } from './sign-in-limiter.ts';
import { reserveSignInCode } from './sign-in-code-throttle.ts';

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
]);

/** Sign-in paths whose failures count against the account and the address (sign-in-limiter.ts). */
const limitedSignIns: Record<string, z.ZodType<{ email: string }>> = {
  '/sign-in/email': signInSchema,
  '/sign-in/email-otp': signInWithCodeSchema,
};

function parseOrRefuse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
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
        await reserveSignInCode(app.db, email);
        // Only sign-in codes are offered; the plugin's other code types stay closed.
        return forwardToAuth(request, reply, { email, type: 'sign-in' });
      }
      if (path === '/sign-out') {
        const token = sessionTokenOf(request);
        if (token) app.sessionCache.evict(token);
      }
      return forwardToAuth(request, reply);
    },
  });

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
    const response = await forwardToAuth(request, reply, body);
    if (reply.statusCode < 300) await markSignInSucceeded(app.db, attemptId, body.email);
    else if (reply.statusCode !== 401 && reply.statusCode !== 400)
      await releaseSignInAttempt(app.db, attemptId);
    return response;
  }

  /** Hands the request to better-auth and answers with its response, errors reshaped to our error shape. */
  async function forwardToAuth(request: FastifyRequest, reply: FastifyReply, body?: unknown) {
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
    reply.status(response.status);
    for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding')
        reply.header(key, value);
    });
    const text = await response.text();
    if (response.status >= 400) return reply.send(toApiError(text, response.status, request.id));
    return reply.send(text === '' ? null : text);
  }
};

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
};

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
