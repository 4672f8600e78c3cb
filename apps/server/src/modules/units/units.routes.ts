import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  endMembershipSchema,
  occupancyInputSchema,
  occupancyListSchema,
  occupancyParamsSchema,
  occupancySchema,
  occupancyUpdateSchema,
  ownershipInputSchema,
  ownershipListSchema,
  ownershipParamsSchema,
  ownershipSchema,
  ownershipUpdateSchema,
  peopleListSchema,
  peopleQuerySchema,
  propertyIdParamsSchema,
  unitInputSchema,
  unitListQuerySchema,
  unitListSchema,
  unitParamsSchema,
  unitSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { createUnit, listUnits, setUnitArchived, updateUnit } from './units.service.ts';
import { addOwnership, endOwnership, listOwnerships, updateOwnership } from './ownerships.service.ts';
import { addOccupancy, listOccupancies, moveOut, updateOccupancy } from './occupancies.service.ts';
import { listPeople } from './people.service.ts';

/**
 * A property's units, their owners and occupants (issue 17). Reads are scoped by membership (a property's
 * managers and board see every unit, owners and occupants their own); writes are for the property's
 * managers and admins (modules/access/scope.ts).
 */
export const unitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/properties/:id/units',
    {
      config: { access: 'units:read' },
      schema: {
        tags: ['units'],
        summary: "A property's units the caller may see, searched and paged",
        params: propertyIdParamsSchema,
        querystring: unitListQuerySchema,
        response: { 200: unitListSchema },
      },
    },
    async (request) => listUnits(contextOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/properties/:id/units',
    {
      config: { access: 'units:write' },
      schema: {
        tags: ['units'],
        summary: 'Add a unit',
        params: propertyIdParamsSchema,
        body: unitInputSchema,
        response: { 201: unitSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createUnit(contextOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/properties/:id/units/:unitId',
    {
      config: { access: 'units:write' },
      schema: {
        tags: ['units'],
        summary: 'Change a unit (every field of the form)',
        params: unitParamsSchema,
        body: unitInputSchema,
        response: { 200: unitSchema },
      },
    },
    async (request) => updateUnit(contextOf(request), request.params.id, request.params.unitId, request.body),
  );

  for (const [action, archived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    app.post(
      `/api/properties/:id/units/:unitId/${action}`,
      {
        config: { access: 'units:write' },
        schema: {
          tags: ['units'],
          summary: archived
            ? 'Archive a unit: it leaves the lists and the count, its history stays'
            : 'Bring an archived unit back',
          params: unitParamsSchema,
          response: { 200: unitSchema },
        },
      },
      async (request) =>
        setUnitArchived(contextOf(request), request.params.id, request.params.unitId, archived),
    );
  }

  app.get(
    '/api/properties/:id/units/:unitId/ownerships',
    {
      config: { access: 'units:read' },
      schema: {
        tags: ['units'],
        summary: "A unit's owners, past and present",
        params: unitParamsSchema,
        response: { 200: ownershipListSchema },
      },
    },
    async (request) => ({
      ownerships: await listOwnerships(contextOf(request), request.params.id, request.params.unitId),
    }),
  );

  app.post(
    '/api/properties/:id/units/:unitId/ownerships',
    {
      config: { access: 'units:write' },
      schema: {
        tags: ['units'],
        summary: 'Add an owner of a unit',
        params: unitParamsSchema,
        body: ownershipInputSchema,
        response: { 201: ownershipSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addOwnership(contextOf(request), request.params.id, request.params.unitId, request.body)),
  );

  app.patch(
    '/api/properties/:id/units/:unitId/ownerships/:ownershipId',
    {
      config: { access: 'units:write' },
      schema: {
        tags: ['units'],
        summary: "Change an owner's primary contact flag or share of the unit",
        params: ownershipParamsSchema,
        body: ownershipUpdateSchema,
        response: { 200: ownershipSchema },
      },
    },
    async (request) =>
      updateOwnership(contextOf(request), { propertyId: request.params.id, ...request.params }, request.body),
  );

  app.post(
    '/api/properties/:id/units/:unitId/ownerships/:ownershipId/end',
    {
      config: { access: 'units:write' },
      schema: {
        tags: ['units'],
        summary: 'End an ownership on a day (kept, with its dates)',
        params: ownershipParamsSchema,
        body: endMembershipSchema,
        response: { 200: ownershipSchema },
      },
    },
    async (request) =>
      endOwnership(contextOf(request), { propertyId: request.params.id, ...request.params }, request.body.on),
  );

  app.get(
    '/api/properties/:id/units/:unitId/occupancies',
    {
      config: { access: 'units:read' },
      schema: {
        tags: ['units'],
        summary: 'Who lives and lived in a unit',
        params: unitParamsSchema,
        response: { 200: occupancyListSchema },
      },
    },
    async (request) => ({
      occupancies: await listOccupancies(contextOf(request), request.params.id, request.params.unitId),
    }),
  );

  app.post(
    '/api/properties/:id/units/:unitId/occupancies',
    {
      config: { access: 'units:write' },
      schema: {
        tags: ['units'],
        summary: 'Add an occupant of a unit',
        params: unitParamsSchema,
        body: occupancyInputSchema,
        response: { 201: occupancySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addOccupancy(contextOf(request), request.params.id, request.params.unitId, request.body)),
  );

  app.patch(
    '/api/properties/:id/units/:unitId/occupancies/:occupancyId',
    {
      config: { access: 'units:write' },
      schema: {
        tags: ['units'],
        summary: 'Record how an occupant lives in the unit',
        params: occupancyParamsSchema,
        body: occupancyUpdateSchema,
        response: { 200: occupancySchema },
      },
    },
    async (request) =>
      updateOccupancy(contextOf(request), { propertyId: request.params.id, ...request.params }, request.body),
  );

  app.post(
    '/api/properties/:id/units/:unitId/occupancies/:occupancyId/end',
    {
      config: { access: 'units:write' },
      schema: {
        tags: ['units'],
        summary: 'Record a move-out (kept, with its dates)',
        params: occupancyParamsSchema,
        body: endMembershipSchema,
        response: { 200: occupancySchema },
      },
    },
    async (request) =>
      moveOut(contextOf(request), { propertyId: request.params.id, ...request.params }, request.body.on),
  );

  app.get(
    '/api/properties/:id/people',
    {
      config: { access: 'property-people:read' },
      schema: {
        tags: ['units'],
        summary: "A property's owners and occupants with their units, searched and paged",
        params: propertyIdParamsSchema,
        querystring: peopleQuerySchema,
        response: { 200: peopleListSchema },
      },
    },
    async (request) => listPeople(contextOf(request), request.params.id, request.query),
  );
};
