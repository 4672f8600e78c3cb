import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db as BossConnection } from 'pg-boss';
import { openDatabase, type Database } from '../db/client.ts';
import { holdJob, jobRow as readJobRow } from '../test/job-rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { heartbeatSeconds, JobQueue, jobSchema, type JobHandler } from './jobs.ts';

let t: TestApp;
let database: Database;
beforeAll(async () => {
  t = await createTestApp();
  database = t.database;
});
afterAll(async () => t.close());

// Every queue a test makes is stopped after it (pg-boss keeps timers while it runs).
const made: JobQueue[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((queue) => queue.stop(100)));
});

const queueFor = (options: Partial<ConstructorParameters<typeof JobQueue>[1]> = {}) => {
  const queue = new JobQueue(database, { concurrency: 2, pollMs: 20, ...options });
  made.push(queue);
  return queue;
};
/** A queue with one handler, ready to use. */
async function queueWith<P>(
  name: string,
  handler: JobHandler<P>,
  options: Parameters<typeof queueFor>[0] = {},
) {
  const queue = queueFor(options);
  queue.register(name, handler);
  await queue.prepare();
  return queue;
}
const executor = () => database.db;
const jobRow = (id: string) => readJobRow(database.db, id);
const waitFor = async (check: () => Promise<boolean>, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('job queue', () => {
  it('keeps one queued or running job per dedupe key', async () => {
    const queue = await queueWith('test.dedupe', { run: async () => {} });
    const first = await queue.enqueue('test.dedupe', { n: 1 }, { dedupeKey: 'doc-1', executor: executor() });
    const second = await queue.enqueue('test.dedupe', { n: 2 }, { dedupeKey: 'doc-1', executor: executor() });
    expect(first.isNew).toBe(true);
    expect(second).toEqual({ id: first.id, isNew: false });
    expect(await queue.isPending('test.dedupe', 'doc-1')).toBe(true);
    await queue.runDue();
    expect(await queue.isPending('test.dedupe', 'doc-1')).toBe(false);
    // Once finished, the same key may be queued again.
    expect(
      (await queue.enqueue('test.dedupe', { n: 3 }, { dedupeKey: 'doc-1', executor: executor() })).isNew,
    ).toBe(true);
  });

  it('keeps jobs without a dedupe key apart, and enqueues nothing when the caller rolls back', async () => {
    const ran: number[] = [];
    const queue = await queueWith<{ n: number }>('test.apart', {
      run: async (job) => void ran.push(job.payload.n),
    });
    const first = await queue.enqueue('test.apart', { n: 1 }, { executor: executor() });
    const second = await queue.enqueue('test.apart', { n: 2 }, { executor: executor() });
    expect([first.isNew, second.isNew]).toEqual([true, true]);
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue('test.apart', { n: 3 }, { executor: tx });
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    await queue.runDue();
    expect(ran.sort()).toEqual([1, 2]);
  });

  it('runs a job no earlier than its delay', async () => {
    const ran: number[] = [];
    const queue = await queueWith('test.delay', { run: async () => void ran.push(Date.now()) });
    await queue.enqueue('test.delay', {}, { delayMs: 300, executor: executor() });
    expect(await queue.runDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await queue.runDue()).toBe(1);
    expect(ran).toHaveLength(1);
  });

  it('retries a failed job with backoff, then gives up and says so once', async () => {
    const attempts: number[] = [];
    const gaveUp: string[] = [];
    // pg-boss keeps retry delays in whole seconds: the shortest is 1 s.
    const queue = await queueWith<{ name: string }>('test.retry', {
      maxAttempts: 3,
      retryDelaySeconds: 1,
      retryBackoff: false,
      run: async (job) => {
        attempts.push(job.attempt);
        throw new Error(`attempt ${job.attempt} failed`);
      },
      onGiveUp: async ({ payload, error }) => void gaveUp.push(`${payload.name}: ${error}`),
    });
    const { id } = await queue.enqueue('test.retry', { name: 'flaky' }, { executor: executor() });
    await queue.runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'attempt 1 failed' });
    // Not before its backoff.
    expect(await queue.runDue()).toBe(0);
    for (let round = 0; round < 2; round++) {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await queue.runDue();
    }
    expect(attempts).toEqual([1, 2, 3]);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(gaveUp).toEqual(['flaky: attempt 3 failed']);
    // Once: the given-up job's record is done, and nothing is left to run.
    expect(await queue.runDue()).toBe(0);
    expect(gaveUp).toHaveLength(1);
  }, 15_000);

  it('runs jobs in the background once started, and stops cleanly', async () => {
    const done: number[] = [];
    const queue = await queueWith<{ n: number }>(
      'test.background',
      {
        run: async (job) => {
          await new Promise((resolve) => setTimeout(resolve, 30));
          done.push(job.payload.n);
        },
      },
      { concurrency: 1 },
    );
    await queue.start();
    for (const n of [1, 2, 3]) await queue.enqueue('test.background', { n }, { executor: executor() });
    await waitFor(async () => done.length === 3);
    await queue.stop();
    expect(done.sort()).toEqual([1, 2, 3]);
  });

  it('keeps a long job alive with heartbeats, so no other worker takes it', async () => {
    let runs = 0;
    const handler = {
      run: async () => {
        runs++;
        await new Promise((resolve) => setTimeout(resolve, (heartbeatSeconds + 2) * 1000));
      },
    };
    const owner = await queueWith('test.lease', handler);
    const rival = await queueWith('test.lease', handler);
    const { id } = await owner.enqueue('test.lease', {}, { executor: executor() });
    const running = owner.runDue();
    // Past the heartbeat interval: the job would have gone back without the heartbeats.
    await new Promise((resolve) => setTimeout(resolve, (heartbeatSeconds + 1) * 1000));
    expect(await rival.runDue()).toBe(0);
    await running;
    expect(runs).toBe(1);
    expect((await jobRow(id)).status).toBe('completed');
  }, 30_000);

  it('gives a job whose worker stopped back to the queue on stop, without counting the attempt', async () => {
    let started = false;
    const queue = await queueWith(
      'test.release',
      {
        run: async (job) => {
          started = true;
          await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
        },
      },
      { concurrency: 1 },
    );
    const { id } = await queue.enqueue('test.release', {}, { executor: executor() });
    await queue.start();
    await waitFor(async () => started);
    await queue.stop(100);
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0 });
  });
});

/** pg-boss's connection, refusing the next `count` statements (PostgreSQL restarting). */
function failingConnection(count: { left: number }) {
  return (connection: BossConnection): BossConnection => ({
    ...connection,
    executeSql: async (text, values) => {
      if (count.left > 0) {
        count.left -= 1;
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      }
      return connection.executeSql(text, values);
    },
  });
}

describe('job queue while the database restarts', () => {
  it('records a finished job once the database is back, without running it again', async () => {
    const refused = { left: 0 };
    let runs = 0;
    const queue = await queueWith(
      'test.outage',
      {
        run: async () => {
          runs += 1;
          refused.left = 2; // PostgreSQL goes away just as the job finishes
        },
      },
      { concurrency: 1, wrapConnection: failingConnection(refused) },
    );
    const { id } = await queue.enqueue('test.outage', {}, { executor: executor() });
    await queue.runDue();
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'completed', attempts: 1 });
  });

  it('never ends the process when the outcome cannot be written: the job waits for its heartbeat', async () => {
    const refused = { left: 0 };
    const queue = await queueWith(
      'test.outage-long',
      {
        run: async () => {
          refused.left = 100;
          throw new Error('the handler failed too');
        },
      },
      { concurrency: 1, wrapConnection: failingConnection(refused) },
    );
    const { id } = await queue.enqueue('test.outage-long', {}, { executor: executor() });
    await expect(queue.runDue()).resolves.toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 1 });
    refused.left = 0;
    await database.db.execute(sql`delete from ${sql.raw(jobSchema)}.job where id = ${id}::uuid`);
  }, 15_000);
});

describe('job queue after a worker died', () => {
  it('runs again at once the job of a worker whose heartbeat lapsed, and leaves a live worker its job', async () => {
    const ran: string[] = [];
    const queue = await queueWith('test.reclaim', { run: async (job) => void ran.push(job.id) });
    const held = async (worker: 'alive' | 'dead') => {
      const { id } = await queue.enqueue('test.reclaim', { worker }, { executor: executor() });
      await holdJob(database.db, id, { attempt: 1, worker });
      return id;
    };
    const killed = await held('dead');
    const alive = await held('alive');
    expect(await queue.runDue()).toBe(1);
    expect(await jobRow(killed)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(ran).toEqual([killed]);
    expect((await jobRow(alive)).status).toBe('running');
    await database.db.execute(sql`delete from ${sql.raw(jobSchema)}.job where name = 'test.reclaim'`);
  });

  it('says it gave up when the worker died on the last attempt', async () => {
    const gaveUp: string[] = [];
    const queue = await queueWith<{ name: string }>('test.reclaim-last', {
      maxAttempts: 2,
      run: async () => {},
      onGiveUp: async ({ payload, error }) => void gaveUp.push(`${payload.name}: ${error}`),
    });
    const { id } = await queue.enqueue('test.reclaim-last', { name: 'doomed' }, { executor: executor() });
    await holdJob(database.db, id, { attempt: 2, worker: 'dead' });
    await queue.runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(gaveUp).toEqual(['doomed: The worker stopped while running this job.']);
  });
});

describe("job queue and its handlers' transactions", () => {
  it("commits a handler's writes with its completion, and refuses them once the job went to another worker", async () => {
    await database.db.execute(sql`create table if not exists test_effects (job_id text, attempt int)`);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handler: JobHandler<object> = {
      run: async (job) => {
        if (job.attempt === 1) await gate;
        await database.db.transaction(async (tx) => {
          await job.assertStillOwned(tx);
          await tx.execute(sql`insert into test_effects values (${job.id}, ${job.attempt})`);
        });
      },
    };
    const first = await queueWith('test.effects', handler);
    const second = await queueWith('test.effects', handler);
    const { id } = await first.enqueue('test.effects', {}, { executor: executor() });
    const stale = first.runDue();
    // The first worker's heartbeat is made to lapse: the second takes the job and completes it.
    await waitFor(async () => (await jobRow(id)).status === 'running');
    await holdJob(database.db, id, { attempt: 1, worker: 'dead' });
    expect(await second.runDue()).toBe(1);
    release();
    await stale;
    const effects = await database.db.execute(sql`select attempt from test_effects where job_id = ${id}`);
    expect((effects as unknown as { rows: unknown[] }).rows).toEqual([{ attempt: 2 }]);
    expect(await jobRow(id)).toMatchObject({ status: 'completed', attempts: 2 });
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)('job queue on PGlite', () => {
  it('on start, runs again the jobs a crash left running (one process owns the database)', async () => {
    const ran: string[] = [];
    const queue = await queueWith(
      'test.recover',
      { run: async (job) => void ran.push(job.id) },
      { concurrency: 1 },
    );
    const { id } = await queue.enqueue('test.recover', {}, { executor: executor() });
    // Running, its heartbeat fresh: the process was killed a moment ago.
    await holdJob(database.db, id, { attempt: 1, worker: 'alive' });
    await queue.start();
    await waitFor(async () => ran.includes(id));
    await queue.stop();
    expect(await jobRow(id)).toMatchObject({ status: 'completed', attempts: 2 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('job queue on PostgreSQL, several workers', () => {
  it('never runs a job twice when workers in separate connections claim at once (SKIP LOCKED)', async () => {
    const url = database.pool!.options.connectionString!;
    const others = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url, poolSize: 3 })),
    );
    const runs = new Map<number, number>();
    const queues = others.map((other) => {
      const queue = new JobQueue(other, { concurrency: 3, pollMs: 10 });
      queue.register<{ n: number }>('test.concurrent', {
        run: async (job) => {
          runs.set(job.payload.n, (runs.get(job.payload.n) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
      });
      return queue;
    });
    for (const queue of queues) await queue.prepare();
    for (let n = 0; n < 60; n++)
      await queues[0]!.enqueue('test.concurrent', { n }, { executor: others[0]!.db });
    await Promise.all(queues.map((queue) => queue.start()));
    await waitFor(async () => runs.size === 60, 15_000);
    await Promise.all(queues.map((queue) => queue.stop()));
    await Promise.all(others.map((other) => other.close()));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });
});
