import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationSchema,
  changeRoleSchema,
  invitationSchema,
  invitationTokenParamsSchema,
  inviteUserSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { siteOf } from '../../plugins/config.ts';
import { AppError } from '../../lib/errors.ts';
import { invitationEvent } from './invitation-mail.ts';
import {
  acceptInvitation,
  changeRole,
  getInvitation,
  inviteUser,
  listUsers,
  resendInvitation,
  setActive,
  type InvitationMail,
} from './users.service.ts';

const ok = z.object({ ok: z.literal(true) });

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const sendInvitation: InvitationMail = async (tx, user, link) => {
    await app.notifier.notify(tx, [user.id], invitationEvent(link, siteOf(app.config)));
  };

  app.get(
    '/api/users',
    {
      config: { access: 'users:list' },
      schema: {
        tags: ['users'],
        summary: 'Everyone, newest first, optionally filtered by role and a search on name or e-mail',
        querystring: userListQuerySchema,
        response: { 200: userListSchema },
      },
    },
    async (request) => listUsers(contextOf(request), request.query),
  );

  app.patch(
    '/api/users/:id/role',
    {
      config: { access: 'users:write' },
      schema: {
        tags: ['users'],
        summary: 'Change a role; the last active admin cannot stop being one',
        params: userIdParamsSchema,
        body: changeRoleSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const user = await changeRole(contextOf(request), request.params.id, request.body);
      app.sessionCache.evictUser(user.id);
      return user;
    },
  );

  for (const [action, isActive] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(
      `/api/users/:id/${action}`,
      {
        config: { access: 'users:write' },
        schema: {
          tags: ['users'],
          summary: isActive
            ? 'Let a deactivated user sign in again'
            : 'Stop a user from signing in and end their sessions',
          params: userIdParamsSchema,
          response: { 200: userSchema },
        },
      },
      async (request) => {
        const user = await setActive(contextOf(request), request.params.id, isActive);
        app.sessionCache.evictUser(user.id);
        return user;
      },
    );
  }

  app.delete(
    '/api/users/:id',
    {
      config: { access: 'users:write' },
      schema: {
        tags: ['users'],
        summary: 'Always refused: users are deactivated, never deleted',
        params: userIdParamsSchema,
      },
    },
    async () => {
      throw new AppError(
        409,
        'USER_DELETION_REFUSED',
        'Users cannot be deleted, so that their history stays intact. Deactivate the user instead.',
      );
    },
  );

  app.post(
    '/api/users/invitations',
    {
      config: { access: 'users:write' },
      schema: {
        tags: ['users'],
        summary: 'Invite a person: they get an e-mail with a link to set their password',
        body: inviteUserSchema,
        response: { 201: userSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await inviteUser(contextOf(request), request.body, sendInvitation)),
  );

  app.post(
    '/api/users/:id/invitation',
    {
      config: { access: 'users:write' },
      schema: {
        tags: ['users'],
        summary: 'Send a new invitation link (the old one stops working)',
        params: userIdParamsSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await resendInvitation(contextOf(request), request.params.id, sendInvitation);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/invitations/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Who an invitation link is for',
        params: invitationTokenParamsSchema,
        response: { 200: invitationSchema },
      },
    },
    async (request) => getInvitation(app.db, request.params.token),
  );

  app.post(
    '/api/invitations/:token/accept',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'Set the password of an invited person; the link then stops working',
        params: invitationTokenParamsSchema,
        body: acceptInvitationSchema,
        response: { 200: z.object({ email: z.email() }) },
      },
    },
    async (request) => acceptInvitation(app.db, request.params.token, request.body.password),
  );
};
