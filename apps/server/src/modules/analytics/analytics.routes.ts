import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assistantAnalyticsQuerySchema, assistantAnalyticsSchema } from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { getAssistantAnalytics } from './analytics.service.ts';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/analytics/assistant',
    {
      config: { access: 'analytics:read' },
      schema: {
        tags: ['analytics'],
        summary:
          "The assistant's figures for a period: conversations resolved without a person, hand-overs and why, reply times, citations and unanswered questions (admins: every property; managers: those they manage)",
        querystring: assistantAnalyticsQuerySchema,
        response: { 200: assistantAnalyticsSchema },
      },
    },
    async (request) => getAssistantAnalytics(contextOf(request), request.query),
  );
};
