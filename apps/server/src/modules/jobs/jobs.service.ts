import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  previewMaxItems,
  type JobRun,
  type JobRunList,
  type JobRunListQuery,
  type PageQuery,
  type RunScheduleInput,
  type RunScheduleResult,
  type Schedule,
  type ScheduleList,
  type ScheduleNextRun,
  type SchedulePreview,
  type ScheduleTargetQuery,
} from '@commonwise/contracts';
import { jobRuns, profiles, properties } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { offsetOf } from '../../lib/paging.ts';
import {
  nextOccurrence,
  periodKeyOf,
  UnknownPeriodError,
  type JobRunRow,
  type Period,
  type ScheduleDefinition,
  type Schedules,
  type ScheduleTarget,
} from '../../plugins/schedules.ts';

/** Admins' view of the scheduled jobs (routes: jobs:manage). */
export type JobsContext = ServiceContext & { schedules: Schedules };

type RunRow = { run: JobRunRow; propertyName: string | null; requesterName: string | null };

function toJobRun(ctx: JobsContext, row: RunRow): JobRun {
  const { run } = row;
  return {
    id: run.id,
    schedule: run.schedule,
    scheduleTitle: ctx.schedules.get(run.schedule)?.title ?? run.schedule,
    property: run.propertyId ? { id: run.propertyId, name: row.propertyName ?? '' } : null,
    period: run.period,
    scheduledFor: run.scheduledFor.toISOString(),
    timeZone: run.timeZone,
    trigger: run.trigger,
    requestedBy: run.requestedBy ? { id: run.requestedBy, fullName: row.requesterName ?? '' } : null,
    status: run.status,
    attempts: run.attempts,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    summary: run.summary,
    counts: run.counts,
    error: run.error,
  };
}

function selectRuns(ctx: JobsContext) {
  return ctx.db
    .select({ run: jobRuns, propertyName: properties.name, requesterName: profiles.fullName })
    .from(jobRuns)
    .leftJoin(properties, eq(properties.id, jobRuns.propertyId))
    .leftJoin(profiles, eq(profiles.id, jobRuns.requestedBy));
}

async function runById(ctx: JobsContext, id: string): Promise<JobRun> {
  const [row] = await selectRuns(ctx).where(eq(jobRuns.id, id));
  return toJobRun(ctx, row!);
}

function scheduleNamed(ctx: JobsContext, name: string): ScheduleDefinition {
  const definition = ctx.schedules.get(name);
  if (!definition) throw new AppError(404, 'NOT_FOUND', `There is no schedule named ${name}.`);
  return definition;
}

/** Every schedule, with its next run in each time zone it runs in, and its latest run. */
export async function listSchedules(ctx: JobsContext, now = new Date()): Promise<ScheduleList> {
  const definitions = ctx.schedules.list();
  const latest =
    definitions.length === 0
      ? []
      : await ctx.db
          .selectDistinctOn([jobRuns.schedule], { id: jobRuns.id, schedule: jobRuns.schedule })
          .from(jobRuns)
          .where(
            inArray(
              jobRuns.schedule,
              definitions.map((definition) => definition.name),
            ),
          )
          .orderBy(jobRuns.schedule, desc(jobRuns.createdAt), desc(jobRuns.id));
  const lastRuns = new Map<string, JobRun>();
  if (latest.length > 0) {
    const rows = await selectRuns(ctx).where(
      inArray(
        jobRuns.id,
        latest.map((row) => row.id),
      ),
    );
    for (const row of rows) lastRuns.set(row.run.schedule, toJobRun(ctx, row));
  }
  const schedules: Schedule[] = [];
  for (const definition of definitions) {
    const byZone = new Map<string, number>();
    for (const target of await ctx.schedules.targetsOf(definition, ctx.db))
      byZone.set(target.timeZone, (byZone.get(target.timeZone) ?? 0) + (target.property ? 1 : 0));
    const nextRuns: ScheduleNextRun[] = [];
    for (const [timeZone, count] of byZone) {
      try {
        const next = nextOccurrence(definition.cron, timeZone, now);
        if (next)
          nextRuns.push({
            timeZone,
            nextRunAt: next.toISOString(),
            period: periodKeyOf(next, timeZone),
            properties: count,
          });
      } catch {
        // A time zone that cannot be read has no next run; the tick logs it.
      }
    }
    nextRuns.sort((a, b) => a.nextRunAt.localeCompare(b.nextRunAt) || a.timeZone.localeCompare(b.timeZone));
    schedules.push({
      name: definition.name,
      title: definition.title,
      description: definition.description,
      cron: definition.cron,
      perProperty: definition.perProperty,
      nextRuns,
      lastRun: lastRuns.get(definition.name) ?? null,
    });
  }
  return { schedules };
}

/** The history of runs, newest first, filtered by schedule, property and status, a page at a time. */
export async function listJobRuns(
  ctx: JobsContext,
  query: Omit<JobRunListQuery, 'page' | 'limit'> & PageQuery,
): Promise<JobRunList> {
  const where: SQL | undefined = and(
    query.schedule ? eq(jobRuns.schedule, query.schedule) : undefined,
    query.propertyId ? eq(jobRuns.propertyId, query.propertyId) : undefined,
    query.status ? eq(jobRuns.status, query.status) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    selectRuns(ctx)
      .where(where)
      .orderBy(desc(jobRuns.createdAt), desc(jobRuns.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(jobRuns).where(where),
  ]);
  return {
    runs: rows.map((row) => toJobRun(ctx, row)),
    total: counted?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** The schedule, the association (or none) and the period a preview or "Run now" is about. */
async function resolveTarget(
  ctx: JobsContext,
  name: string,
  input: ScheduleTargetQuery,
  now: Date,
  defaultPeriod: 'current' | 'next',
): Promise<{ definition: ScheduleDefinition; target: ScheduleTarget; period: Period }> {
  const definition = scheduleNamed(ctx, name);
  let target: ScheduleTarget;
  if (definition.perProperty) {
    if (!input.propertyId)
      throw new AppError(
        400,
        'VALIDATION_ERROR',
        `${definition.title} runs for each association: choose one.`,
        {
          fields: { propertyId: 'Choose an association' },
        },
      );
    const [property] = await ctx.db
      .select({ id: properties.id, name: properties.name, timeZone: properties.timeZone })
      .from(properties)
      .where(eq(properties.id, input.propertyId));
    if (!property) throw new AppError(404, 'NOT_FOUND', 'There is no such association.');
    target = { property, timeZone: property.timeZone };
  } else {
    if (input.propertyId)
      throw new AppError(
        400,
        'VALIDATION_ERROR',
        `${definition.title} runs once for the whole installation, not per association.`,
        { fields: { propertyId: 'Leave the association out' } },
      );
    target = { property: null, timeZone: definition.timeZone ?? 'UTC' };
  }
  let period: Period;
  try {
    period = input.period
      ? ctx.schedules.periodNamed(definition, target, input.period, now)
      : defaultPeriod === 'next'
        ? await ctx.schedules.nextPeriod(definition, target, now)
        : ctx.schedules.currentPeriod(definition, target, now);
  } catch (error) {
    if (error instanceof UnknownPeriodError)
      throw new AppError(400, 'VALIDATION_ERROR', error.message, { fields: { period: error.message } });
    throw error;
  }
  return { definition, target, period };
}

/** What the run of a period would do (by default the next one), without writing anything. */
export async function previewSchedule(
  ctx: JobsContext,
  name: string,
  query: ScheduleTargetQuery,
  now = new Date(),
): Promise<SchedulePreview> {
  const { definition, target, period } = await resolveTarget(ctx, name, query, now, 'next');
  const outcome = await ctx.schedules.preview(definition, target, period);
  const existing = await ctx.schedules.runOf(definition, target, period);
  return {
    schedule: definition.name,
    property: target.property ? { id: target.property.id, name: target.property.name } : null,
    period: period.key,
    scheduledFor: period.scheduledFor.toISOString(),
    timeZone: period.timeZone,
    summary: outcome.summary,
    counts: outcome.counts ?? {},
    items: (outcome.items ?? []).slice(0, previewMaxItems),
    existingRun: existing ? await runById(ctx, existing.id) : null,
  };
}

/**
 * "Run now": the run of a period (by default the current one, the latest due), queued once; a period run
 * before answers with that run.
 */
export async function runSchedule(
  ctx: JobsContext,
  name: string,
  input: RunScheduleInput,
  now = new Date(),
): Promise<RunScheduleResult> {
  const { definition, target, period } = await resolveTarget(ctx, name, input, now, 'current');
  const { run, isNew } = await ctx.schedules.request(definition, target, period, {
    trigger: 'manual',
    requestedBy: ctx.actor.id,
    db: ctx.db,
  });
  return { run: await runById(ctx, run.id), isNew };
}
