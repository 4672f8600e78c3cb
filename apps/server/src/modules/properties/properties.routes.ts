import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { propertyIdParamsSchema, propertyListSchema, propertySchema } from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { getProperty, listProperties } from './properties.service.ts';

export const propertiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/properties',
    {
      config: { access: 'properties:read' },
      schema: {
        tags: ['properties'],
        summary: 'Properties the caller may see',
        response: { 200: propertyListSchema },
      },
    },
    async (request) => ({ properties: await listProperties(contextOf(request)) }),
  );

  app.get(
    '/api/properties/:id',
    {
      config: { access: 'properties:read' },
      schema: {
        tags: ['properties'],
        summary: 'One property, if the caller may see it',
        params: propertyIdParamsSchema,
        response: { 200: propertySchema },
      },
    },
    async (request) => getProperty(contextOf(request), request.params.id),
  );
};
