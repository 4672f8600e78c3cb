import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  committeeInputSchema,
  committeeListQuerySchema,
  committeeListSchema,
  committeeMemberInputSchema,
  committeeMemberParamsSchema,
  committeeMemberSchema,
  committeeMemberUpdateSchema,
  committeeParamsSchema,
  committeeSchema,
  endCommitteeMemberSchema,
  propertyIdParamsSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import {
  addMember,
  createCommittee,
  deleteCommittee,
  endMember,
  listCommittees,
  updateCommittee,
  updateMember,
} from './committees.service.ts';

export const committeesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/properties/:id/committees',
    {
      config: { access: 'committees:read' },
      schema: {
        tags: ['committees'],
        summary: "A property's board and committees with their members (current; past on request)",
        params: propertyIdParamsSchema,
        querystring: committeeListQuerySchema,
        response: { 200: committeeListSchema },
      },
    },
    async (request) => listCommittees(contextOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/properties/:id/committees',
    {
      config: { access: 'committees:write' },
      schema: {
        tags: ['committees'],
        summary: 'Create the board or a committee',
        params: propertyIdParamsSchema,
        body: committeeInputSchema,
        response: { 201: committeeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCommittee(contextOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/properties/:id/committees/:committeeId',
    {
      config: { access: 'committees:write' },
      schema: {
        tags: ['committees'],
        summary: 'Change a committee (every field of the form)',
        params: committeeParamsSchema,
        body: committeeInputSchema,
        response: { 200: committeeSchema },
      },
    },
    async (request) =>
      updateCommittee(contextOf(request), request.params.id, request.params.committeeId, request.body),
  );

  app.delete(
    '/api/properties/:id/committees/:committeeId',
    {
      config: { access: 'committees:write' },
      schema: {
        tags: ['committees'],
        summary: 'Delete a committee that has never had members',
        params: committeeParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteCommittee(contextOf(request), request.params.id, request.params.committeeId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/properties/:id/committees/:committeeId/members',
    {
      config: { access: 'committees:write' },
      schema: {
        tags: ['committees'],
        summary: 'Seat a person on the board or a committee, with a role and a term',
        params: committeeParamsSchema,
        body: committeeMemberInputSchema,
        response: { 201: committeeMemberSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await addMember(contextOf(request), request.params.id, request.params.committeeId, request.body),
        ),
  );

  app.patch(
    '/api/properties/:id/committees/:committeeId/members/:memberId',
    {
      config: { access: 'committees:write' },
      schema: {
        tags: ['committees'],
        summary: "Change a seat's role or term",
        params: committeeMemberParamsSchema,
        body: committeeMemberUpdateSchema,
        response: { 200: committeeMemberSchema },
      },
    },
    async (request) => {
      const { id, committeeId, memberId } = request.params;
      return updateMember(contextOf(request), id, committeeId, memberId, request.body);
    },
  );

  app.post(
    '/api/properties/:id/committees/:committeeId/members/:memberId/end',
    {
      config: { access: 'committees:write' },
      schema: {
        tags: ['committees'],
        summary: 'End a term (the seat stays, with its dates)',
        params: committeeMemberParamsSchema,
        body: endCommitteeMemberSchema,
        response: { 200: committeeMemberSchema },
      },
    },
    async (request) => {
      const { id, committeeId, memberId } = request.params;
      return endMember(contextOf(request), id, committeeId, memberId, request.body);
    },
  );
};
