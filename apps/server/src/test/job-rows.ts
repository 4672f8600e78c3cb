import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { heartbeatSeconds, jobSchema } from '../plugins/jobs.ts';

/**
 * A background job as the tests look at it, read from pg-boss's table (plugins/jobs.ts): the shape our
 * former `jobs` table had, so the tests' assertions read as they did.
 * - status: queued (created, or retry: waiting), running (active), completed, failed;
 * - attempts: the attempts begun; a job handed back by stop() has not begun its next one.
 */
export type JobRow = {
  id: string;
  queue: string;
  payload: Record<string, unknown>;
  status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  lastError: string | null;
  dedupeKey: string | null;
};

const statusOf: Record<string, JobRow['status']> = {
  created: 'queued',
  retry: 'queued',
  active: 'running',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** The jobs matching all the given conditions, oldest first. */
export async function jobRows(
  db: Pick<Db, 'execute'>,
  where: { id?: string; queue?: string; dedupeKey?: string },
): Promise<JobRow[]> {
  const conditions: SQL[] = [sql`true`];
  if (where.id) conditions.push(sql`id = ${where.id}::uuid`);
  if (where.queue) conditions.push(sql`name = ${where.queue}`);
  if (where.dedupeKey) conditions.push(sql`singleton_key = ${where.dedupeKey}`);
  const result = await db.execute(sql`
    select id::text as id, name, data, state, retry_count, retry_limit, start_after, started_on, output,
      singleton_key
    from ${sql.raw(jobSchema)}.job where ${sql.join(conditions, sql` and `)}
    order by created_on, id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((row) => {
    const output = (typeof row.output === 'string' ? JSON.parse(row.output) : row.output) as {
      message?: string;
    } | null;
    const state = row.state as string;
    return {
      id: row.id as string,
      queue: row.name as string,
      payload: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>,
      status: statusOf[state]!,
      attempts: Number(row.retry_count) + (row.started_on ? 1 : 0),
      maxAttempts: Number(row.retry_limit) + 1,
      runAt: new Date(row.start_after as string),
      lastError: state === 'retry' || state === 'failed' ? (output?.message ?? null) : null,
      dedupeKey: row.singleton_key as string | null,
    };
  });
}

export async function jobRow(db: Pick<Db, 'execute'>, id: string): Promise<JobRow> {
  const [row] = await jobRows(db, { id });
  if (!row) throw new Error(`No job ${id}`);
  return row;
}

/**
 * Makes a job look claimed by a worker of another process on its `attempt`: alive (heartbeat just
 * sent) or dead (its heartbeat lapsed long ago).
 */
export async function holdJob(
  db: Pick<Db, 'execute'>,
  id: string,
  options: { attempt: number; worker: 'alive' | 'dead' },
): Promise<void> {
  const heartbeat = options.worker === 'alive' ? sql`now()` : sql`now() - interval '1 hour'`;
  await db.execute(sql`
    update ${sql.raw(jobSchema)}.job set state = 'active', retry_count = ${options.attempt - 1},
      started_on = now() - interval '1 hour', heartbeat_on = ${heartbeat},
      heartbeat_seconds = ${heartbeatSeconds}
    where id = ${id}::uuid`);
}
