import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  PgBoss,
  fromDrizzle,
  fromPglite,
  type CommandResponse,
  type Db as BossConnection,
  type DrizzleTransactionLike,
  type JobWithMetadata,
  type QueueResult,
} from 'pg-boss';
import type { Database, Db } from '../db/client.ts';
import { jobsToMove } from '../db/schema/index.ts';

/**
 * A transaction or the database itself. Jobs are always enqueued through the caller's handle: inside a
 * transaction that keeps the record and its job together, and on PGlite (one connection) it is the only
 * safe way, since a statement sent beside an open transaction waits for it for ever.
 */
export type Executor = Pick<Db, 'execute'>;

export type RunningJob<P> = {
  id: string;
  queue: string;
  payload: P;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  maxAttempts: number;
  /** Aborted when this worker lost the job (its heartbeat lapsed and the job went back) or is stopping. */
  signal: AbortSignal;
  /**
   * Inside the handler's own transaction: completes the job in that transaction, and throws unless this
   * worker still holds it. Call it before writing results, so the results and the completion commit
   * together and a job that went to another worker never writes twice.
   */
  assertStillOwned: (tx: Executor) => Promise<void>;
};

export type JobHandler<P> = {
  run: (job: RunningJob<P>) => Promise<void>;
  /**
   * Called once when the job has failed for the last time (attempts used up, or its worker died on the
   * last one). It runs as a job of its own (the queue's dead letter queue), so it is not lost to a crash.
   */
  onGiveUp?: (job: { id: string; payload: P; error: string }) => Promise<void>;
  maxAttempts?: number;
  /** Seconds before a retry (pg-boss keeps whole seconds; default 5). */
  retryDelaySeconds?: number;
  /** Doubles the delay at each retry, with jitter (default true). */
  retryBackoff?: boolean;
};

type Log = { info: (message: string) => void; error: (object: object, message: string) => void };

export type JobQueueOptions = {
  /** Jobs run at once in this process; 0: this process only enqueues. */
  concurrency: number;
  /** How often an idle worker looks for due jobs (other processes' jobs, retries). */
  pollMs?: number;
  log?: Log;
  /** Tests: wraps the connection pg-boss uses for its own statements (to make them fail, say). */
  wrapConnection?: (connection: BossConnection) => BossConnection;
};

export class JobLostError extends Error {
  constructor(id: string) {
    super(`Job ${id} is no longer held by this worker`);
    this.name = 'JobLostError';
  }
}

/** pg-boss's tables live in this schema of our database. */
export const jobSchema = 'pgboss';
/** The queue a queue's given-up jobs are copied to, where `onGiveUp` runs. */
export const givenUpQueueOf = (queue: string) => `${queue}.given-up`;
/** A running job sends a heartbeat every half of this; a job silent this long went back (pg-boss's minimum). */
export const heartbeatSeconds = 10;
/** Why a job whose worker disappeared was failed (the worker could not say). */
export const workerStoppedMessage = 'The worker stopped while running this job.';

/** Writing a job's outcome is tried this often, waiting recordRetryMs × attempt in between (3.75 s in all). */
const recordAttempts = 6;
const recordRetryMs = 250;

/**
 * Background jobs on pg-boss 12 (docs/decisions/0034-jobs-on-pg-boss.md), behind the interface the
 * domains used with our former queue (0009). pg-boss stores, claims (FOR UPDATE SKIP LOCKED), retries,
 * dead-letters, expires and deletes jobs, and fences every settle to the attempt that was claimed; this
 * class adds what our handlers rely on:
 *
 * - enqueueing in the caller's transaction (pg-boss's drizzle adapter), with "the job already there"
 *   for a duplicate key (`exclusive` queues: one queued-or-running job per key);
 * - `assertStillOwned`: the completion written in the handler's own transaction, fenced to the attempt;
 * - one concurrency limit for the process, heartbeats, and an abort signal per job;
 * - jobs whose worker stopped sending heartbeats go back at once (on PGlite, one process owns the
 *   database, so every job left running at start);
 * - `onGiveUp` through a dead letter queue, so a job whose worker died on its last attempt still says so;
 * - `stop()` hands running jobs back without counting their attempt.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly cronSchedules = new Map<string, string>();
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly running = new Map<
    string,
    { promise: Promise<void>; abort: AbortController; job: Claimed }
  >();
  /** Jobs handed back by stop(): their handlers may no longer complete them. */
  private readonly released = new Set<string>();
  private boss: PgBoss | undefined;
  /** The instance that supervises (expiry, retention) and sends cron jobs: only where workers run. */
  private maintainer: PgBoss | undefined;
  private connection: BossConnection | undefined;
  private pool: pg.Pool | undefined;
  private prepared: Promise<void> | undefined;
  private isStarted = false;
  private isStopping = false;
  private timer: NodeJS.Timeout | undefined;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private lastReclaim = 0;

  constructor(
    private readonly database: Database,
    private readonly options: JobQueueOptions,
  ) {
    this.concurrency = options.concurrency;
    this.pollMs = options.pollMs ?? 1000;
  }

  register<P>(queue: string, handler: JobHandler<P>): void {
    if (this.handlers.has(queue)) throw new Error(`Queue ${queue} already has a handler`);
    if (this.prepared) throw new Error(`Queue ${queue} was registered after the job queue was prepared`);
    this.handlers.set(queue, handler as JobHandler<unknown>);
  }

  /** Sends a job to `queue` at each occurrence of `cron` (UTC), from the processes that run workers. */
  every(queue: string, cron: string): void {
    if (!this.handlers.has(queue)) throw new Error(`Queue ${queue} has no handler`);
    this.cronSchedules.set(queue, cron);
  }

  get queues(): string[] {
    return [...this.handlers.keys()];
  }

  /**
   * Installs or upgrades pg-boss's schema, creates the registered queues and moves in the jobs our
   * former queue still held. Needed before anything is enqueued (the app does it when it is ready).
   */
  prepare(): Promise<void> {
    this.prepared ??= this.doPrepare();
    return this.prepared;
  }

  private async doPrepare(): Promise<void> {
    const { database } = this;
    let connection: BossConnection;
    if (database.kind === 'pglite') {
      connection = fromPglite(database.pglite!);
    } else {
      // A small pool of its own: job bookkeeping never waits behind requests, nor they behind it.
      const pool = new pg.Pool({
        connectionString: database.pool!.options.connectionString,
        max: 3,
        application_name: 'commonwise-jobs',
      });
      pool.on('error', () => {});
      pool.on('connect', (client) => client.on('error', () => {}));
      this.pool = pool;
      connection = { executeSql: async (text, values) => pool.query(text, values as unknown[]) };
    }
    this.connection = this.options.wrapConnection?.(connection) ?? connection;
    this.boss = this.createBoss({ supervise: false, schedule: false, migrate: true });
    await this.boss.start();
    const existing = new Map((await this.boss.getQueues()).map((queue) => [queue.name, queue]));
    for (const [queue, handler] of this.handlers) await this.ensureQueue(queue, handler, existing);
    await this.moveFormerJobs();
  }

  private createBoss(roles: { supervise: boolean; schedule: boolean; migrate: boolean }): PgBoss {
    const boss = new PgBoss({
      db: this.connection!,
      backend: this.database.kind === 'pglite' ? 'pglite' : 'postgres',
      schema: jobSchema,
      ...roles,
      superviseIntervalSeconds: 30,
      monitorIntervalSeconds: 30,
      registerInstance: false,
      persistWarnings: false,
      openTelemetry: { enabled: false },
    });
    // An unheard 'error' event would end the process; a passing database outage must not.
    boss.on('error', (error) =>
      this.options.log?.error({ err: error }, 'job queue: pg-boss reported an error'),
    );
    return boss;
  }

  /** Creates the queue (and its dead letter queue), or brings its options up to date. */
  private async ensureQueue(
    queue: string,
    handler: JobHandler<unknown>,
    existing: Map<string, QueueResult>,
  ): Promise<void> {
    const boss = this.boss!;
    const options = {
      retryLimit: Math.max(0, (handler.maxAttempts ?? 3) - 1),
      retryDelay: handler.retryDelaySeconds ?? 5,
      retryBackoff: handler.retryBackoff ?? true,
      heartbeatSeconds,
    };
    const sync = async (
      name: string,
      policy: 'exclusive' | 'standard',
      wanted: typeof options,
      deadLetter?: string,
    ) => {
      const current = existing.get(name);
      if (!current) {
        await boss.createQueue(name, { policy, ...wanted, ...(deadLetter ? { deadLetter } : {}) });
        return;
      }
      const isSame =
        current.retryLimit === wanted.retryLimit &&
        current.retryDelay === wanted.retryDelay &&
        current.retryBackoff === wanted.retryBackoff &&
        current.heartbeatSeconds === wanted.heartbeatSeconds &&
        (current.deadLetter ?? undefined) === deadLetter;
      if (!isSame) await boss.updateQueue(name, { ...wanted, deadLetter: deadLetter ?? null });
    };
    let deadLetter: string | undefined;
    if (handler.onGiveUp) {
      deadLetter = givenUpQueueOf(queue);
      await sync(deadLetter, 'standard', {
        retryLimit: 4,
        retryDelay: 5,
        retryBackoff: true,
        heartbeatSeconds,
      });
    }
    await sync(queue, 'exclusive', options, deadLetter);
  }

  /** The jobs migration 0018 kept from our former `jobs` table, sent to pg-boss under their own ids. */
  private async moveFormerJobs(): Promise<number> {
    const boss = this.boss!;
    let moved = 0;
    await this.database.db.transaction(async (tx) => {
      const rows = await tx.select().from(jobsToMove).for('update', { skipLocked: true });
      const db = connectionOf(tx);
      for (const row of rows) {
        if (!this.handlers.has(row.queue)) continue;
        const remaining = Math.max(1, row.maxAttempts - row.attempts);
        await boss.send(row.queue, row.payload as object, {
          id: row.id,
          db,
          singletonKey: row.dedupeKey ?? row.id,
          startAfter: row.runAt,
          retryLimit: remaining - 1,
        });
        await tx.delete(jobsToMove).where(sql`${jobsToMove.id} = ${row.id}`);
        moved += 1;
      }
    });
    if (moved > 0)
      this.options.log?.info(`job queue: moved ${moved} job(s) of the former queue into pg-boss`);
    return moved;
  }

  /**
   * Adds a job through `executor` (the caller's transaction, or the database). With a dedupe key, a job
   * with the same key that is still queued or running is returned instead of a second one.
   */
  async enqueue<P extends object>(
    queue: string,
    payload: P,
    options: { executor: Executor; dedupeKey?: string; delayMs?: number },
  ): Promise<{ id: string; isNew: boolean }> {
    const boss = this.ready();
    if (!this.handlers.has(queue)) throw new Error(`Queue ${queue} has no handler`);
    const db = connectionOf(options.executor);
    const id = randomUUID();
    const delayMs = options.delayMs ?? 0;
    const sent = await boss.send(queue, payload, {
      id,
      db,
      // Every job has a key: the queue allows one queued-or-running job per key, and a job without a
      // dedupe key must not stand in for another.
      singletonKey: options.dedupeKey ?? id,
      ...(delayMs > 0 ? { startAfter: new Date(Date.now() + delayMs) } : {}),
    });
    if (sent) {
      // Wake this process's loop after the transaction (if any) had time to commit.
      setTimeout(() => this.poke(), delayMs + 5).unref();
      return { id: sent, isNew: true };
    }
    const [existing] = await this.pendingJobs(queue, options.dedupeKey!, db);
    if (!existing)
      throw new Error(`Job for ${queue} with key ${options.dedupeKey} was refused, yet none is pending`);
    return { id: existing.id, isNew: false };
  }

  /** Whether a job with this key is queued or running. */
  async isPending(queue: string, dedupeKey: string, executor?: Executor): Promise<boolean> {
    this.ready();
    const db = executor ? connectionOf(executor) : undefined;
    return (await this.pendingJobs(queue, dedupeKey, db)).length > 0;
  }

  /** Deletes the job with this key if it is waiting (not running): its record is gone. */
  async cancelQueued(queue: string, dedupeKey: string, executor: Executor): Promise<number> {
    const boss = this.ready();
    const db = connectionOf(executor);
    const waiting = await boss.findJobs(queue, { key: dedupeKey, queued: true, db });
    if (waiting.length === 0) return 0;
    const result = await boss.deleteJob(
      queue,
      waiting.map((job) => job.id),
      { db },
    );
    return settledOf(result).affected;
  }

  private async pendingJobs(queue: string, key: string, db?: BossConnection) {
    const jobs = await this.ready().findJobs(queue, { key, ...(db ? { db } : {}) });
    return jobs.filter((job) => ['created', 'retry', 'active'].includes(job.state));
  }

  private ready(): PgBoss {
    if (!this.boss)
      throw new Error('The job queue is not prepared: call prepare() once the database is migrated');
    return this.boss;
  }

  /**
   * Starts the workers (no-op with concurrency 0), the supervision and the cron schedules. Safe to call
   * once the database is migrated.
   */
  async start(): Promise<void> {
    if (this.isStarted || this.concurrency === 0) return;
    this.isStarted = true;
    await this.prepare();
    this.maintainer = this.createBoss({ supervise: true, schedule: true, migrate: false });
    await this.maintainer.start();
    for (const [queue, cron] of this.cronSchedules)
      await this.maintainer.schedule(queue, cron, {}, { tz: 'UTC' });
    // PGlite: this process owns the database, so whatever is still running was cut off by the last stop.
    await this.reclaimLost(this.database.kind === 'pglite');
    this.loop = this.runLoop();
  }

  /**
   * Stops taking jobs and waits up to `graceMs` for running ones. Jobs still running then are handed
   * back (queued again, the attempt not counted) so another worker picks them up at once.
   */
  async stop(graceMs = 5000): Promise<void> {
    if (this.isStarted) {
      this.isStopping = true;
      this.poke();
      await this.loop;
      const inFlight = [...this.running.values()].map((entry) => entry.promise);
      const timedOut = await Promise.race([
        Promise.allSettled(inFlight).then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), graceMs).unref()),
      ]);
      if (timedOut) {
        const entries = [...this.running.values()];
        // Marked before the database hears of it: a handler completing its job after this point is
        // refused, so it cannot complete the attempt another worker is about to take.
        for (const entry of entries) this.released.add(entry.job.id);
        await this.release(entries.map((entry) => entry.job));
        for (const entry of entries) entry.abort.abort();
        await Promise.race([
          Promise.allSettled(inFlight),
          new Promise((resolve) => setTimeout(resolve, 1000).unref()),
        ]);
      }
      await this.maintainer?.stop({ graceful: false, close: false, timeout: 1000 }).catch(() => {});
      this.isStarted = false;
      this.isStopping = false;
    }
    if (this.prepared) {
      await this.prepared.catch(() => {});
      await this.boss?.stop({ graceful: false, close: false, timeout: 1000 }).catch(() => {});
      await this.pool?.end().catch(() => {});
      this.prepared = undefined;
      this.boss = undefined;
    }
  }

  /**
   * Claims and runs the due jobs once, waiting for them (tests and the benchmark use it instead of
   * the background loop). Jobs given up on in this round have their `onGiveUp` run too. Returns how
   * many ran.
   */
  async runDue(limit = 10): Promise<number> {
    await this.reclaimLost(false);
    let ran = 0;
    let names = this.allQueueNames();
    for (let round = 0; round < 2 && ran < limit; round += 1) {
      const claimed = await this.claim(limit - ran, names);
      const outcomes = await Promise.all(claimed.map((job) => this.execute(job)));
      ran += claimed.length;
      // Second round: only the dead letter queues of jobs that were just given up on.
      names = [
        ...new Set(
          claimed.filter((_, index) => outcomes[index] === 'given-up').map((job) => givenUpQueueOf(job.name)),
        ),
      ];
      if (names.length === 0) break;
    }
    return ran;
  }

  private poke(): void {
    this.wake?.();
  }

  private async runLoop(): Promise<void> {
    while (!this.isStopping) {
      const free = this.concurrency - this.running.size;
      let claimedCount = 0;
      try {
        if (Date.now() - this.lastReclaim >= heartbeatSeconds * 500) await this.reclaimLost(false);
        if (free > 0) {
          const claimed = await this.claim(free, this.allQueueNames());
          claimedCount = claimed.length;
          for (const job of claimed) this.track(job);
        }
      } catch (error) {
        this.options.log?.error({ err: error }, 'job queue: claiming jobs failed');
      }
      // Look again at once when a slot is free and there may be more; otherwise sleep until poked.
      if (claimedCount > 0 && claimedCount === free) continue;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, this.pollMs);
      });
      clearTimeout(this.timer);
      this.wake = undefined;
    }
  }

  private track(job: Claimed): void {
    const abort = new AbortController();
    const promise = this.execute(job, abort)
      .then(() => undefined)
      .catch((error: unknown) =>
        this.options.log?.error({ err: error, jobId: job.id }, 'job queue: running a job failed'),
      )
      .finally(() => {
        this.running.delete(job.id);
        this.released.delete(job.id);
        this.poke();
      });
    this.running.set(job.id, { promise, abort, job });
  }

  /** Our queues and the dead letter queues of those that have one. */
  private allQueueNames(): string[] {
    return this.queues.flatMap((queue) =>
      this.handlers.get(queue)?.onGiveUp ? [queue, givenUpQueueOf(queue)] : [queue],
    );
  }

  /** Due jobs of the queues `names`, at most `limit`, queue by queue. */
  private async claim(limit: number, names: string[]): Promise<Claimed[]> {
    const boss = this.ready();
    const claimed: Claimed[] = [];
    // A different first queue each time, so one busy queue does not starve the others.
    const offset = Math.floor(Math.random() * Math.max(1, names.length));
    for (let index = 0; index < names.length && claimed.length < limit; index += 1) {
      const name = names[(index + offset) % names.length]!;
      const jobs = await boss.fetch<unknown>(name, {
        batchSize: limit - claimed.length,
        includeMetadata: true,
      });
      claimed.push(...jobs);
    }
    return claimed;
  }

  /**
   * Jobs whose worker stopped sending heartbeats (it crashed, or was killed) go back to the queue at
   * once, the interrupted attempt counted; a job cut off on its last attempt is given up. With `all`,
   * every running job of our queues (PGlite at start: no other process can be running them).
   */
  private async reclaimLost(all: boolean): Promise<number> {
    this.lastReclaim = Date.now();
    const boss = this.ready();
    const names = this.allQueueNames();
    if (names.length === 0) return 0;
    const result = await this.database.db.execute(sql`
      select id::text as id, name, retry_count, retry_limit from ${sql.raw(jobSchema)}.job
      where state = 'active' and name in ${sql`(${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})`}
        and (${all} or (heartbeat_on is not null and heartbeat_seconds is not null
          and heartbeat_on + heartbeat_seconds * interval '1 second' < now()))`);
    const rows = rowsOf<{ id: string; name: string; retry_count: number; retry_limit: number }>(
      result,
    ).filter((row) => !this.running.has(row.id));
    let reclaimed = 0;
    for (const row of rows) {
      const attempt = { id: row.id, retryCount: Number(row.retry_count) };
      const failed = await boss.fail(row.name, attempt, { message: workerStoppedMessage });
      if (settledOf(failed).affected === 0) continue;
      reclaimed += 1;
      // A crash is not the job's fault: it runs again now, not after the retry delay.
      if (Number(row.retry_count) < Number(row.retry_limit))
        await boss.update(row.name, undefined, { id: row.id, startAfter: new Date() });
    }
    if (reclaimed > 0) {
      this.options.log?.info(`job queue: ${reclaimed} job(s) interrupted by a stopped worker will run again`);
      this.poke();
    }
    return reclaimed;
  }

  private async execute(
    job: Claimed,
    abort = new AbortController(),
  ): Promise<'done' | 'failed' | 'given-up' | 'lost'> {
    const source = job.sourceName ?? undefined;
    if (source) return this.executeGivenUp(job, source);
    const handler = this.handlers.get(job.name)!;
    const attempt = { id: job.id, retryCount: job.retryCount };
    const heartbeat = setInterval(
      () => {
        void this.ready()
          .touch(job.name, [attempt])
          .then((response) => {
            const touched = settledOf(response);
            if (touched.settled && !touched.settled.includes(job.id)) abort.abort(new JobLostError(job.id));
          })
          // A passing database error: keep the job; the next heartbeat tries again.
          .catch(() => {});
      },
      (heartbeatSeconds * 1000) / 2,
    );
    heartbeat.unref();
    let completedIn: Executor | undefined;
    let isDone = false;
    let failure: unknown;
    try {
      await handler.run({
        id: job.id,
        queue: job.name,
        payload: job.data,
        attempt: job.retryCount + 1,
        maxAttempts: job.retryLimit + 1,
        signal: abort.signal,
        assertStillOwned: async (tx) => {
          if (tx === completedIn) return;
          if (this.released.has(job.id)) throw new JobLostError(job.id);
          const db = connectionOf(tx);
          const completed = await this.ready().complete(job.name, attempt, null, { db });
          if (settledOf(completed).affected !== 1) {
            // Completed by an earlier transaction of this same attempt that committed: still ours.
            const [row] = completedIn ? await this.ready().findJobs(job.name, { id: job.id, db }) : [];
            if (row?.state !== 'completed' || row.retryCount !== job.retryCount)
              throw new JobLostError(job.id);
          }
          // stop() handed the job back while the completion was on its way: the transaction must not commit.
          if (this.released.has(job.id)) throw new JobLostError(job.id);
          completedIn = tx;
        },
      });
      isDone = true;
    } catch (error) {
      failure = error;
    } finally {
      clearInterval(heartbeat);
    }
    // The outcome is recorded apart from the handler: a failure to record it (the database
    // restarting) must not count as the handler failing, which would run a finished job again.
    if (isDone) {
      if (!this.released.has(job.id))
        await this.record(job.id, 'marking the job completed', () =>
          this.ready().complete(job.name, attempt),
        );
      return 'done';
    }
    if (failure instanceof JobLostError || abort.signal.aborted) return 'lost';
    const message = failure instanceof Error ? failure.message : String(failure);
    this.options.log?.error({ err: failure, jobId: job.id, queue: job.name }, 'job failed');
    await this.record(job.id, 'recording the failure', () =>
      this.ready().fail(job.name, attempt, { message }),
    );
    if (job.retryCount >= job.retryLimit && handler.onGiveUp) {
      this.poke();
      return 'given-up';
    }
    return 'failed';
  }

  /** A job of a dead letter queue: the handler's `onGiveUp` for the job that was given up on. */
  private async executeGivenUp(job: Claimed, queue: string): Promise<'done' | 'failed'> {
    const handler = this.handlers.get(queue)!;
    const attempt = { id: job.id, retryCount: job.retryCount };
    const output = job.sourceOutput as { message?: string } | null;
    try {
      await handler.onGiveUp?.({
        id: job.sourceId ?? job.id,
        payload: job.data,
        error: output?.message ?? workerStoppedMessage,
      });
    } catch (error) {
      this.options.log?.error({ err: error, jobId: job.sourceId }, 'job queue: onGiveUp failed');
      await this.record(job.id, 'recording the failure', () =>
        this.ready().fail(job.name, attempt, {
          message: error instanceof Error ? error.message : String(error),
        }),
      );
      return 'failed';
    }
    await this.record(job.id, 'marking the job completed', () => this.ready().complete(job.name, attempt));
    return 'done';
  }

  /**
   * Writes a job's outcome, waiting out a passing database outage (a restart takes a second or two).
   * If the database stays away, the job is left to its heartbeat: it goes back once that lapses, and
   * its handler finds the work done. Never throws: a background job must not end the process.
   */
  private async record<T>(jobId: string, what: string, write: () => Promise<T>): Promise<T | undefined> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await write();
      } catch (error) {
        if (attempt >= recordAttempts) {
          this.options.log?.error(
            { err: error, jobId },
            `job queue: ${what} failed; the job goes back when its heartbeat lapses`,
          );
          return undefined;
        }
        await new Promise((resolve) => setTimeout(resolve, recordRetryMs * attempt));
      }
    }
  }

  /**
   * Hands running jobs back without counting their attempt: pg-boss's restore (queued, not started),
   * fenced to this attempt. The next claim keeps the retry count, so the attempt is not counted.
   */
  private async release(jobs: Claimed[]): Promise<void> {
    for (const job of jobs) {
      await this.database.db
        .execute(
          sql`update ${sql.raw(jobSchema)}.job
            set state = 'created', started_on = null, heartbeat_on = null, start_after = now()
            where name = ${job.name} and id = ${job.id}::uuid and state = 'active' and retry_count = ${job.retryCount}`,
        )
        .catch((error: unknown) =>
          this.options.log?.error({ err: error }, 'job queue: releasing a job failed'),
        );
    }
  }
}

type Claimed = JobWithMetadata<unknown>;

/** pg-boss's drizzle adapter over a transaction (or the database): its statements run there. */
function connectionOf(executor: Executor): BossConnection {
  return fromDrizzle(executor as unknown as DrizzleTransactionLike, sql);
}

/** What a settle (complete, fail, touch) answers; pg-boss's type leaves it undeclared. */
function settledOf(response: CommandResponse): { affected: number; settled?: string[] } {
  return response as { affected: number; settled?: string[] };
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
