import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/access.ts';

type Executor = Pick<Db, 'execute'>;

/**
 * Names who is acting for the rest of the transaction: the audit triggers (decision 0032) read these
 * transaction-local settings into every row they write. They end with the transaction, so a pooled
 * connection never carries one person's name into another's work.
 */
export async function actAs(tx: Executor, actor: Pick<Actor, 'id' | 'role'>, requestId: string | null) {
  await tx.execute(
    sql`select set_config('commonwise.actor_id', ${actor.id}, true),
      set_config('commonwise.actor_role', ${actor.role}, true),
      set_config('commonwise.request_id', ${requestId ?? ''}, true)`,
  );
}

/**
 * The database as a person's request uses it: every transaction it opens starts by naming them, so
 * each change it makes is recorded as theirs. Everything else is the database itself.
 */
export function actingAs(db: Db, actor: Actor, requestId: string | null): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      const transaction: Db['transaction'] = (work, config) =>
        target.transaction(async (tx) => {
          await actAs(tx, actor, requestId);
          return work(tx);
        }, config);
      return transaction;
    },
  });
}
