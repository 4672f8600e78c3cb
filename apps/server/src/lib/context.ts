import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { actorOf, type Actor } from '../plugins/access.ts';
import { actingAs } from '../modules/audit/act-as.ts';

/**
 * What every service function receives: the database and the person calling. A request's database
 * names the person in every transaction it opens, for the audit trail (modules/audit).
 */
export type ServiceContext = { db: Db; actor: Actor };

export function contextOf(request: FastifyRequest): ServiceContext {
  const actor = actorOf(request);
  return { db: actingAs(request.server.db, actor, request.id), actor };
}
