import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { defineSchedule, type ScheduleOutcome } from '../../plugins/schedules.ts';

/** Sign-in attempts are counted over minutes (auth/sign-in-limiter.ts); a day later they are noise. */
const signInAttemptsKeptDays = 1;
/** The run history kept for admins. */
export const jobRunsKeptDays = 180;

/**
 * An upload nobody sent within a day: a file for a message (a conversation's or a room's), a task change
 * or a violation's observation that never went out with one. Named by the targets that have a "sent"
 * moment, so that a new kind of target (an announcement's, a deposit's, a vendor document's, a bid's, an
 * invoice's file: part of it from the start) is never purged by default.
 */
const unsentUpload = sql`(thread_id is not null or room_id is not null or task_id is not null
    or inspection_id is not null or violation_id is not null)
  and message_id is null and task_sent_at is null and violation_event_id is null
  and created_at < now() - interval '1 day'`;

/** What has expired, as [what, table, condition]: the preview counts these, the run deletes them. */
const expired = [
  [
    'sessions',
    'expired sessions',
    sql`delete from sessions where expires_at < now()`,
    sql`select count(*)::int as n from sessions where expires_at < now()`,
  ],
  [
    'codesAndLinks',
    'expired sign-in codes, invitation and password links',
    sql`delete from verifications where expires_at < now()`,
    sql`select count(*)::int as n from verifications where expires_at < now()`,
  ],
  [
    'signInAttempts',
    'old sign-in attempts',
    sql`delete from sign_in_attempts where created_at < now() - make_interval(days => ${signInAttemptsKeptDays})`,
    sql`select count(*)::int as n from sign_in_attempts where created_at < now() - make_interval(days => ${signInAttemptsKeptDays})`,
  ],
  [
    'unsentAttachments',
    'uploads never sent after a day',
    sql`delete from attachments where ${unsentUpload}`,
    sql`select count(*)::int as n from attachments where ${unsentUpload}`,
  ],
  [
    'jobRuns',
    `scheduled runs finished over ${jobRunsKeptDays} days ago`,
    sql`delete from job_runs where finished_at < now() - make_interval(days => ${jobRunsKeptDays})`,
    sql`select count(*)::int as n from job_runs where finished_at < now() - make_interval(days => ${jobRunsKeptDays})`,
  ],
] as const;

function rowCountOf(result: unknown): number {
  const counts = result as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
}

function outcomeOf(counts: Record<string, number>, verb: string): ScheduleOutcome {
  const parts = expired.map(([key, label]) => `${counts[key] ?? 0} ${label}`);
  return {
    summary: `${verb} ${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}.`,
    counts,
    items: expired.map(([key, label]) => `${counts[key] ?? 0} ${label}`),
  };
}

async function countExpired(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [key, , , counting] of expired) {
    const result = await db.execute(counting);
    counts[key] = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  }
  return counts;
}

/**
 * Nightly (03:15 UTC, installation-wide): deletes what has expired and nobody can use any more —
 * sessions, sign-in codes, invitation and password-reset links, sign-in attempts older than a day —
 * photos and files uploaded but never sent (their files go with the orphan sweep), and scheduled runs
 * finished more than 180 days ago. pg-boss deletes its own finished jobs (after 7
 * days) by itself.
 */
export const purgeExpiredSchedule = defineSchedule({
  name: 'housekeeping.purge-expired',
  title: 'Purge expired sign-ins',
  description:
    'Deletes expired sessions, sign-in codes, invitation and password links, sign-in attempts older than a day, uploads never sent, and scheduled runs finished over 180 days ago.',
  cron: '15 3 * * *',
  perProperty: false,
  timeZone: 'UTC',
  catchUpMinutes: 6 * 60,
  preview: async (ctx) => outcomeOf(await countExpired(ctx.db), 'Would delete'),
  run: async (ctx) => {
    const counts: Record<string, number> = {};
    for (const [key, , deleting] of expired) counts[key] = rowCountOf(await ctx.db.execute(deleting));
    return outcomeOf(counts, 'Deleted');
  },
});
