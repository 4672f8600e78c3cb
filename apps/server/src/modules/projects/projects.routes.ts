import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardHandoverAckParamsSchema,
  boardHandoverListSchema,
  boardHandoverParamsSchema,
  boardHandoverSchema,
  handoverAckInputSchema,
  handoverItemDocumentsSchema,
  handoverItemParamsSchema,
  handoverReportParamsSchema,
  handoverReportSchema,
  handoverSchema,
  handoverThresholdInputSchema,
  milestoneInputSchema,
  milestoneListSchema,
  milestoneParamsSchema,
  milestoneSchema,
  milestoneUpdateSchema,
  projectIdParamsSchema,
  projectInputSchema,
  projectListQuerySchema,
  projectListSchema,
  projectMemberInputSchema,
  projectMemberParamsSchema,
  projectSchema,
  projectUnitListQuerySchema,
  projectUnitListSchema,
  projectUnitParamsSchema,
  projectUnitSchema,
  projectUnitsStepResultSchema,
  projectUnitsStepSchema,
  unitClosingInputSchema,
  unitContractCancelSchema,
  unitContractInputSchema,
} from '@commonwise/contracts';
import { sendPdf } from '../../lib/pdf-reply.ts';
import { contextOf } from '../../lib/context.ts';
import { importInvitations } from '../units/import.routes.ts';
import {
  acknowledgeHandoverItem,
  boardReportPdf,
  createHandoverReport,
  getBoardHandover,
  getHandover,
  listBoardHandovers,
  projectReportPdf,
  setItemDocuments,
} from './handover.service.ts';
import { overdueMilestonesSchedule } from './projects.jobs.ts';
import { createMilestone, listMilestones, updateMilestone } from './milestones.service.ts';
import {
  addProjectMember,
  createProject,
  getProject,
  listProjects,
  removeProjectMember,
  setHandoverThreshold,
} from './projects.service.ts';
import {
  cancelContract,
  closeSale,
  listProjectUnits,
  signContract,
  stepProjectUnits,
} from './sales.service.ts';

const tags = ['projects'];
const project = '/api/projects/:id';

/**
 * Communities under development (issue 25): a developer's own projects (admins every project) — their
 * inventory and sales, milestones, and the hand-over to the owners' board, who acknowledge it.
 */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const invite = importInvitations(app);
  app.schedules.add(overdueMilestonesSchedule(app.notifier));

  app.get(
    '/api/projects',
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: "The caller's projects (admins: every project), by name",
        querystring: projectListQuerySchema,
        response: { 200: projectListSchema },
      },
    },
    async (request) => listProjects(contextOf(request), request.query),
  );

  app.post(
    '/api/projects',
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: 'New Project: a community in development, its phases and their planned lots or units',
        body: projectInputSchema,
        response: { 201: projectSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createProject(contextOf(request), request.body)),
  );

  app.get(
    project,
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: 'A project: its phases, sales, closings by month and the projection to the hand-over',
        params: projectIdParamsSchema,
        response: { 200: projectSchema },
      },
    },
    async (request) => getProject(contextOf(request), request.params.id),
  );

  app.put(
    `${project}/handover-threshold`,
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: 'The share of units conveyed that triggers the hand-over, with the clause it comes from',
        params: projectIdParamsSchema,
        body: handoverThresholdInputSchema,
        response: { 200: projectSchema },
      },
    },
    async (request) => setHandoverThreshold(contextOf(request), request.params.id, request.body),
  );

  // --- The developer's team ---

  app.post(
    `${project}/members`,
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: "Another of the developer's people on the project, by their developer account's e-mail",
        params: projectIdParamsSchema,
        body: projectMemberInputSchema,
        response: { 200: projectSchema },
      },
    },
    async (request) => addProjectMember(contextOf(request), request.params.id, request.body),
  );

  app.delete(
    `${project}/members/:userId`,
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: 'Someone taken off the project (it keeps at least one); their access ends at once',
        params: projectMemberParamsSchema,
      },
    },
    async (request, reply) => {
      await removeProjectMember(contextOf(request), request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  );

  // --- Inventory and sales ---

  app.get(
    `${project}/units`,
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: "The project's lots and units with their sales, by phase and label",
        params: projectIdParamsSchema,
        querystring: projectUnitListQuerySchema,
        response: { 200: projectUnitListSchema },
      },
    },
    async (request) => listProjectUnits(contextOf(request), request.params.id, request.query),
  );

  app.post(
    `${project}/units/steps`,
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: 'Start construction on, or release for sale, several lots at once (all or none)',
        params: projectIdParamsSchema,
        body: projectUnitsStepSchema,
        response: { 200: projectUnitsStepResultSchema },
      },
    },
    async (request) => stepProjectUnits(contextOf(request), request.params.id, request.body),
  );

  app.post(
    `${project}/units/:unitId/contract`,
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: 'A contract with a buyer; with a closing date, the closing too',
        params: projectUnitParamsSchema,
        body: unitContractInputSchema,
        response: { 200: projectUnitSchema },
      },
    },
    async (request) =>
      signContract(contextOf(request), request.params.id, request.params.unitId, request.body, invite),
  );

  app.post(
    `${project}/units/:unitId/close`,
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: 'The closing: the unit is conveyed to its buyer, invited by e-mail as its owner',
        params: projectUnitParamsSchema,
        body: unitClosingInputSchema,
        response: { 200: projectUnitSchema },
      },
    },
    async (request) =>
      closeSale(contextOf(request), request.params.id, request.params.unitId, request.body, invite),
  );

  app.post(
    `${project}/units/:unitId/cancel-contract`,
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: 'A contract that fell through: the unit is available again',
        params: projectUnitParamsSchema,
        body: unitContractCancelSchema,
        response: { 200: projectUnitSchema },
      },
    },
    async (request) =>
      cancelContract(contextOf(request), request.params.id, request.params.unitId, request.body),
  );

  // --- Milestones ---

  app.get(
    `${project}/milestones`,
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: "The project's milestones by planned date (at most 200 a project)",
        params: projectIdParamsSchema,
        response: { 200: milestoneListSchema },
      },
    },
    async (request) => listMilestones(contextOf(request), request.params.id),
  );

  app.post(
    `${project}/milestones`,
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: 'A milestone: planned date, owner, documents',
        params: projectIdParamsSchema,
        body: milestoneInputSchema,
        response: { 201: milestoneSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createMilestone(contextOf(request), request.params.id, request.body)),
  );

  app.patch(
    `${project}/milestones/:milestoneId`,
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: 'Change a milestone (done: its actual date)',
        params: milestoneParamsSchema,
        body: milestoneUpdateSchema,
        response: { 200: milestoneSchema },
      },
    },
    async (request) =>
      updateMilestone(contextOf(request), request.params.id, request.params.milestoneId, request.body),
  );

  // --- Hand-over ---

  app.get(
    `${project}/handover`,
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: 'The hand-over checklist from live data, and the latest report',
        params: projectIdParamsSchema,
        response: { 200: handoverSchema },
      },
    },
    async (request) => getHandover(contextOf(request), request.params.id),
  );

  app.put(
    `${project}/handover/items/:key/documents`,
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: "The community's documents attached to a hand-over item as its evidence",
        params: handoverItemParamsSchema,
        body: handoverItemDocumentsSchema,
        response: { 200: handoverSchema },
      },
    },
    async (request) =>
      setItemDocuments(contextOf(request), request.params.id, request.params.key, request.body),
  );

  app.post(
    `${project}/handover/reports`,
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: "A hand-over report: the checklist frozen with its evidence, sent to the owners' board",
        params: projectIdParamsSchema,
        response: { 201: handoverReportSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createHandoverReport(contextOf(request), request.params.id)),
  );

  app.get(
    `${project}/handover/reports/:reportId/pdf`,
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: 'A hand-over report as PDF (the same file every time)',
        params: handoverReportParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) =>
      sendPdf(reply, await projectReportPdf(contextOf(request), request.params.id, request.params.reportId)),
  );

  // --- The owners' board ---

  app.get(
    '/api/board-portal/handovers',
    {
      config: { access: 'handover:acknowledge' },
      schema: {
        tags,
        summary: 'The latest hand-over report of each association whose board the caller sits on',
        response: { 200: boardHandoverListSchema },
      },
    },
    async (request) => listBoardHandovers(contextOf(request)),
  );

  app.get(
    '/api/properties/:propertyId/handover',
    {
      config: { access: 'handover:acknowledge' },
      schema: {
        tags,
        summary: "The association's latest hand-over report, for its board",
        params: boardHandoverParamsSchema,
        response: { 200: boardHandoverSchema },
      },
    },
    async (request) => getBoardHandover(contextOf(request), request.params.propertyId),
  );

  app.post(
    '/api/properties/:propertyId/handover/reports/:reportId/items/:key/acknowledge',
    {
      config: { access: 'handover:acknowledge' },
      schema: {
        tags,
        summary: "A board member's receipt of one item of the latest hand-over report",
        params: boardHandoverAckParamsSchema,
        body: handoverAckInputSchema,
        response: { 200: boardHandoverSchema },
      },
    },
    async (request) => acknowledgeHandoverItem(contextOf(request), request.params, request.body),
  );

  app.get(
    '/api/properties/:propertyId/handover/reports/:reportId/pdf',
    {
      config: { access: 'handover:acknowledge' },
      schema: {
        tags,
        summary: "A hand-over report as PDF, for the association's board",
        params: boardHandoverParamsSchema.extend({ reportId: z.uuid('That is not a valid report id') }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await boardReportPdf(contextOf(request), request.params.propertyId, request.params.reportId),
      ),
  );
};
