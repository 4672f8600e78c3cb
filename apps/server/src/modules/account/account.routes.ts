import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import {
  accountSessionListSchema,
  changePasswordSchema,
  meSchema,
  profileSchema,
  sessionIdParamsSchema,
  updateProfileSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { actorOf, sessionTokenOf } from '../../plugins/access.ts';
import { mustEnrolTwoFactor } from './two-factor-requirement.ts';
import { siteOf } from '../../plugins/config.ts';
import { passwordChangedEvent } from './security-mail.ts';
import { AppError } from '../../lib/errors.ts';
import { markSignInSucceeded, releaseSignInAttempt, reserveSignInAttempt } from '../auth/sign-in-limiter.ts';
import {
  endOtherSessions,
  endOwnSession,
  getOwnProfile,
  listOwnSessions,
  updateOwnProfile,
} from './account.service.ts';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me',
    {
      config: { access: 'account:self' },
      schema: { tags: ['account'], summary: 'The signed-in person', response: { 200: meSchema } },
    },
    async (request) => {
      const profile = await getOwnProfile(contextOf(request));
      return {
        ...profile,
        mustEnrolTwoFactor: await mustEnrolTwoFactor(app.securitySettings, {
          ...actorOf(request),
          ...profile,
        }),
      };
    },
  );

  app.get(
    '/api/me/sessions',
    {
      config: { access: 'account:self' },
      schema: {
        tags: ['account'],
        summary: 'Your signed-in devices, most recently active first',
        response: { 200: accountSessionListSchema },
      },
    },
    async (request) => ({ sessions: await listOwnSessions(contextOf(request), sessionTokenOf(request)) }),
  );

  app.delete(
    '/api/me/sessions/:id',
    {
      config: { access: 'account:self' },
      schema: {
        tags: ['account'],
        summary: 'Sign out one of your other devices',
        params: sessionIdParamsSchema,
      },
    },
    async (request, reply) => {
      const token = await endOwnSession(contextOf(request), request.params.id, sessionTokenOf(request));
      app.sessionCache.evictToken(token);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/me/sessions/revoke-others',
    {
      config: { access: 'account:self' },
      schema: {
        tags: ['account'],
        summary: 'Sign out everywhere else',
        response: { 200: z.object({ signedOut: z.number().int() }) },
      },
    },
    async (request) => {
      const tokens = await endOtherSessions(contextOf(request), sessionTokenOf(request));
      for (const token of tokens) app.sessionCache.evictToken(token);
      return { signedOut: tokens.length };
    },
  );

  app.patch(
    '/api/me',
    {
      config: { access: 'account:self' },
      schema: {
        tags: ['account'],
        summary: 'Change your name',
        body: updateProfileSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => updateOwnProfile(contextOf(request), request.body),
  );

  app.post(
    '/api/me/password',
    {
      config: { access: 'account:self' },
      schema: {
        tags: ['account'],
        summary: 'Change your password; every other session is signed out',
        body: changePasswordSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Wrong current passwords count like failed sign-ins: a stolen session cannot guess its way on.
      const attemptId = await reserveSignInAttempt(app.db, actor.email, request.ip, 'password-check');
      let headers: Headers;
      try {
        ({ headers } = await app.auth.api.changePassword({
          body: { ...request.body, revokeOtherSessions: true },
          headers: fromNodeHeaders(request.headers),
          returnHeaders: true,
        }));
      } catch (error) {
        if (error instanceof APIError && error.body?.code === 'INVALID_PASSWORD') {
          throw new AppError(400, 'INVALID_PASSWORD', 'Your current password is not correct.', {
            fields: { currentPassword: 'Your current password is not correct.' },
          });
        }
        // Refused before the password was checked (a new password too short, …): not a guess.
        await releaseSignInAttempt(app.db, attemptId);
        throw error;
      }
      await markSignInSucceeded(app.db, attemptId, actor.email);
      app.sessionCache.evictUser(actor.id);
      await app.notifier.notifyNow(app.db, [actor.id], passwordChangedEvent(siteOf(app.config)));
      // better-auth issues a fresh session cookie for this device when it ends the others.
      for (const cookie of headers.getSetCookie()) reply.header('set-cookie', cookie);
      return { ok: true as const };
    },
  );
};
