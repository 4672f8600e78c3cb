import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEventListSchema, auditExportQuerySchema, auditListQuerySchema } from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { exportAuditEvents, exportFileName, listAuditEvents } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/audit-events',
    {
      config: { access: 'audit:read' },
      schema: {
        tags: ['audit'],
        summary: 'The audit trail, newest first: filtered by person, property, kind of record and dates',
        querystring: auditListQuerySchema,
        response: { 200: auditEventListSchema },
      },
    },
    async (request) => listAuditEvents(contextOf(request), request.query),
  );

  app.get(
    '/api/audit-events/export',
    {
      config: { access: 'audit:read' },
      schema: {
        tags: ['audit'],
        summary: 'The filtered audit trail as a CSV file',
        querystring: auditExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(new Date())}"`)
        .header('cache-control', 'no-store')
        .send(await exportAuditEvents(contextOf(request), request.query)),
  );
};
