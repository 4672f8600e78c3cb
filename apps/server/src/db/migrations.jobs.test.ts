import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../plugins/jobs.ts';
import { jobRows } from '../test/job-rows.ts';
import type { Database } from './client.ts';
import { databaseBefore } from '../test/database-before.ts';
import { runMigrations } from './migrate.ts';

/**
 * Issue 18 item 1 (decision 0034): our own `jobs` table is dropped for pg-boss. The jobs it still held at
 * the upgrade, queued or cut off while running, are not forgotten: migration 0018 keeps them and the job
 * queue moves them into pg-boss when it starts, with the attempts they had left; finished ones are not.
 */

type Row = Record<string, unknown>;
let database: Database;
let close: () => Promise<void>;
let queue: JobQueue;
const ran: string[] = [];

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

beforeAll(async () => {
  ({ database, close } = await databaseBefore('0018_jobs_on_pg_boss'));
  await database.pglite!.exec(`
    insert into jobs (id, queue, payload, status, attempts, max_attempts, run_at, locked_by, locked_until, dedupe_key, finished_at) values
      ('${id(1)}', 'documents.process', '{"documentId":"d-1"}', 'queued', 0, 3, now(), null, null, 'd-1', null),
      ('${id(2)}', 'documents.process', '{"documentId":"d-2"}', 'running', 2, 3, now() - interval '1 minute',
        'host:123:abcd', now() + interval '1 minute', 'd-2', null),
      ('${id(3)}', 'documents.process', '{"documentId":"d-3"}', 'completed', 1, 3, now(), null, null, 'd-3', now()),
      ('${id(4)}', 'assistant.reply', '{"messageId":"m-4"}', 'failed', 3, 3, now(), null, null, 'm-4', now()),
      ('${id(5)}', 'assistant.reply', '{"messageId":"m-5"}', 'queued', 1, 3, now() + interval '1 hour', null, null, 'm-5', null);
  `);
  await runMigrations(database);
  queue = new JobQueue(database, { concurrency: 0 });
  for (const name of ['documents.process', 'assistant.reply'])
    queue.register<{ documentId?: string; messageId?: string }>(name, {
      run: async (job) => void ran.push(job.payload.documentId ?? job.payload.messageId ?? '?'),
    });
  await queue.prepare();
});

afterAll(async () => {
  await queue.stop();
  await close();
});

async function rows(query: string): Promise<Row[]> {
  return (await database.pglite!.query<Row>(query)).rows;
}

describe('the jobs of our former queue move into pg-boss (migration 0018)', () => {
  it('drops the jobs table and keeps nothing waiting to move once the queue has started', async () => {
    expect(await rows(`select to_regclass('jobs') is null as dropped`)).toEqual([{ dropped: true }]);
    expect(await rows(`select count(*)::int as n from jobs_to_move`)).toEqual([{ n: 0 }]);
  });

  it('moves the queued and the interrupted jobs, under their ids and keys, with the attempts they had left', async () => {
    const moved = [
      ...(await jobRows(database.db, { queue: 'documents.process' })),
      ...(await jobRows(database.db, { queue: 'assistant.reply' })),
    ];
    expect(moved.map((job) => [job.id, job.dedupeKey, job.status, job.maxAttempts])).toEqual([
      [id(1), 'd-1', 'queued', 3],
      // Running when the server stopped: that attempt counts, and it runs again at once.
      [id(2), 'd-2', 'queued', 1],
      [id(5), 'm-5', 'queued', 2],
    ]);
    expect(moved.find((job) => job.id === id(5))!.runAt.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
  });

  it('runs them like any other job, and only those that are due', async () => {
    expect(await queue.runDue()).toBe(2);
    expect(ran.sort()).toEqual(['d-1', 'd-2']);
  });
});
