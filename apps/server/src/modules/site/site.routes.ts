import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSchema } from '@commonwise/contracts';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/site',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: 'Company name and contact details from the settings',
        response: { 200: siteSchema },
      },
    },
    async () => app.config.site,
  );
};
