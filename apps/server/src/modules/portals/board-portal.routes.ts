import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { boardWorkOrderOverviewSchema } from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { getBoardWorkOrderOverview, listOpenWorkOrdersForReport } from './board-portal.service.ts';
import { renderBoardReport, reportFileName } from './board-report.ts';

export const boardPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/board-portal/overview',
    {
      config: { access: 'portal:board' },
      schema: {
        tags: ['portals'],
        summary:
          "The association's work order overview: open by status, category and property; time to completion",
        response: { 200: boardWorkOrderOverviewSchema },
      },
    },
    async (request) => getBoardWorkOrderOverview(contextOf(request)),
  );

  app.get(
    '/api/board-portal/report',
    {
      config: { access: 'portal:board' },
      schema: {
        tags: ['portals'],
        summary: 'The work order overview as a printable HTML file, with the open work orders',
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const now = new Date();
      const [overview, openWorkOrders] = await Promise.all([
        getBoardWorkOrderOverview(ctx, now),
        listOpenWorkOrdersForReport(ctx),
      ]);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportFileName(overview.generatedAt)}"`)
        .header('cache-control', 'no-store')
        .send(renderBoardReport(overview, openWorkOrders));
    },
  );
};
