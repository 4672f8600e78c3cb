import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import type { JobRunTrigger } from '@commonwise/contracts';
import type { Db } from '../db/client.ts';
import { jobRuns, properties } from '../db/schema/index.ts';
import { JobLostError, type JobQueue, type RunningJob } from './jobs.ts';

/**
 * Scheduled jobs (issue 18 item 1, decision 0034). A domain defines its recurring work beside its code
 * (`<domain>.jobs.ts`) with `defineSchedule` and adds it to `app.schedules`:
 *
 *   export const dailyDigest = defineSchedule({
 *     name: 'notifications.daily-digest', title: 'Daily digest', description: '…',
 *     cron: '0 7 * * *', perProperty: true,          // 07:00 in each association's time zone
 *     preview: async (ctx, propertyId, period) => ({ summary: '…', counts: { … } }),  // reads only
 *     run: async (ctx, propertyId, period) => ({ summary: '…', counts: { … } }),      // ctx.db is the run's transaction
 *   });
 *   app.schedules.add(dailyDigest);
 *
 * Every minute one pg-boss cron job (`schedules.tick`) finds, for each schedule and each association
 * (or the installation), the latest occurrence of its cron expression in that time zone. Each occurrence
 * is a period, and a period is run once: its `job_runs` row is unique by (schedule, property, period),
 * so a second tick, a restart, a second server or a "Run now" of the same period finds the run already
 * there. The run's effects and its history row are written in one transaction.
 */

/** One occurrence of a schedule in a time zone: `key` is its local time with offset, to the minute. */
export type Period = { key: string; scheduledFor: Date; timeZone: string };

export type ScheduleProperty = { id: string; name: string; timeZone: string };

export type ScheduleContext = {
  /** `run`: the run's transaction (effects and history commit together). `preview`: a read-only one. */
  db: Db;
  now: Date;
  /** The association the run is for; null for an installation-wide schedule. */
  property: ScheduleProperty | null;
};

export type ScheduleOutcome = {
  /** What the run did (or, from preview, would do), in a sentence for the history. */
  summary: string;
  counts?: Record<string, number>;
  /** A few examples of what it touched, for the preview (at most 20 are shown). */
  items?: string[];
  /** Nothing to do this period (the association is not set up for it, say): recorded as skipped. */
  skipped?: boolean;
};

export type ScheduleDefinition = {
  /** Dotted by domain: `housekeeping.purge-expired`. */
  name: string;
  title: string;
  description: string;
  /** Five fields (minute hour day month weekday), read in the association's time zone. */
  cron: string;
  /** Once per association (not inactive) in its `time_zone`; otherwise once for the installation. */
  perProperty: boolean;
  /** An installation-wide schedule's time zone (default UTC). */
  timeZone?: string;
  /**
   * An occurrence missed by at most this long (a restart, a deploy) still runs; older ones are not
   * caught up (default 60). Only the latest missed occurrence runs.
   */
  catchUpMinutes?: number;
  /** What a run of this period would do, without writing anything. */
  preview: (ctx: ScheduleContext, propertyId: string | null, period: Period) => Promise<ScheduleOutcome>;
  run: (ctx: ScheduleContext, propertyId: string | null, period: Period) => Promise<ScheduleOutcome>;
};

const scheduleNamePattern = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/;

/** Checks a schedule's definition (name, cron expression, time zone) when the code loads. */
export function defineSchedule(definition: ScheduleDefinition): ScheduleDefinition {
  if (!scheduleNamePattern.test(definition.name))
    throw new Error(
      `Schedule name ${definition.name} must be dotted lower case, like housekeeping.purge-expired`,
    );
  if (definition.cron.trim().split(/\s+/).length !== 5)
    throw new Error(`Schedule ${definition.name}: the cron expression must have five fields`);
  occurrencesAfter(definition.cron, definition.timeZone ?? 'UTC', new Date(), 1);
  return definition;
}

// --- Time: cron occurrences in a time zone, and periods -----------------------------------------

/**
 * pg-boss's own cron evaluation (cron-parser, in its `previewSchedule`), so schedules and pg-boss's
 * cron agree. The instance is never started: the walk is arithmetic.
 */
const cronEvaluator = new PgBoss({
  db: {
    executeSql: async () => {
      throw new Error('The cron evaluator does not reach the database');
    },
  },
  registerInstance: false,
  openTelemetry: { enabled: false },
});

/** The next `count` occurrences strictly after `from`, in `timeZone`, as cron-parser walks them. */
export function occurrencesAfter(cron: string, timeZone: string, from: Date, count: number): Date[] {
  return cronEvaluator.previewSchedule(cron, { tz: timeZone, from, count });
}

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
/**
 * How far before a window the walk starts. cron-parser started inside the repeated hour of a fall-back
 * night would give its second 01:30 as well; walked from before the fold it gives the first only (a
 * daily 01:30 runs once), while an hourly job still gets each real hour.
 */
const foldMs = 2 * hourMs;

/**
 * The occurrences in (from, to], walked from before any daylight-saving fold, a page at a time (each page
 * starts at the last occurrence found, which cron-parser continues correctly), at most `max`.
 */
export function occurrencesBetween(cron: string, timeZone: string, from: Date, to: Date, max = 1000): Date[] {
  const found: Date[] = [];
  let cursor = new Date(from.getTime() - foldMs);
  for (let pageSize = 4; ; pageSize = Math.min(pageSize * 2, 256)) {
    const page = occurrencesAfter(cron, timeZone, cursor, pageSize);
    for (const instant of page) {
      if (instant.getTime() > to.getTime() || found.length >= max) return found;
      if (instant.getTime() > from.getTime()) found.push(instant);
    }
    if (page.length < pageSize) return found;
    cursor = page.at(-1)!;
  }
}

/** The first occurrence after `now`. */
export function nextOccurrence(cron: string, timeZone: string, now: Date): Date | undefined {
  return occurrencesBetween(cron, timeZone, now, new Date(now.getTime() + 400 * dayMs), 1)[0];
}

/** The latest occurrence at or before `now`, if one fell within `withinMs` of it. */
export function latestOccurrence(
  cron: string,
  timeZone: string,
  now: Date,
  withinMs: number,
): Date | undefined {
  // Small windows first, so a frequent expression is not walked for a year.
  for (const span of [hourMs, dayMs, 32 * dayMs, 400 * dayMs]) {
    const window = Math.min(span, withinMs);
    const found = occurrencesBetween(cron, timeZone, new Date(now.getTime() - window - 1), now);
    if (found.length > 0) return found.at(-1);
    if (window >= withinMs) return undefined;
  }
  return undefined;
}

/** Whether `instant` is an occurrence of `cron` in `timeZone`. */
export function isOccurrence(cron: string, timeZone: string, instant: Date): boolean {
  return occurrencesBetween(cron, timeZone, new Date(instant.getTime() - 1), instant).length === 1;
}

const localParts = new Map<string, Intl.DateTimeFormat>();

/**
 * The period key of an instant in a time zone: local date and time with the UTC offset, to the minute
 * (`2026-11-01T01:30-07:00`). The two 01:30s of a fall-back night have different keys.
 */
export function periodKeyOf(instant: Date, timeZone: string): string {
  let format = localParts.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    localParts.set(timeZone, format);
  }
  const part = (type: string) =>
    Number(format.formatToParts(instant).find((entry) => entry.type === type)!.value);
  const [year, month, day, hour, minute] = ['year', 'month', 'day', 'hour', 'minute'].map(part) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const minuteStart = Math.floor(instant.getTime() / 60_000) * 60_000;
  const offset = Math.round((Date.UTC(year, month - 1, day, hour, minute) - minuteStart) / 60_000);
  const two = (value: number) => String(value).padStart(2, '0');
  const sign = offset < 0 ? '-' : '+';
  return (
    `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}` +
    `${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`
  );
}

export function periodOf(instant: Date, timeZone: string): Period {
  return { key: periodKeyOf(instant, timeZone), scheduledFor: instant, timeZone };
}

/** The instant a period key names (its offset makes it exact). */
export function instantOfPeriod(key: string): Date {
  return new Date(key);
}

// --- The registry and its runs -------------------------------------------------------------------

export const scheduleTickQueue = 'schedules.tick';
export const scheduleRunQueue = 'schedules.run';

/** One schedule for one association, or for the installation. */
export type ScheduleTarget = { property: ScheduleProperty | null; timeZone: string };

export type JobRunRow = typeof jobRuns.$inferSelect;

type Log = { error: (object: object, message: string) => void };

export class UnknownPeriodError extends Error {}

export class Schedules {
  private readonly definitions = new Map<string, ScheduleDefinition>();

  constructor(private readonly deps: { db: Db; jobs: JobQueue; log?: Log }) {
    deps.jobs.register(scheduleTickQueue, {
      maxAttempts: 1,
      run: async () => {
        await this.fireDue(new Date());
      },
    });
    deps.jobs.register<{ runId: string }>(scheduleRunQueue, {
      maxAttempts: 3,
      retryDelaySeconds: 30,
      retryBackoff: true,
      run: (job) => this.execute(job),
      onGiveUp: async ({ payload, error }) => {
        await deps.db
          .update(jobRuns)
          .set({ status: 'failed', error, finishedAt: sql`now()` })
          .where(and(eq(jobRuns.id, payload.runId), inArray(jobRuns.status, ['queued', 'running'])));
      },
    });
    deps.jobs.every(scheduleTickQueue, '* * * * *');
  }

  add(definition: ScheduleDefinition): void {
    if (this.definitions.has(definition.name))
      throw new Error(`Schedule ${definition.name} is already added`);
    this.definitions.set(definition.name, definition);
  }

  list(): ScheduleDefinition[] {
    return [...this.definitions.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  get(name: string): ScheduleDefinition | undefined {
    return this.definitions.get(name);
  }

  /** Whom a schedule runs for: each association that is not inactive, in its time zone, or the installation. */
  async targetsOf(definition: ScheduleDefinition, db: Db = this.deps.db): Promise<ScheduleTarget[]> {
    if (!definition.perProperty) return [{ property: null, timeZone: definition.timeZone ?? 'UTC' }];
    const rows = await db
      .select({ id: properties.id, name: properties.name, timeZone: properties.timeZone })
      .from(properties)
      .where(ne(properties.status, 'inactive'))
      .orderBy(properties.name);
    return rows.map((property) => ({ property, timeZone: property.timeZone }));
  }

  /**
   * The clock's part: queues the run of each schedule's latest due period that has none yet. Run every
   * minute by the tick job; safe to run any number of times at once. Returns how many runs it queued.
   */
  async fireDue(now: Date): Promise<number> {
    const due: { definition: ScheduleDefinition; target: ScheduleTarget; period: Period }[] = [];
    let widest = 0;
    for (const definition of this.definitions.values()) {
      const catchUpMs = (definition.catchUpMinutes ?? 60) * 60_000;
      widest = Math.max(widest, catchUpMs);
      // The walk depends on the time zone only, and most associations share a few.
      const byZone = new Map<string, Date | undefined>();
      for (const target of await this.targetsOf(definition)) {
        try {
          if (!byZone.has(target.timeZone))
            byZone.set(target.timeZone, latestOccurrence(definition.cron, target.timeZone, now, catchUpMs));
          const occurrence = byZone.get(target.timeZone);
          if (occurrence) due.push({ definition, target, period: periodOf(occurrence, target.timeZone) });
        } catch (error) {
          this.deps.log?.error(
            { err: error, schedule: definition.name, propertyId: target.property?.id },
            'schedules: the time zone or cron expression cannot be read',
          );
        }
      }
    }
    if (due.length === 0) return 0;
    const existing = await this.deps.db
      .select({ schedule: jobRuns.schedule, propertyId: jobRuns.propertyId, period: jobRuns.period })
      .from(jobRuns)
      .where(
        and(
          inArray(jobRuns.schedule, [...new Set(due.map((entry) => entry.definition.name))]),
          gte(jobRuns.scheduledFor, new Date(now.getTime() - widest - 60_000)),
        ),
      );
    const keyOf = (schedule: string, propertyId: string | null, period: string) =>
      `${schedule}|${propertyId ?? ''}|${period}`;
    const known = new Set(existing.map((row) => keyOf(row.schedule, row.propertyId, row.period)));
    let queued = 0;
    for (const { definition, target, period } of due) {
      if (known.has(keyOf(definition.name, target.property?.id ?? null, period.key))) continue;
      const { isNew } = await this.request(definition, target, period, { trigger: 'schedule' });
      if (isNew) queued += 1;
    }
    return queued;
  }

  /**
   * The run of one period: queued now if there is none, otherwise the one there (a period runs once).
   * The row and its job are written in one transaction.
   */
  async request(
    definition: ScheduleDefinition,
    target: ScheduleTarget,
    period: Period,
    options: { trigger: JobRunTrigger; requestedBy?: string; db?: Db },
  ): Promise<{ run: JobRunRow; isNew: boolean }> {
    const db = options.db ?? this.deps.db;
    return db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(jobRuns)
        .values({
          schedule: definition.name,
          propertyId: target.property?.id ?? null,
          period: period.key,
          scheduledFor: period.scheduledFor,
          timeZone: period.timeZone,
          trigger: options.trigger,
          requestedBy: options.requestedBy ?? null,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted) {
        await this.deps.jobs.enqueue(
          scheduleRunQueue,
          { runId: inserted.id },
          { executor: tx, dedupeKey: inserted.id },
        );
        return { run: inserted, isNew: true };
      }
      const [run] = await tx
        .select()
        .from(jobRuns)
        .where(
          and(
            eq(jobRuns.schedule, definition.name),
            target.property ? eq(jobRuns.propertyId, target.property.id) : sql`${jobRuns.propertyId} is null`,
            eq(jobRuns.period, period.key),
          ),
        );
      return { run: run!, isNew: false };
    });
  }

  /** The run of this period, if there is one. */
  async runOf(
    definition: ScheduleDefinition,
    target: ScheduleTarget,
    period: Period,
  ): Promise<JobRunRow | undefined> {
    const [run] = await this.deps.db
      .select()
      .from(jobRuns)
      .where(
        and(
          eq(jobRuns.schedule, definition.name),
          target.property ? eq(jobRuns.propertyId, target.property.id) : sql`${jobRuns.propertyId} is null`,
          eq(jobRuns.period, period.key),
        ),
      );
    return run;
  }

  /**
   * The period "Run now" is about when none is named: the latest occurrence (due now, or run already),
   * or the first one if none has come yet. Asking twice names the same period.
   */
  currentPeriod(definition: ScheduleDefinition, target: ScheduleTarget, now: Date): Period {
    const latest =
      latestOccurrence(definition.cron, target.timeZone, now, 400 * dayMs) ??
      nextOccurrence(definition.cron, target.timeZone, now)!;
    return periodOf(latest, target.timeZone);
  }

  /**
   * The period a preview is about when none is named, the next to run: the latest occurrence if it
   * has no run yet (due, or missed), otherwise the next one.
   */
  async nextPeriod(definition: ScheduleDefinition, target: ScheduleTarget, now: Date): Promise<Period> {
    const latest = latestOccurrence(definition.cron, target.timeZone, now, 400 * dayMs);
    if (latest) {
      const period = periodOf(latest, target.timeZone);
      if (!(await this.runOf(definition, target, period))) return period;
    }
    return periodOf(nextOccurrence(definition.cron, target.timeZone, now)!, target.timeZone);
  }

  /**
   * A named period, checked: an occurrence of the schedule in the target's time zone, not later than
   * its next run.
   */
  periodNamed(definition: ScheduleDefinition, target: ScheduleTarget, key: string, now: Date): Period {
    const instant = instantOfPeriod(key);
    if (Number.isNaN(instant.getTime()) || periodKeyOf(instant, target.timeZone) !== key)
      throw new UnknownPeriodError(`${key} is not a time in ${target.timeZone}.`);
    if (!isOccurrence(definition.cron, target.timeZone, instant))
      throw new UnknownPeriodError(
        `${definition.title} does not run at ${key} (${definition.cron}, ${target.timeZone}).`,
      );
    const next = nextOccurrence(definition.cron, target.timeZone, now);
    if (next && instant.getTime() > next.getTime())
      throw new UnknownPeriodError(
        `${key} has not come yet: the next run is ${periodKeyOf(next, target.timeZone)}.`,
      );
    return periodOf(instant, target.timeZone);
  }

  /** What the run of `period` would do, in a read-only transaction: it cannot write. */
  async preview(
    definition: ScheduleDefinition,
    target: ScheduleTarget,
    period: Period,
  ): Promise<ScheduleOutcome> {
    return this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction read only`);
      return definition.preview(
        { db: tx, now: new Date(), property: target.property },
        target.property?.id ?? null,
        period,
      );
    });
  }

  /** The `schedules.run` job: one period of one schedule, its effects and history in one transaction. */
  private async execute(job: RunningJob<{ runId: string }>): Promise<void> {
    const { db } = this.deps;
    const [run] = await db
      .update(jobRuns)
      .set({ status: 'running', attempts: sql`${jobRuns.attempts} + 1`, startedAt: sql`now()`, error: null })
      .where(and(eq(jobRuns.id, job.payload.runId), inArray(jobRuns.status, ['queued', 'running', 'failed'])))
      .returning();
    // Done already (a retry after a lost completion), or its association was deleted.
    if (!run) return;
    const definition = this.definitions.get(run.schedule);
    const property = run.propertyId
      ? ((
          await db
            .select({ id: properties.id, name: properties.name, timeZone: properties.timeZone })
            .from(properties)
            .where(eq(properties.id, run.propertyId))
        )[0] ?? null)
      : null;
    const period: Period = { key: run.period, scheduledFor: run.scheduledFor, timeZone: run.timeZone };
    try {
      await db.transaction(async (tx) => {
        await job.assertStillOwned(tx);
        const [current] = await tx
          .select({ status: jobRuns.status })
          .from(jobRuns)
          .where(eq(jobRuns.id, run.id))
          .for('update');
        if (!current || current.status === 'succeeded' || current.status === 'skipped') return;
        const outcome: ScheduleOutcome = definition
          ? await definition.run({ db: tx, now: new Date(), property }, run.propertyId, period)
          : { summary: 'This schedule is no longer part of the product.', skipped: true };
        await tx
          .update(jobRuns)
          .set({
            status: outcome.skipped ? 'skipped' : 'succeeded',
            finishedAt: sql`now()`,
            summary: outcome.summary,
            counts: outcome.counts ?? {},
            error: null,
          })
          .where(eq(jobRuns.id, run.id));
      });
    } catch (error) {
      if (error instanceof JobLostError) throw error;
      // Its effects were rolled back with it: the history says why, and whether it is tried again.
      const isLast = job.attempt >= job.maxAttempts;
      await db
        .update(jobRuns)
        .set({
          status: isLast ? 'failed' : 'queued',
          finishedAt: isLast ? sql`now()` : null,
          error: error instanceof Error ? error.message : String(error),
        })
        .where(and(eq(jobRuns.id, run.id), eq(jobRuns.status, 'running')))
        .catch(() => {});
      throw error;
    }
  }
}
