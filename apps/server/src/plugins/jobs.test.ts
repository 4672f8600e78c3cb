import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs } from '../db/schema/index.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { JobQueue } from './jobs.ts';

let t: TestApp;
let database: Database;
beforeAll(async () => {
  t = await createTestApp();
  database = t.database;
});
afterAll(async () => t.close());

const queueFor = (options: Partial<ConstructorParameters<typeof JobQueue>[1]> = {}) =>
  new JobQueue(database.db, { concurrency: 2, pollMs: 20, databaseKind: database.kind, ...options });
const jobRow = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const waitFor = async (check: () => Promise<boolean>, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('job queue', () => {
  it('keeps one queued or running job per dedupe key', async () => {
    const queue = queueFor();
    queue.register('test.dedupe', { run: async () => {} });
    const first = await queue.enqueue('test.dedupe', { n: 1 }, { dedupeKey: 'doc-1' });
    const second = await queue.enqueue('test.dedupe', { n: 2 }, { dedupeKey: 'doc-1' });
    expect(first.isNew).toBe(true);
    expect(second).toEqual({ id: first.id, isNew: false });
    expect(await queue.isPending('test.dedupe', 'doc-1')).toBe(true);
    await queue.runDue();
    expect(await queue.isPending('test.dedupe', 'doc-1')).toBe(false);
    // Once finished, the same key may be queued again.
    expect((await queue.enqueue('test.dedupe', { n: 3 }, { dedupeKey: 'doc-1' })).isNew).toBe(true);
  });

  it('runs a job no earlier than its delay', async () => {
    const queue = queueFor();
    const ran: number[] = [];
    queue.register('test.delay', { run: async () => void ran.push(Date.now()) });
    await queue.enqueue('test.delay', {}, { delayMs: 300 });
    expect(await queue.runDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await queue.runDue()).toBe(1);
    expect(ran).toHaveLength(1);
  });

  it('retries a failed job with backoff, then gives up and says so once', async () => {
    const queue = queueFor();
    const attempts: number[] = [];
    const gaveUp: string[] = [];
    queue.register<{ name: string }>('test.retry', {
      maxAttempts: 3,
      backoffMs: () => 50,
      run: async (job) => {
        attempts.push(job.attempt);
        throw new Error(`attempt ${job.attempt} failed`);
      },
      onGiveUp: async ({ payload, error }) => void gaveUp.push(`${payload.name}: ${error}`),
    });
    const { id } = await queue.enqueue('test.retry', { name: 'flaky' });
    await queue.runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'attempt 1 failed' });
    // Not before its backoff.
    expect(await queue.runDue()).toBe(0);
    for (let round = 0; round < 2; round++) {
      await new Promise((resolve) => setTimeout(resolve, 70));
      await queue.runDue();
    }
    expect(attempts).toEqual([1, 2, 3]);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(gaveUp).toEqual(['flaky: attempt 3 failed']);
  });

  it('runs jobs in the background once started, and stops cleanly', async () => {
    const queue = queueFor({ concurrency: 1 });
    const done: number[] = [];
    queue.register<{ n: number }>('test.background', {
      run: async (job) => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        done.push(job.payload.n);
      },
    });
    await queue.start();
    for (const n of [1, 2, 3]) await queue.enqueue('test.background', { n });
    await waitFor(async () => done.length === 3);
    await queue.stop();
    expect(done.sort()).toEqual([1, 2, 3]);
  });

  it('renews the lease of a long job, so no other worker takes it', async () => {
    const owner = queueFor({ leaseMs: 300 });
    const rival = queueFor({ leaseMs: 300 });
    let runs = 0;
    const handler = {
      run: async () => {
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 900));
      },
    };
    owner.register('test.lease', handler);
    rival.register('test.lease', handler);
    const { id } = await owner.enqueue('test.lease', {});
    const running = owner.runDue();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await rival.runDue()).toBe(0);
    await running;
    expect(runs).toBe(1);
    expect((await jobRow(id)).status).toBe('completed');
  });

  it('gives a job whose worker stopped back to the queue on stop, without counting the attempt', async () => {
    const queue = queueFor({ concurrency: 1 });
    let started = false;
    queue.register('test.release', {
      run: async (job) => {
        started = true;
        await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
      },
    });
    const { id } = await queue.enqueue('test.release', {});
    await queue.start();
    await waitFor(async () => started);
    await queue.stop(100);
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });
});

/** The database as seen through a connection that refuses the next `count` writes (PostgreSQL restarting). */
function withFailingWrites(count: { left: number }) {
  return new Proxy(database.db, {
    get(target, property) {
      if (property === 'update' && count.left > 0) {
        count.left -= 1;
        return () => {
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        };
      }
      return Reflect.get(target, property, target);
    },
  });
}

describe('job queue while the database restarts', () => {
  it('records a finished job once the database is back, without running it again', async () => {
    const refused = { left: 0 };
    const queue = new JobQueue(withFailingWrites(refused), { concurrency: 1, databaseKind: database.kind });
    let runs = 0;
    queue.register('test.outage', {
      run: async () => {
        runs += 1;
        refused.left = 2; // PostgreSQL goes away just as the job finishes
      },
    });
    const { id } = await queue.enqueue('test.outage', {});
    await queue.runDue();
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'completed', attempts: 1 });
  });

  it('never ends the process when the outcome cannot be written: the job waits for its lease', async () => {
    const refused = { left: 0 };
    const queue = new JobQueue(withFailingWrites(refused), { concurrency: 1, databaseKind: database.kind });
    queue.register('test.outage-long', {
      run: async () => {
        refused.left = 100;
        throw new Error('the handler failed too');
      },
    });
    const { id } = await queue.enqueue('test.outage-long', {});
    await expect(queue.runDue()).resolves.toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 1 });
    await database.db.delete(jobs).where(eq(jobs.id, id));
  }, 15_000);
});

describe('job queue after a crash on this host (PostgreSQL rules)', () => {
  it('on start, runs again at once the jobs of a process of this host that died, and leaves live or remote workers theirs', async () => {
    // A process id that surely exited: a child that has already finished.
    const deadPid = spawnSync('true').pid!;
    const queue = queueFor({ concurrency: 1, databaseKind: 'postgres' });
    const ran: string[] = [];
    queue.register('test.reclaim', { run: async (job) => void ran.push(job.id) });
    const hold = async (lockedBy: string) => {
      const { id } = await queue.enqueue('test.reclaim', { lockedBy });
      await database.db
        .update(jobs)
        .set({ status: 'running', attempts: 1, lockedBy, lockedUntil: sql`now() + interval '1 hour'` })
        .where(eq(jobs.id, id));
      return id;
    };
    const killed = await hold(`${hostname()}:${deadPid}:killed01`);
    const alive = await hold(`${hostname()}:${process.ppid}:alive001`);
    const remote = await hold(`another-host:${deadPid}:remote01`);
    await queue.start();
    await waitFor(async () => ran.includes(killed));
    await queue.stop();
    expect(await jobRow(killed)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(ran).toEqual([killed]);
    for (const id of [alive, remote]) expect((await jobRow(id)).status).toBe('running');
    await database.db.delete(jobs).where(eq(jobs.queue, 'test.reclaim'));
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)('job queue on PGlite', () => {
  it('on start, runs again the jobs a crash left running (one process owns the database)', async () => {
    const queue = queueFor({ concurrency: 1 });
    const ran: string[] = [];
    queue.register('test.recover', { run: async (job) => void ran.push(job.id) });
    const { id } = await queue.enqueue('test.recover', {});
    await database.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 1,
        lockedBy: 'before-the-crash',
        lockedUntil: sql`now() + interval '1 hour'`,
      })
      .where(eq(jobs.id, id));
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
      const queue = new JobQueue(other.db, { concurrency: 3, pollMs: 10, databaseKind: 'postgres' });
      queue.register<{ n: number }>('test.concurrent', {
        run: async (job) => {
          runs.set(job.payload.n, (runs.get(job.payload.n) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
      });
      return queue;
    });
    for (let n = 0; n < 60; n++) await queues[0]!.enqueue('test.concurrent', { n });
    await Promise.all(queues.map((queue) => queue.start()));
    await waitFor(async () => runs.size === 60, 15_000);
    await Promise.all(queues.map((queue) => queue.stop()));
    await Promise.all(others.map((other) => other.close()));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });
});
