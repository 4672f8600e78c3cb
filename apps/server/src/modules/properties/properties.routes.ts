import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addResidentSchema,
  addedResidentSchema,
  assignManagerSchema,
  assignmentParamsSchema,
  propertyIdParamsSchema,
  propertyInputSchema,
  propertyListQuerySchema,
  propertyListSchema,
  propertyPeopleQuerySchema,
  propertyManagerListSchema,
  propertyManagerSchema,
  propertyResidentListSchema,
  propertySchema,
  updateManagerSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { createProperty, getProperty, listProperties, updateProperty } from './properties.service.ts';
import {
  addResident,
  assignManager,
  listManagers,
  listResidents,
  makePrimaryManager,
  removeManager,
  removeResident,
} from './property-people.service.ts';

export const propertiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/properties',
    {
      config: { access: 'properties:read' },
      schema: {
        tags: ['properties'],
        summary: 'Properties the caller may see, by name, a page at a time',
        querystring: propertyListQuerySchema,
        response: { 200: propertyListSchema },
      },
    },
    async (request) => listProperties(contextOf(request), request.query),
  );

  app.post(
    '/api/properties',
    {
      config: { access: 'properties:write' },
      schema: {
        tags: ['properties'],
        summary: 'Create a property',
        body: propertyInputSchema,
        response: { 201: propertySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createProperty(contextOf(request), request.body)),
  );

  app.get(
    '/api/properties/:id',
    {
      config: { access: 'properties:read' },
      schema: {
        tags: ['properties'],
        summary: 'One property, if the caller may see it',
        params: propertyIdParamsSchema,
        response: { 200: propertySchema },
      },
    },
    async (request) => getProperty(contextOf(request), request.params.id),
  );

  app.patch(
    '/api/properties/:id',
    {
      config: { access: 'properties:write' },
      schema: {
        tags: ['properties'],
        summary: 'Change a property (every field of the form)',
        params: propertyIdParamsSchema,
        body: propertyInputSchema,
        response: { 200: propertySchema },
      },
    },
    async (request) => updateProperty(contextOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/properties/:id/managers',
    {
      config: { access: 'property-people:read' },
      schema: {
        tags: ['properties'],
        summary: "A property's managers, primary first, a page at a time",
        params: propertyIdParamsSchema,
        querystring: propertyPeopleQuerySchema,
        response: { 200: propertyManagerListSchema },
      },
    },
    async (request) => listManagers(contextOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/properties/:id/managers',
    {
      config: { access: 'property-people:write' },
      schema: {
        tags: ['properties'],
        summary: 'Assign a user with the manager role',
        params: propertyIdParamsSchema,
        body: assignManagerSchema,
        response: { 201: propertyManagerSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await assignManager(contextOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/properties/:id/managers/:assignmentId',
    {
      config: { access: 'property-people:write' },
      schema: {
        tags: ['properties'],
        summary: 'Make a manager the primary one',
        params: assignmentParamsSchema,
        body: updateManagerSchema,
        response: { 200: propertyManagerSchema },
      },
    },
    async (request) => makePrimaryManager(contextOf(request), request.params.id, request.params.assignmentId),
  );

  app.delete(
    '/api/properties/:id/managers/:assignmentId',
    {
      config: { access: 'property-people:write' },
      schema: {
        tags: ['properties'],
        summary: 'Remove a manager from a property',
        params: assignmentParamsSchema,
      },
    },
    async (request, reply) => {
      await removeManager(contextOf(request), request.params.id, request.params.assignmentId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/properties/:id/residents',
    {
      config: { access: 'property-people:read' },
      schema: {
        tags: ['properties'],
        summary: "A property's residents, by unit, a page at a time",
        params: propertyIdParamsSchema,
        querystring: propertyPeopleQuerySchema,
        response: { 200: propertyResidentListSchema },
      },
    },
    async (request) => listResidents(contextOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/properties/:id/residents',
    {
      config: { access: 'property-people:write' },
      schema: {
        tags: ['properties'],
        summary: 'Add a user with the resident role, with their unit',
        params: propertyIdParamsSchema,
        body: addResidentSchema,
        response: { 201: addedResidentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addResident(contextOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/properties/:id/residents/:assignmentId',
    {
      config: { access: 'property-people:write' },
      schema: {
        tags: ['properties'],
        summary: 'Remove a resident from a property',
        params: assignmentParamsSchema,
      },
    },
    async (request, reply) => {
      await removeResident(contextOf(request), request.params.id, request.params.assignmentId);
      return reply.status(204).send();
    },
  );
};
