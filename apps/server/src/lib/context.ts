import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { actorOf, type Actor } from '../plugins/access.ts';

/** What every service function receives: the database and the person calling. */
export type ServiceContext = { db: Db; actor: Actor };

export function contextOf(request: FastifyRequest): ServiceContext {
  return { db: request.server.db, actor: actorOf(request) };
}
