import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  propertyIdParamsSchema,
  violationFairnessSchema,
  violationParamsSchema,
  violationReportQuerySchema,
  violationReportSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { exportViolationReport, getViolationFairness, getViolationReport } from './fairness.service.ts';

/**
 * Fairness and consistency of enforcement (issue 21 item 7): the comparison an approver reads before a
 * notice goes out, and the board's report per rule and month. Read by the association's managers and
 * board (violation-access.ts).
 */
export const violationFairnessRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['violations'];

  app.get(
    '/api/violations/:violationId/fairness',
    {
      config: { access: 'violations:read' },
      schema: {
        tags,
        summary:
          'How the same rule was applied to other units in the last 12 months and in the same inspection, with flags',
        params: violationParamsSchema,
        response: { 200: violationFairnessSchema },
      },
    },
    async (request) => getViolationFairness(contextOf(request), request.params.violationId),
  );

  app.get(
    '/api/properties/:id/violation-report',
    {
      config: { access: 'violations:read' },
      schema: {
        tags,
        summary:
          'Enforcement per rule and month (default the last 12, at most 24): cited, cured, fines, waivers, sources',
        params: propertyIdParamsSchema,
        querystring: violationReportQuerySchema,
        response: { 200: violationReportSchema },
      },
    },
    async (request) => getViolationReport(contextOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/properties/:id/violation-report.csv',
    {
      config: { access: 'violations:read' },
      schema: {
        tags,
        summary: 'The enforcement report per rule and month as a CSV file, with a line of totals',
        params: propertyIdParamsSchema,
        querystring: violationReportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await exportViolationReport(
        contextOf(request),
        request.params.id,
        request.query,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
