import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { boardAssociationListSchema, boardWorkOrderOverviewSchema } from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import {
  boardAssociations,
  getBoardWorkOrderOverview,
  listOpenWorkOrdersForReport,
} from './board-portal.service.ts';
import { BoardReportCache, renderBoardReportPdf, reportFileName } from './board-report.ts';

export const boardPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = new BoardReportCache();
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
    '/api/board-portal/associations',
    {
      config: { access: 'portal:board' },
      schema: {
        tags: ['portals'],
        summary: "The associations whose board the caller sits on (admins: all), for the portal's cards",
        response: { 200: boardAssociationListSchema },
      },
    },
    async (request) => ({
      associations: (await boardAssociations(contextOf(request))).map(({ id, name }) => ({ id, name })),
    }),
  );

  app.get(
    '/api/board-portal/report',
    {
      config: { access: 'portal:board' },
      schema: {
        tags: ['portals'],
        summary:
          "The work order overview as a PDF, with the open work orders, in the association's time zone",
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const now = new Date();
      const [overview, openWorkOrders, associations] = await Promise.all([
        getBoardWorkOrderOverview(ctx, now),
        listOpenWorkOrdersForReport(ctx),
        boardAssociations(ctx),
      ]);
      const report = await reports.get({ overview, openWorkOrders, associations }, now, () =>
        renderBoardReportPdf(overview, openWorkOrders, associations),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${reportFileName(report.generatedAt)}"`)
        .header('cache-control', 'no-store')
        .send(report.bytes);
    },
  );
};
