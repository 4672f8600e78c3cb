import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { securitySettingsSchema } from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { updateSecuritySettings } from './settings.service.ts';
import { systemSettingsRoutes } from './system.routes.ts';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(systemSettingsRoutes);

  app.get(
    '/api/settings/security',
    {
      config: { access: 'settings:manage' },
      schema: { tags: ['settings'], summary: 'Security settings', response: { 200: securitySettingsSchema } },
    },
    async () => app.securitySettings.get(),
  );

  app.put(
    '/api/settings/security',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary: 'Change the security settings',
        body: securitySettingsSchema,
        response: { 200: securitySettingsSchema },
      },
    },
    async (request) => {
      const settings = await updateSecuritySettings(contextOf(request), request.body);
      app.securitySettings.set(settings);
      return settings;
    },
  );
};
