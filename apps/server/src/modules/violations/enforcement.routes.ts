import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  enforcementPolicyInputSchema,
  enforcementPolicySchema,
  enforcementStateSchema,
  hearingDecisionInputSchema,
  hearingInputSchema,
  hearingParamsSchema,
  hearingVoteInputSchema,
  noticeDraftInputSchema,
  propertyIdParamsSchema,
  violationParamsSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import {
  draftNotice,
  getEnforcement,
  getEnforcementPolicy,
  installDefaultEnforcement,
  saveEnforcementPolicy,
  type EnforcementContext,
} from './enforcement.service.ts';
import { cancelHearing, decideHearing, recordVote, scheduleHearing } from './hearings.service.ts';

/**
 * Enforcement after a violation is recorded (issue 21 items 4 and 6): the association's stages, each
 * violation's notices (approved and sent through the letters routes), hearings, votes and decisions.
 * Managers act; the board reads (and approves a notice where the association gives it the board).
 */
export const enforcementRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest): EnforcementContext => ({
    ...contextOf(request),
    storage: app.storage,
  });
  const tags = ['violations'];

  app.get(
    '/api/properties/:id/enforcement-policy',
    {
      config: { access: 'violations:read' },
      schema: {
        tags,
        summary:
          "The association's enforcement stages (the defaults until saved) and the law on hearings and fines",
        params: propertyIdParamsSchema,
        response: { 200: enforcementPolicySchema },
      },
    },
    async (request) => getEnforcementPolicy(contextOf(request), request.params.id),
  );

  app.put(
    '/api/properties/:id/enforcement-policy',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary:
          'Save the stages: notices first, then one hearing, then fines; each with its template and approver',
        params: propertyIdParamsSchema,
        body: enforcementPolicyInputSchema,
        response: { 200: enforcementPolicySchema },
      },
    },
    async (request) => saveEnforcementPolicy(contextOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/properties/:id/enforcement-policy/defaults',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary:
          'Publish the default violation letters the association lacks, and save the default stages if it has none',
        params: propertyIdParamsSchema,
        response: { 200: enforcementPolicySchema },
      },
    },
    async (request) => installDefaultEnforcement(contextOf(request), request.params.id),
  );

  app.get(
    '/api/violations/:violationId/enforcement',
    {
      config: { access: 'violations:read' },
      schema: {
        tags,
        summary: "A violation's notices, hearings and what may happen next",
        params: violationParamsSchema,
        response: { 200: enforcementStateSchema },
      },
    },
    async (request) => getEnforcement(contextOf(request), request.params.violationId),
  );

  app.post(
    '/api/violations/:violationId/notices',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: "Draft the next stage's notice (approved and sent through the letters routes)",
        params: violationParamsSchema,
        body: noticeDraftInputSchema,
        response: { 200: enforcementStateSchema },
      },
    },
    async (request) => draftNotice(context(request), request.params.violationId, request.body),
  );

  app.post(
    '/api/violations/:violationId/hearings',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: 'Schedule the hearing (with the notice period the law requires) and draft its notice',
        params: violationParamsSchema,
        body: hearingInputSchema,
        response: { 200: enforcementStateSchema },
      },
    },
    async (request) => scheduleHearing(context(request), request.params.violationId, request.body),
  );

  app.post(
    '/api/violations/:violationId/hearings/:hearingId/votes',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: "Record a committee member's vote at the hearing (never changed)",
        params: hearingParamsSchema,
        body: hearingVoteInputSchema,
        response: { 200: enforcementStateSchema },
      },
    },
    async (request) =>
      recordVote(context(request), request.params.violationId, request.params.hearingId, request.body),
  );

  app.post(
    '/api/violations/:violationId/hearings/:hearingId/decision',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: 'Decide the hearing: a fine posts to the unit’s ledger only when the procedure allows it',
        params: hearingParamsSchema,
        body: hearingDecisionInputSchema,
        response: { 200: enforcementStateSchema },
      },
    },
    async (request) =>
      decideHearing(context(request), request.params.violationId, request.params.hearingId, request.body),
  );

  app.post(
    '/api/violations/:violationId/hearings/:hearingId/cancel',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: 'Cancel a scheduled hearing (its unsent notice is cancelled with it)',
        params: hearingParamsSchema,
        response: { 200: enforcementStateSchema },
      },
    },
    async (request) => cancelHearing(context(request), request.params.violationId, request.params.hearingId),
  );
};
