import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { residentPortalSchema } from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { fileLinkKey } from '../documents/file-links.ts';
import { listResidences } from './resident-portal.service.ts';

export const residentPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const linkKey = fileLinkKey(app.config.authSecret);
  app.get(
    '/api/resident-portal',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags: ['portals'],
        summary:
          "Where the caller lives, and each property's processed documents with links valid for an hour",
        response: { 200: residentPortalSchema },
      },
    },
    async (request) => ({
      residences: await listResidences({
        ...contextOf(request),
        storage: app.storage,
        jobs: app.jobs,
        fileLinkKey: linkKey,
        uploadMaxBytes: app.config.uploadMaxBytes,
      }),
    }),
  );
};
