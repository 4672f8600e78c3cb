import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  communitySetupSchema,
  developerCommunityListQuerySchema,
  developerCommunityListSchema,
  propertyIdParamsSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { getCommunitySetup, listCommunities } from './developer-portal.service.ts';

export const developerPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/developer-portal/communities',
    {
      config: { access: 'portal:developer' },
      schema: {
        tags: ['portals'],
        summary: 'Every community with how many of its setup steps are done',
        querystring: developerCommunityListQuerySchema,
        response: { 200: developerCommunityListSchema },
      },
    },
    async (request) => listCommunities(contextOf(request), request.query),
  );

  app.get(
    '/api/developer-portal/communities/:id/setup',
    {
      config: { access: 'portal:developer' },
      schema: {
        tags: ['portals'],
        summary: "A community's setup checklist: managers, residents, required documents processed, status",
        params: propertyIdParamsSchema,
        response: { 200: communitySetupSchema },
      },
    },
    async (request) => getCommunitySetup(contextOf(request), request.params.id),
  );
};
