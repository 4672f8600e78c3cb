import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { managerPortalOverviewSchema } from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { getManagerPortalOverview } from './manager-portal.service.ts';

export const managerPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/manager-portal/overview',
    {
      config: { access: 'portal:manager' },
      schema: {
        tags: ['portals'],
        summary:
          'Open tasks and work orders, property health and the latest room messages of the properties the caller manages (admins: all)',
        response: { 200: managerPortalOverviewSchema },
      },
    },
    async (request) => getManagerPortalOverview(contextOf(request)),
  );
};
