import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { personParamsSchema, personProfileSchema } from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { getPersonProfile } from './people.service.ts';

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/people/:userId',
    {
      // Who may call it: those who read a property's people (admins, managers, the board); which parts
      // of the profile they get is decided by the properties they administer (people.service.ts).
      config: { access: 'property-people:read' },
      schema: {
        tags: ['people'],
        summary: "A person's units and memberships across associations, current and past",
        params: personParamsSchema,
        response: { 200: personProfileSchema },
      },
    },
    async (request) => getPersonProfile(contextOf(request), request.params.userId),
  );
};
