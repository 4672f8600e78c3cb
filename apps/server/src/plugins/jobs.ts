import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DatabaseKind } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

/** A transaction or the database itself: enqueueing inside the caller's transaction keeps both in step. */
type Executor = Pick<Db, 'execute' | 'insert' | 'update' | 'select'>;

export type JobRow = typeof jobs.$inferSelect;

export type RunningJob<P> = {
  id: string;
  queue: string;
  payload: P;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  maxAttempts: number;
  /** Aborted when this worker lost the job (its lease lapsed and another worker took it) or is stopping. */
  signal: AbortSignal;
  /**
   * Inside the handler's own transaction: locks the job row and throws unless this worker still holds
   * it. Call it before writing results, so a job that another worker took over never writes twice.
   */
  assertStillOwned: (tx: Executor) => Promise<void>;
};

export type JobHandler<P> = {
  run: (job: RunningJob<P>) => Promise<void>;
  /** Called once when the job has failed for the last time (attempts used up). */
  onGiveUp?: (job: { id: string; payload: P; error: string }) => Promise<void>;
  maxAttempts?: number;
  /** Milliseconds to wait before retry number `attempt` (default 5 s, 20 s, 45 s…). */
  backoffMs?: (attempt: number) => number;
};

export type JobQueueOptions = {
  /** Jobs run at once in this process; 0: this process only enqueues. */
  concurrency: number;
  /** How often an idle worker looks for due jobs (other processes' jobs, retries). */
  pollMs?: number;
  /** How long a claim lasts without renewal; a crashed worker's jobs are retried after it. */
  leaseMs?: number;
  log?: { info: (message: string) => void; error: (object: object, message: string) => void };
  databaseKind?: DatabaseKind;
};

export class JobLostError extends Error {
  constructor(id: string) {
    super(`Job ${id} is no longer held by this worker`);
    this.name = 'JobLostError';
  }
}

/**
 * A job queue in PostgreSQL (docs/decisions/0009-job-queue.md). Jobs are claimed with
 * FOR UPDATE SKIP LOCKED, so several workers (threads of this process or other processes) never take
 * the same job; a claim is a lease that the worker renews while the job runs. A failed job is
 * retried with backoff; a job whose lease lapsed (its worker crashed) is retried like a failure.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly concurrency: number;
  private readonly pollMs: number;
  readonly leaseMs: number;
  private readonly running = new Map<string, { promise: Promise<void>; abort: AbortController }>();
  private isStarted = false;
  private isStopping = false;
  private timer: NodeJS.Timeout | undefined;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private lastCleanup = 0;

  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions,
  ) {
    this.concurrency = options.concurrency;
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  register<P>(queue: string, handler: JobHandler<P>): void {
    if (this.handlers.has(queue)) throw new Error(`Queue ${queue} already has a handler`);
    this.handlers.set(queue, handler as JobHandler<unknown>);
  }

  /**
   * Adds a job. With a dedupe key, a job with the same key that is still queued or running is
   * returned instead of a second one. Pass a transaction as `executor` to enqueue atomically with
   * the caller's own writes.
   */
  async enqueue<P extends object>(
    queue: string,
    payload: P,
    options: { dedupeKey?: string; delayMs?: number; maxAttempts?: number; executor?: Executor } = {},
  ): Promise<{ id: string; isNew: boolean }> {
    const executor = options.executor ?? this.db;
    const delayMs = options.delayMs ?? 0;
    const maxAttempts = options.maxAttempts ?? this.handlers.get(queue)?.maxAttempts ?? 3;
    const inserted = await executor
      .insert(jobs)
      .values({
        queue,
        payload,
        maxAttempts,
        dedupeKey: options.dedupeKey ?? null,
        runAt: sql`now() + ${`${delayMs} milliseconds`}::interval`,
      })
      .onConflictDoNothing({
        target: [jobs.queue, jobs.dedupeKey],
        where: sql`${jobs.dedupeKey} is not null and ${jobs.status} in ('queued', 'running')`,
      })
      .returning({ id: jobs.id });
    if (inserted[0]) {
      // Wake this process's loop after the transaction (if any) had time to commit.
      setTimeout(() => this.poke(), delayMs + 5).unref();
      return { id: inserted[0].id, isNew: true };
    }
    const [existing] = await executor
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.queue, queue),
          eq(jobs.dedupeKey, options.dedupeKey!),
          sql`${jobs.status} in ('queued', 'running')`,
        ),
      );
    return { id: existing!.id, isNew: false };
  }

  /** Whether a job with this key is queued or running. */
  async isPending(queue: string, dedupeKey: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.queue, queue),
          eq(jobs.dedupeKey, dedupeKey),
          sql`${jobs.status} in ('queued', 'running')`,
        ),
      );
    return rows.length > 0;
  }

  /** Starts the workers (no-op with concurrency 0). Safe to call once the database is migrated. */
  async start(): Promise<void> {
    if (this.isStarted || this.concurrency === 0) return;
    this.isStarted = true;
    await this.recoverAbandoned();
    this.loop = this.runLoop();
  }

  /**
   * Stops taking jobs and waits up to `graceMs` for running ones. Jobs still running then are
   * released (queued again, the attempt not counted) so another worker picks them up at once.
   */
  async stop(graceMs = 5000): Promise<void> {
    if (!this.isStarted) return;
    this.isStopping = true;
    this.poke();
    await this.loop;
    const inFlight = [...this.running.values()].map((entry) => entry.promise);
    const timedOut = await Promise.race([
      Promise.allSettled(inFlight).then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), graceMs).unref()),
    ]);
    if (timedOut) {
      const ids = [...this.running.keys()];
      // Hand the jobs back before aborting them: a handler that returns on abort must not be able to
      // mark its job completed first (completion only applies while this worker still holds the job).
      await this.release(ids);
      for (const entry of this.running.values()) entry.abort.abort();
      await Promise.race([
        Promise.allSettled(inFlight),
        new Promise((resolve) => setTimeout(resolve, 1000).unref()),
      ]);
    }
    this.isStarted = false;
    this.isStopping = false;
  }

  /**
   * Claims and runs the due jobs once, waiting for them (tests and the benchmark use it instead of
   * the background loop). Returns how many ran.
   */
  async runDue(limit = 10): Promise<number> {
    const claimed = await this.claim(limit);
    await Promise.all(claimed.map((job) => this.execute(job)));
    return claimed.length;
  }

  private poke(): void {
    this.wake?.();
  }

  private async runLoop(): Promise<void> {
    while (!this.isStopping) {
      const free = this.concurrency - this.running.size;
      let claimedCount = 0;
      if (free > 0) {
        try {
          const claimed = await this.claim(free);
          claimedCount = claimed.length;
          for (const job of claimed) this.track(job);
          await this.cleanUpOccasionally();
        } catch (error) {
          this.options.log?.error({ err: error }, 'job queue: claiming jobs failed');
        }
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

  private track(job: JobRow): void {
    const abort = new AbortController();
    const promise = this.execute(job, abort)
      .catch((error: unknown) =>
        this.options.log?.error({ err: error, jobId: job.id }, 'job queue: running a job failed'),
      )
      .finally(() => {
        this.running.delete(job.id);
        this.poke();
      });
    this.running.set(job.id, { promise, abort });
  }

  /**
   * Jobs a crash left 'running' run again at once instead of after their lease (a minute). PGlite:
   * one process owns the database, so every such job was abandoned. PostgreSQL: other processes may
   * be running theirs, so only jobs whose worker id names this host and a process that no longer
   * exists are taken back (the server killed and started again on the same machine). Two hosts of
   * one name (containers sharing a hostname) could make a live worker look dead: then its job is
   * run twice at once, but only the holder commits (assertStillOwned), so nothing is written twice.
   */
  private async recoverAbandoned(): Promise<void> {
    let abandoned: string[] | undefined;
    if (this.options.databaseKind !== 'pglite') {
      const running = await this.db
        .select({ id: jobs.id, lockedBy: jobs.lockedBy })
        .from(jobs)
        .where(and(eq(jobs.status, 'running'), sql`${jobs.lockedBy} like ${`${hostname()}:%`}`));
      abandoned = running.filter((job) => isDeadLocalWorker(job.lockedBy)).map((job) => job.id);
      if (abandoned.length === 0) return;
    }
    const recovered = await this.db
      .update(jobs)
      .set({ status: 'queued', lockedBy: null, lockedUntil: null, runAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(jobs.status, 'running'), abandoned ? inArray(jobs.id, abandoned) : undefined))
      .returning({ id: jobs.id });
    if (recovered.length > 0)
      this.options.log?.info(
        `job queue: ${recovered.length} job(s) interrupted by the last stop will run again`,
      );
  }

  private async claim(limit: number): Promise<JobRow[]> {
    const queues = [...this.handlers.keys()];
    if (queues.length === 0 || limit <= 0) return [];
    const leaseSeconds = this.leaseMs / 1000;
    const result = await this.db.execute(sql`
      update jobs set
        status = 'running',
        attempts = attempts + 1,
        locked_by = ${this.workerId},
        locked_until = now() + make_interval(secs => ${leaseSeconds}),
        updated_at = now()
      where id in (
        select id from jobs
        where queue in (${sql.join(
          queues.map((queue) => sql`${queue}`),
          sql`, `,
        )})
          and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
        order by run_at
        limit ${limit}
        for update skip locked
      )
      returning id, queue, payload, status, attempts, max_attempts, run_at, locked_until, locked_by,
        last_error, dedupe_key, created_at, updated_at, finished_at`);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows.map(toJobRow);
  }

  private async execute(job: JobRow, abort = new AbortController()): Promise<void> {
    const handler = this.handlers.get(job.queue)!;
    // Claimed again after its lease lapsed with no attempts left: the worker died on the last one.
    if (job.attempts > job.maxAttempts) {
      await this.giveUp(job, handler, job.lastError ?? 'The worker stopped while running this job.');
      return;
    }
    const renew = setInterval(
      () => {
        void this.renewLease(job.id).then((isHeld) => {
          if (!isHeld) abort.abort(new JobLostError(job.id));
        });
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    renew.unref();
    let isDone = false;
    let failure: unknown;
    try {
      await handler.run({
        id: job.id,
        queue: job.queue,
        payload: job.payload,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        signal: abort.signal,
        assertStillOwned: async (tx) => {
          const rows = await tx.execute(
            sql`select id from jobs where id = ${job.id} and locked_by = ${this.workerId} and status = 'running' for update`,
          );
          if ((rows as unknown as { rows: unknown[] }).rows.length === 0) throw new JobLostError(job.id);
        },
      });
      isDone = true;
    } catch (error) {
      failure = error;
    } finally {
      clearInterval(renew);
    }
    // The outcome is recorded apart from the handler: a failure to record it (the database
    // restarting) must not count as the handler failing, which would run a finished job again.
    if (isDone) {
      await this.record(job.id, 'marking the job completed', () =>
        this.db
          .update(jobs)
          .set({
            status: 'completed',
            lockedBy: null,
            lockedUntil: null,
            lastError: null,
            finishedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId))),
      );
      return;
    }
    if (failure instanceof JobLostError || abort.signal.aborted) return;
    const message = failure instanceof Error ? failure.message : String(failure);
    this.options.log?.error({ err: failure, jobId: job.id, queue: job.queue }, 'job failed');
    if (job.attempts >= job.maxAttempts) {
      await this.giveUp(job, handler, message);
      return;
    }
    const delay = (handler.backoffMs ?? defaultBackoff)(job.attempts);
    await this.record(job.id, 'scheduling the retry', () =>
      this.db
        .update(jobs)
        .set({
          status: 'queued',
          lockedBy: null,
          lockedUntil: null,
          lastError: message,
          runAt: sql`now() + ${`${delay} milliseconds`}::interval`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId))),
    );
    setTimeout(() => this.poke(), delay + 5).unref();
  }

  /**
   * Writes a job's outcome, waiting out a passing database outage (a restart takes a second or
   * two). If the database stays away, the job is left to its lease: it runs again once that lapses,
   * and its handler finds the work done. Never throws: a background job must not end the process.
   */
  private async record<T>(jobId: string, what: string, write: () => Promise<T>): Promise<T | undefined> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await write();
      } catch (error) {
        if (attempt >= recordAttempts) {
          this.options.log?.error(
            { err: error, jobId },
            `job queue: ${what} failed; the job runs again when its lease lapses`,
          );
          return undefined;
        }
        await new Promise((resolve) => setTimeout(resolve, recordRetryMs * attempt));
      }
    }
  }

  private async giveUp(job: JobRow, handler: JobHandler<unknown>, message: string): Promise<void> {
    const updated = await this.record(job.id, 'marking the job failed', () =>
      this.db
        .update(jobs)
        .set({
          status: 'failed',
          lockedBy: null,
          lockedUntil: null,
          lastError: message,
          finishedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId)))
        .returning({ id: jobs.id }),
    );
    if (!updated || updated.length === 0) return;
    try {
      await handler.onGiveUp?.({ id: job.id, payload: job.payload, error: message });
    } catch (error) {
      this.options.log?.error({ err: error, jobId: job.id }, 'job queue: onGiveUp failed');
    }
  }

  private async renewLease(id: string): Promise<boolean> {
    try {
      const rows = await this.db
        .update(jobs)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${this.leaseMs / 1000})` })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, this.workerId), eq(jobs.status, 'running')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    } catch {
      // A passing database error: keep the job; the next renewal tries again.
      return true;
    }
  }

  private async release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(jobs)
      .set({
        status: 'queued',
        attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
        lockedBy: null,
        lockedUntil: null,
        runAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, this.workerId)))
      .catch((error: unknown) => this.options.log?.error({ err: error }, 'job queue: releasing jobs failed'));
  }

  /** Finished jobs are kept a week for inspection, then deleted (checked at most hourly). */
  private async cleanUpOccasionally(): Promise<void> {
    if (Date.now() - this.lastCleanup < 3_600_000) return;
    this.lastCleanup = Date.now();
    await this.db.execute(
      sql`delete from jobs where status in ('completed', 'failed') and finished_at < now() - interval '7 days'`,
    );
  }
}

/** Writing a job's outcome is tried this often, waiting recordRetryMs × attempt in between (3.75 s in all). */
const recordAttempts = 6;
const recordRetryMs = 250;

/** Whether a worker id (`host:pid:random`) names a process of this host that has exited. */
function isDeadLocalWorker(workerId: string | null): boolean {
  const [host, pidText] = workerId?.split(':') ?? [];
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it exists (another user's process); only ESRCH means there is no such process.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function defaultBackoff(attempt: number): number {
  return 5000 * attempt * attempt;
}

function toJobRow(row: Record<string, unknown>): JobRow {
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  return {
    id: row.id as string,
    queue: row.queue as string,
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    status: row.status as JobRow['status'],
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    runAt: date(row.run_at)!,
    lockedUntil: date(row.locked_until),
    lockedBy: row.locked_by as string | null,
    lastError: row.last_error as string | null,
    dedupeKey: row.dedupe_key as string | null,
    createdAt: date(row.created_at)!,
    updatedAt: date(row.updated_at)!,
    finishedAt: date(row.finished_at),
  };
}
