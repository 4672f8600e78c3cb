import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vendorPortalQuerySchema, vendorPortalSchema } from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { vendorPortal } from './vendor-portal.service.ts';

export const vendorPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/vendor-portal',
    {
      config: { access: 'portal:vendor' },
      schema: {
        tags: ['portals'],
        summary:
          "A page of the calling vendor's work orders, open ones first, each with its work room, and their counts",
        querystring: vendorPortalQuerySchema,
        response: { 200: vendorPortalSchema },
      },
    },
    async (request) => vendorPortal(contextOf(request), request.query),
  );
};
