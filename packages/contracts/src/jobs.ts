import { z } from 'zod';
import { pageFields, pageQueryFields } from './paging.ts';

/**
 * Scheduled jobs (issue 18 item 1, decision 0034): recurring work defined in the server by a cron
 * expression read in each association's time zone (or the installation's, UTC). Each firing is one
 * run of one period; admins see the schedules, their history, a preview of the next run, and may run
 * a period now.
 */

export const jobRunStatuses = ['queued', 'running', 'succeeded', 'failed', 'skipped'] as const;
export type JobRunStatus = (typeof jobRunStatuses)[number];
export const jobRunStatusLabels: Record<JobRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** What started a run: the clock, or a person's "Run now". */
export const jobRunTriggers = ['schedule', 'manual'] as const;
export type JobRunTrigger = (typeof jobRunTriggers)[number];
export const jobRunTriggerLabels: Record<JobRunTrigger, string> = {
  schedule: 'On schedule',
  manual: 'Run now',
};

/** A schedule's name: lower case, dotted by domain (`housekeeping.purge-expired`). */
export const scheduleNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/, 'That is not the name of a schedule')
  .max(80, 'That is not the name of a schedule');

/**
 * A period: the local date and time of one occurrence with its UTC offset, to the minute
 * (`2026-11-01T01:30-07:00`). The offset tells the two 01:30s of a fall-back night apart.
 */
export const periodSchema = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}[+-]\d{2}:\d{2}$/,
    'A period is a local date and time with its offset, like 2026-11-01T07:00-07:00',
  );

export const jobRunSchema = z.object({
  id: z.uuid(),
  schedule: z.string(),
  /** The schedule's title; the name itself for a schedule no longer in the code. */
  scheduleTitle: z.string(),
  /** Null for an installation-wide schedule. */
  property: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  period: z.string(),
  scheduledFor: z.iso.datetime(),
  timeZone: z.string(),
  trigger: z.enum(jobRunTriggers),
  requestedBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  status: z.enum(jobRunStatuses),
  attempts: z.number().int(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  summary: z.string().nullable(),
  counts: z.record(z.string(), z.number()).nullable(),
  error: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

/** When a schedule runs next in one time zone, and for how many of the associations in it. */
export const scheduleNextRunSchema = z.object({
  timeZone: z.string(),
  nextRunAt: z.iso.datetime(),
  period: z.string(),
  /** Associations in this time zone; 0 for an installation-wide schedule. */
  properties: z.number().int(),
});
export type ScheduleNextRun = z.infer<typeof scheduleNextRunSchema>;

export const scheduleSchema = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  cron: z.string(),
  /** Runs once per association, in its time zone; otherwise once for the installation. */
  perProperty: z.boolean(),
  /** One entry per time zone, soonest first. */
  nextRuns: z.array(scheduleNextRunSchema),
  lastRun: jobRunSchema.nullable(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const scheduleListSchema = z.object({ schedules: z.array(scheduleSchema) });
export type ScheduleList = z.infer<typeof scheduleListSchema>;

export const scheduleParamsSchema = z.object({ name: scheduleNameSchema });

export const jobRunListQuerySchema = z.object({
  schedule: scheduleNameSchema.optional(),
  propertyId: z.uuid('That is not a valid property id').optional(),
  status: z.enum(jobRunStatuses, 'Choose one of the statuses').optional(),
  ...pageQueryFields(25),
});
export type JobRunListQuery = z.input<typeof jobRunListQuerySchema>;

export const jobRunListSchema = z.object({ runs: z.array(jobRunSchema), ...pageFields });
export type JobRunList = z.infer<typeof jobRunListSchema>;

/** Which run to preview or start: a property (per-association schedules) and a period (default: the latest due). */
export const scheduleTargetQuerySchema = z.object({
  propertyId: z.uuid('That is not a valid property id').optional(),
  period: periodSchema.optional(),
});
export type ScheduleTargetQuery = z.infer<typeof scheduleTargetQuerySchema>;

/** At most this many lines of detail in a preview. */
export const previewMaxItems = 20;

export const schedulePreviewSchema = z.object({
  schedule: z.string(),
  property: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  period: z.string(),
  scheduledFor: z.iso.datetime(),
  timeZone: z.string(),
  summary: z.string(),
  counts: z.record(z.string(), z.number()),
  /** Examples of what it would touch, at most `previewMaxItems`. */
  items: z.array(z.string()).max(previewMaxItems),
  /** The run of this period, when it already exists: running it again answers with that run. */
  existingRun: jobRunSchema.nullable(),
});
export type SchedulePreview = z.infer<typeof schedulePreviewSchema>;

export const runScheduleSchema = scheduleTargetQuerySchema.strict();
export type RunScheduleInput = z.infer<typeof runScheduleSchema>;

export const runScheduleResultSchema = z.object({
  run: jobRunSchema,
  /** False when the period had already been run (or queued): the answer is that run. */
  isNew: z.boolean(),
});
export type RunScheduleResult = z.infer<typeof runScheduleResultSchema>;
