import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  inspectionListQuerySchema,
  inspectionListSchema,
  inspectionParamsSchema,
  inspectionSchema,
  inspectionUnitListSchema,
  inspectionUnitsQuerySchema,
  propertyIdParamsSchema,
  ruleSuggestionRunSchema,
  violationCloseInputSchema,
  violationInputSchema,
  violationListQuerySchema,
  violationListSchema,
  violationObservationInputSchema,
  violationParamsSchema,
  violationRuleInputSchema,
  violationRuleListQuerySchema,
  violationRuleListSchema,
  violationRuleParamsSchema,
  violationRuleSchema,
  violationSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { AttachmentLinks } from '../attachments/attachment-links.ts';
import {
  endInspection,
  getInspection,
  listInspections,
  listInspectionUnits,
  startInspection,
} from './inspections.service.ts';
import {
  createRule,
  dismissSuggestion,
  listRules,
  retireRule,
  saveRule,
  suggestRules,
} from './rules.service.ts';
import {
  closeViolation,
  getViolation,
  listViolations,
  observeAgain,
  recordViolation,
  type ViolationsContext,
} from './violations.service.ts';

/**
 * Covenant enforcement (issue 21): the association's rules (read from its documents, confirmed by a
 * manager), inspections, and the violations recorded in them. Managers keep them; the board reads them;
 * which associations is decided by membership (violation-access.ts).
 */
export const violationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = new AttachmentLinks(app.config.authSecret);
  const violationsContext = (request: FastifyRequest): ViolationsContext => ({
    ...contextOf(request),
    links,
  });
  const tags = ['violations'];

  app.get(
    '/api/properties/:id/violation-rules',
    {
      config: { access: 'violations:read' },
      schema: {
        tags,
        summary: "The association's enforceable rules: suggestions first, then those in use, then retired",
        params: propertyIdParamsSchema,
        querystring: violationRuleListQuerySchema,
        response: { 200: violationRuleListSchema },
      },
    },
    async (request) => listRules(contextOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/properties/:id/violation-rules',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: 'Write a rule (in use at once); a clause from a document must be quoted word for word',
        params: propertyIdParamsSchema,
        body: violationRuleInputSchema,
        response: { 201: violationRuleSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRule(contextOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/properties/:id/violation-rules/suggestions',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: "Read the association's processed CC&Rs, rules and guidelines for rules, as suggestions",
        params: propertyIdParamsSchema,
        response: { 200: ruleSuggestionRunSchema },
      },
    },
    async (request) => suggestRules(contextOf(request), request.params.id),
  );

  app.put(
    '/api/properties/:id/violation-rules/:ruleId',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: 'Change a rule or a suggestion (every field of the form)',
        params: violationRuleParamsSchema,
        body: violationRuleInputSchema,
        response: { 200: violationRuleSchema },
      },
    },
    async (request) =>
      saveRule(contextOf(request), request.params.id, request.params.ruleId, request.body, false),
  );

  app.post(
    '/api/properties/:id/violation-rules/:ruleId/confirm',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: 'Confirm a suggestion, as edited: it is enforced from now on',
        params: violationRuleParamsSchema,
        body: violationRuleInputSchema,
        response: { 200: violationRuleSchema },
      },
    },
    async (request) =>
      saveRule(contextOf(request), request.params.id, request.params.ruleId, request.body, true),
  );

  app.post(
    '/api/properties/:id/violation-rules/:ruleId/retire',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: 'Retire a rule in use: no new violations; open ones keep citing it',
        params: violationRuleParamsSchema,
        response: { 200: violationRuleSchema },
      },
    },
    async (request) => retireRule(contextOf(request), request.params.id, request.params.ruleId),
  );

  app.delete(
    '/api/properties/:id/violation-rules/:ruleId',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: 'Dismiss a suggestion',
        params: violationRuleParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await dismissSuggestion(contextOf(request), request.params.id, request.params.ruleId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/properties/:id/inspections',
    {
      config: { access: 'violations:read' },
      schema: {
        tags,
        summary: "The association's inspections, newest first",
        params: propertyIdParamsSchema,
        querystring: inspectionListQuerySchema,
        response: { 200: inspectionListSchema },
      },
    },
    async (request) => listInspections(contextOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/properties/:id/inspections',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: 'Start an inspection (or continue the one the caller has open there)',
        params: propertyIdParamsSchema,
        response: { 201: inspectionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await startInspection(contextOf(request), request.params.id)),
  );

  app.get(
    '/api/inspections/:inspectionId',
    {
      config: { access: 'violations:read' },
      schema: {
        tags,
        summary: 'An inspection',
        params: inspectionParamsSchema,
        response: { 200: inspectionSchema },
      },
    },
    async (request) => getInspection(contextOf(request), request.params.inspectionId),
  );

  app.post(
    '/api/inspections/:inspectionId/end',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: 'End the caller’s inspection',
        params: inspectionParamsSchema,
        response: { 200: inspectionSchema },
      },
    },
    async (request) => endInspection(contextOf(request), request.params.inspectionId),
  );

  app.get(
    '/api/inspections/:inspectionId/units',
    {
      config: { access: 'violations:read' },
      schema: {
        tags,
        summary: 'The units to inspect, nearest first when a location is given, with what is open at each',
        params: inspectionParamsSchema,
        querystring: inspectionUnitsQuerySchema,
        response: { 200: inspectionUnitListSchema },
      },
    },
    async (request) => listInspectionUnits(contextOf(request), request.params.inspectionId, request.query),
  );

  app.post(
    '/api/inspections/:inspectionId/violations',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: 'Record a violation seen in the caller’s open inspection, with 1–10 photos uploaded to it',
        params: inspectionParamsSchema,
        body: violationInputSchema,
        response: { 201: violationSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordViolation(violationsContext(request), request.params.inspectionId, request.body)),
  );

  app.get(
    '/api/violations',
    {
      config: { access: 'violations:read' },
      schema: {
        tags,
        summary: 'Violations of the associations the caller reads, newest first, with filters',
        querystring: violationListQuerySchema,
        response: { 200: violationListSchema },
      },
    },
    async (request) => listViolations(violationsContext(request), request.query),
  );

  app.get(
    '/api/violations/:violationId',
    {
      config: { access: 'violations:read' },
      schema: {
        tags,
        summary: 'A violation with its clause, photos and timeline',
        params: violationParamsSchema,
        response: { 200: violationSchema },
      },
    },
    async (request) => getViolation(violationsContext(request), request.params.violationId),
  );

  app.post(
    '/api/violations/:violationId/observations',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary:
          'The same condition seen again in the caller’s open inspection (escalates the open violation)',
        params: violationParamsSchema,
        body: violationObservationInputSchema,
        response: { 200: violationSchema },
      },
    },
    async (request) => observeAgain(violationsContext(request), request.params.violationId, request.body),
  );

  app.post(
    '/api/violations/:violationId/close',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: 'Close an open violation as cured or dismissed, saying why',
        params: violationParamsSchema,
        body: violationCloseInputSchema,
        response: { 200: violationSchema },
      },
    },
    async (request) => closeViolation(violationsContext(request), request.params.violationId, request.body),
  );
};
