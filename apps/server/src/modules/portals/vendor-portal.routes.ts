import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vendorPortalSchema } from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { listVendorWorkOrders } from './vendor-portal.service.ts';

export const vendorPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/vendor-portal',
    {
      config: { access: 'portal:vendor' },
      schema: {
        tags: ['portals'],
        summary: 'The work orders assigned to the calling vendor, open ones first, each with its work room',
        response: { 200: vendorPortalSchema },
      },
    },
    async (request) => ({ workOrders: await listVendorWorkOrders(contextOf(request)) }),
  );
};
