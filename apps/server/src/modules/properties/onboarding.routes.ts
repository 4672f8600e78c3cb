import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onboardingResultSchema, onboardingSubmissionSchema } from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { onboardProperty } from './onboarding.service.ts';

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/properties/onboarding',
    {
      config: { access: 'properties:write' },
      schema: {
        tags: ['properties'],
        summary:
          'Create a property with its managers and residents in one transaction (the onboarding wizard); a repeated idempotencyKey returns the property it created (200)',
        body: onboardingSubmissionSchema,
        response: { 200: onboardingResultSchema, 201: onboardingResultSchema },
      },
    },
    async (request, reply) => {
      const { result, created } = await onboardProperty(contextOf(request), request.body);
      return reply.status(created ? 201 : 200).send(result);
    },
  );
};
