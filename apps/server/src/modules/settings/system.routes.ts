import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assistantCheckSchema,
  propertyDefaultsSchema,
  systemSettingsSchema,
  testMailResultSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { actorOf } from '../../plugins/access.ts';
import { readPropertyDefaults, updatePropertyDefaults } from './system-defaults.ts';
import { checkAssistant, readSystemSettings, sendTestMail } from './system.service.ts';

export const systemSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings/system',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary: 'How this installation is configured (no secrets)',
        response: { 200: systemSettingsSchema },
      },
    },
    async () => readSystemSettings(app.db, app),
  );

  app.post(
    '/api/settings/system/test-mail',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary: 'Send a test message to the signed-in admin',
        response: { 202: testMailResultSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await sendTestMail(app.db, app.notifier, app.mailer, actorOf(request))),
  );

  app.post(
    '/api/settings/system/assistant-check',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary: "Check that the assistant's provider answers",
        response: { 200: assistantCheckSchema },
      },
    },
    async () => checkAssistant(app.config, app.assistantModel),
  );

  // Whoever creates properties reads these for the form; only admins change them.
  app.get(
    '/api/settings/system/defaults',
    {
      config: { access: 'properties:write' },
      schema: {
        tags: ['settings'],
        summary: 'Defaults for a new association',
        response: { 200: propertyDefaultsSchema },
      },
    },
    async () => readPropertyDefaults(app.db),
  );

  app.put(
    '/api/settings/system/defaults',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary: 'Change the defaults for a new association',
        body: propertyDefaultsSchema,
        response: { 200: propertyDefaultsSchema },
      },
    },
    async (request) => updatePropertyDefaults(contextOf(request), request.body),
  );
};
