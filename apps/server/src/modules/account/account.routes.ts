import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import { changePasswordSchema, profileSchema, updateProfileSchema } from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { actorOf } from '../../plugins/access.ts';
import { siteOf } from '../../plugins/config.ts';
import { passwordChangedMessage } from './security-mail.ts';
import { AppError } from '../../lib/errors.ts';
import { getOwnProfile, updateOwnProfile } from './account.service.ts';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me',
    {
      config: { access: 'account:self' },
      schema: { tags: ['account'], summary: 'The signed-in person', response: { 200: profileSchema } },
    },
    async (request) => getOwnProfile(contextOf(request)),
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
      try {
        const { headers } = await app.auth.api.changePassword({
          body: { ...request.body, revokeOtherSessions: true },
          headers: fromNodeHeaders(request.headers),
          returnHeaders: true,
        });
        const actor = actorOf(request);
        app.sessionCache.evictUser(actor.id);
        await app.mailer
          .send(passwordChangedMessage({ email: actor.email, name: actor.fullName }, siteOf(app.config)))
          .catch((error: unknown) =>
            request.log.error({ err: error }, 'could not send a password-changed e-mail'),
          );
        // better-auth issues a fresh session cookie for this device when it ends the others.
        for (const cookie of headers.getSetCookie()) reply.header('set-cookie', cookie);
        return { ok: true as const };
      } catch (error) {
        if (error instanceof APIError && error.body?.code === 'INVALID_PASSWORD') {
          throw new AppError(400, 'INVALID_PASSWORD', 'Your current password is not correct.', {
            fields: { currentPassword: 'Your current password is not correct.' },
          });
        }
        throw error;
      }
    },
  );
};
