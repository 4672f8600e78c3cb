import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  onboardingResultSchema,
  onboardingSubmissionSchema,
  unitsImportPreviewSchema,
  unitsImportRequestSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { planImport } from '../units/import.service.ts';
import { importBodyLimit, importInvitations } from '../units/import.routes.ts';
import { onboardProperty } from './onboarding.service.ts';

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const invite = importInvitations(app);

  app.post(
    '/api/properties/onboarding',
    {
      bodyLimit: importBodyLimit,
      config: { access: 'properties:write' },
      schema: {
        tags: ['properties'],
        summary:
          'Create a property with its units, managers and residents in one transaction (the onboarding wizard); a repeated idempotencyKey returns the property it created (200)',
        body: onboardingSubmissionSchema,
        response: { 200: onboardingResultSchema, 201: onboardingResultSchema },
      },
    },
    async (request, reply) => {
      const { result, created } = await onboardProperty(contextOf(request), request.body, invite);
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  app.post(
    '/api/properties/onboarding/units-preview',
    {
      bodyLimit: importBodyLimit,
      config: { access: 'properties:write' },
      schema: {
        tags: ['properties'],
        summary:
          "Preview a units CSV file for a property still to be created (the onboarding wizard): each row's result or errors; nothing is written",
        body: unitsImportRequestSchema,
        response: { 200: unitsImportPreviewSchema },
      },
    },
    async (request) => (await planImport(contextOf(request).db, null, request.body.csv)).preview,
  );
};
