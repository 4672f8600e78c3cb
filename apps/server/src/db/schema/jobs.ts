import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { jobRunStatuses, jobRunTriggers, type JobRunStatus, type JobRunTrigger } from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { properties } from './properties.ts';
import { inList } from './sql.ts';

/**
 * Background jobs live in pg-boss's own schema (`pgboss`, plugins/jobs.ts, decision 0034). This table
 * only holds the jobs that were still queued or running in our former `jobs` table when migration 0018
 * dropped it: the job queue moves them into pg-boss when it starts, then deletes them here.
 */
export const jobsToMove = pgTable('jobs_to_move', {
  id: uuid('id').primaryKey(),
  queue: text('queue').notNull(),
  payload: jsonb('payload').notNull().default({}),
  /** Attempts already used (a job that was running counts its interrupted attempt). */
  attempts: integer('attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull().default(3),
  runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
  dedupeKey: text('dedupe_key'),
  lastError: text('last_error'),
});

/**
 * One row per run of a scheduled job (plugins/schedules.ts): a schedule, for one property or the whole
 * installation (property_id null), for one period (the occurrence of its cron expression in the
 * property's time zone, e.g. `2026-11-01T07:00-07:00`). The unique key makes a period run once, however
 * many servers tick or however often the run is asked for; the run's effects and its final status are
 * written in one transaction.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schedule: text('schedule').notNull(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    /** The instant the period's occurrence fell on. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    trigger: text('trigger').$type<JobRunTrigger>().notNull(),
    /** Who asked for it (a manual run); null for the clock. */
    requestedBy: text('requested_by').references(() => profiles.id, { onDelete: 'set null' }),
    status: text('status').$type<JobRunStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** What the run did, in a sentence, and in figures. */
    summary: text('summary'),
    counts: jsonb('counts').$type<Record<string, number>>(),
    error: text('error'),
  },
  (t) => [
    unique('job_runs_period_key').on(t.schedule, t.propertyId, t.period).nullsNotDistinct(),
    check('job_runs_status_check', sql`${t.status} in ${inList(jobRunStatuses)}`),
    check('job_runs_trigger_check', sql`${t.trigger} in ${inList(jobRunTriggers)}`),
    index('job_runs_created_idx').on(t.createdAt, t.id),
    index('job_runs_schedule_idx').on(t.schedule, t.createdAt),
    index('job_runs_property_idx').on(t.propertyId, t.createdAt),
  ],
);
