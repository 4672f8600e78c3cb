import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { actorOf, type Actor } from '../plugins/access.ts';
import { actingAs } from '../modules/audit/act-as.ts';
import type { Notifier } from '../modules/notifications/notify.ts';

/**
 * What every service function receives: the database, the person calling, and notify(). A request's database
 * names the person in every transaction it opens, for the audit trail (modules/audit).
 */
export type ServiceContext = { db: Db; actor: Actor; notifier: Notifier };

export function contextOf(request: FastifyRequest): ServiceContext {
  const actor = actorOf(request);
  return { db: actingAs(request.server.db, actor, request.id), actor, notifier: request.server.notifier };
}
