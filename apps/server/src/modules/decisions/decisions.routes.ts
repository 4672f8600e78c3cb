import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  castDecisionVoteSchema,
  createDecisionItemSchema,
  decideDecisionItemSchema,
  decisionItemSchema,
  decisionListQuerySchema,
  decisionListSchema,
  pageQueryFields,
  publishedDecisionListSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import {
  castVote,
  createDecision,
  decideDecision,
  getDecision,
  listDecisions,
  listPublishedDecisions,
  withdrawDecision,
} from './decisions.service.ts';

const propertyParamsSchema = z.object({ propertyId: z.uuid('That is not an association') });
const itemParamsSchema = propertyParamsSchema.extend({ itemId: z.uuid('That is not a decision item') });
const publishedQuerySchema = z.object(pageQueryFields(25));

/**
 * Board and committee decisions (issue 22, decision 0060): the items, the members' votes, the outcome
 * recorded under the committee's rule, and the decided items the association publishes to residents.
 * Who reads, votes or decides is decided by membership in the service (scope.ts decisionScope).
 */
export const decisionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['decisions'];

  app.get(
    '/api/decisions',
    {
      config: { access: 'decisions:read' },
      schema: {
        tags,
        summary:
          'Items the caller may read: open ones by due date, then decided ones, newest first; mine=true: those waiting for my vote',
        querystring: decisionListQuerySchema,
        response: { 200: decisionListSchema },
      },
    },
    async (request) => listDecisions(contextOf(request), request.query),
  );

  app.post(
    '/api/properties/:propertyId/decisions',
    {
      config: { access: 'decisions:write' },
      schema: {
        tags,
        summary:
          'Put an item before the board (or a committee): its background, options, documents and due date',
        params: propertyParamsSchema,
        body: createDecisionItemSchema,
        response: { 201: decisionItemSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createDecision(contextOf(request), request.params.propertyId, request.body)),
  );

  app.get(
    '/api/properties/:propertyId/decisions/:itemId',
    {
      config: { access: 'decisions:read' },
      schema: {
        tags,
        summary:
          'An item with its votes, what its rule needs, what the votes carry, and what the caller may do',
        params: itemParamsSchema,
        response: { 200: decisionItemSchema },
      },
    },
    async (request) => getDecision(contextOf(request), request.params.propertyId, request.params.itemId),
  );

  app.post(
    '/api/properties/:propertyId/decisions/:itemId/votes',
    {
      config: { access: 'decisions:vote' },
      schema: {
        tags,
        summary: "A serving member's vote (an option or 'abstain'): once, never changed",
        params: itemParamsSchema,
        body: castDecisionVoteSchema,
        response: { 200: decisionItemSchema },
      },
    },
    async (request) =>
      castVote(contextOf(request), request.params.propertyId, request.params.itemId, request.body),
  );

  app.post(
    '/api/properties/:propertyId/decisions/:itemId/decide',
    {
      config: { access: 'decisions:vote' },
      schema: {
        tags,
        summary:
          "Record the outcome: by the votes recorded here, or by a meeting's vote; refused unless they carry it under the committee's rule",
        params: itemParamsSchema,
        body: decideDecisionItemSchema,
        response: { 200: decisionItemSchema },
      },
    },
    async (request) =>
      decideDecision(contextOf(request), request.params.propertyId, request.params.itemId, request.body),
  );

  app.post(
    '/api/properties/:propertyId/decisions/:itemId/withdraw',
    {
      config: { access: 'decisions:write' },
      schema: {
        tags,
        summary: 'Take an open item off the agenda',
        params: itemParamsSchema,
        response: { 200: decisionItemSchema },
      },
    },
    async (request) => withdrawDecision(contextOf(request), request.params.propertyId, request.params.itemId),
  );

  app.get(
    '/api/resident-portal/decisions',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags,
        summary:
          'Decided items published by the associations where the caller owns or lives in a unit: the outcome, not who voted how',
        querystring: publishedQuerySchema,
        response: { 200: publishedDecisionListSchema },
      },
    },
    async (request) => listPublishedDecisions(contextOf(request), request.query),
  );
};
