import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectIdParamsSchema, projectInputSchema, projectSchema } from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { createProject, getProject } from './projects.service.ts';

const tags = ['projects'];

/** Communities under development (issue 25): a developer's own projects; admins every project. */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
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
    '/api/projects/:id',
    {
      config: { access: 'projects:manage' },
      schema: {
        tags,
        summary: 'A project with its phases and their units by sales status',
        params: projectIdParamsSchema,
        response: { 200: projectSchema },
      },
    },
    async (request) => getProject(contextOf(request), request.params.id),
  );
};
