import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  notificationPageSchema,
  notificationSettingsSchema,
  notificationsQuerySchema,
  unreadCountSchema,
  unsubscribedSchema,
  unsubscribeSchema,
  updateNotificationSettingsSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { resolveActor } from '../../plugins/access.ts';
import {
  listNotifications,
  markRead,
  settingsOf,
  unreadCount,
  unsubscribe,
  updateSettings,
} from './notifications.service.ts';
import { dailyDigestSchedule } from './notifications.jobs.ts';

const idParams = z.object({ id: z.uuid('Not a notification id') });

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.schedules.add(dailyDigestSchedule(app.notifier));
  app.get(
    '/api/notifications',
    {
      config: { access: 'account:self' },
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first (the notification centre)',
        querystring: notificationsQuerySchema,
        response: { 200: notificationPageSchema },
      },
    },
    async (request) => listNotifications(contextOf(request), request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      config: { access: 'account:self' },
      schema: {
        tags: ['notifications'],
        summary: 'How many of my notifications are unread (the bell)',
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => unreadCount(contextOf(request)),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { access: 'account:self' },
      schema: {
        tags: ['notifications'],
        summary: 'Marks one of my notifications read',
        params: idParams,
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => markRead(contextOf(request), [request.params.id]),
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { access: 'account:self' },
      schema: {
        tags: ['notifications'],
        summary: 'Marks all my notifications read',
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => markRead(contextOf(request), 'all'),
  );

  app.get(
    '/api/notifications/settings',
    {
      config: { access: 'account:self' },
      schema: {
        tags: ['notifications'],
        summary: 'What I am told, by which channel, my quiet hours and digest',
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => settingsOf(request.server.db, contextOf(request).actor.id),
  );

  app.put(
    '/api/notifications/settings',
    {
      config: { access: 'account:self' },
      schema: {
        tags: ['notifications'],
        summary: 'Changes what I am told, my quiet hours and digest',
        body: updateNotificationSettingsSchema,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => updateSettings(contextOf(request), request.body),
  );

  // The unsubscribe link works without signing in: the signed token says who and what. Mail programs
  // also POST to it directly (RFC 8058 one-click), with a form body and no Origin, which the CSRF
  // check lets through for this route only (plugins/csrf.ts): it acts on the token, not on a cookie.
  app.register(async (plugin) => {
    const oneClick = plugin.withTypeProvider<ZodTypeProvider>();
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    oneClick.post(
      '/api/notifications/unsubscribe',
      {
        config: { access: 'public' },
        schema: {
          tags: ['notifications'],
          summary: 'Stops e-mails of one kind, from the link in such an e-mail (no sign-in needed)',
          querystring: unsubscribeSchema.partial(),
          // Our page sends { token }; a mail program sends the form field RFC 8058 names.
          body: z
            .strictObject({
              token: z.string().max(400).optional(),
              'List-Unsubscribe': z.literal('One-Click').optional(),
            })
            .optional(),
          response: { 200: unsubscribedSchema },
        },
      },
      async (request) => {
        const token = request.body?.token ?? request.query.token ?? '';
        const signedIn = await resolveActor(app.auth, app.sessionCache, request);
        return unsubscribe(app.db, app.config.authSecret, token, signedIn?.id ?? null);
      },
    );
  });
};
