import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userListQuerySchema, userListSchema } from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { listUsers } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users',
    {
      config: { access: 'users:list' },
      schema: {
        tags: ['users'],
        summary: 'People the caller may manage, newest first',
        querystring: userListQuerySchema,
        response: { 200: userListSchema },
      },
    },
    async (request) => listUsers(contextOf(request), request.query),
  );
};
