import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arcClockNotices, arcRequests, units } from '../../db/schema/index.ts';
import { defineSchedule, type ScheduleContext } from '../../plugins/schedules.ts';
import { formatDay } from '../letters/values.ts';
import type { Notifier } from '../notifications/notify.ts';
import { localClock } from '../notifications/zoned-time.ts';
import { boardOf, deciderMembersOf, managersOf, reviewerLink } from './lifecycle.ts';

/**
 * The review clock (issue 22 item 4): every morning, per association, each request under review with a
 * due date is measured against its window — from the day it was complete to its due date, in the
 * association's calendar. At 50% and 80% the committee deciding it is nudged; at 100% the association's
 * managers and board are told the deadline has passed. Each reminder goes once per window
 * (arc_clock_notices: a restarted window is a new one). The clock never changes a request: the product
 * never approves anything; what a missed deadline means is for the documents and the people to say.
 */

export const clockPercents = [50, 80, 100] as const;
export type ClockPercent = (typeof clockPercents)[number];

const dayMs = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);

/**
 * The highest reminder due on `today` for a window from `completeOn` to `dueOn`: 100 on or after the
 * due date; 80 once four fifths of its days have passed; 50 once half have; none before.
 */
export function clockPercentOn(completeOn: string, dueOn: string, today: string): ClockPercent | null {
  if (today >= dueOn) return 100;
  const total = daysBetween(completeOn, dueOn);
  const passed = daysBetween(completeOn, today);
  if (total <= 0) return 100;
  if (passed * 10 >= total * 8) return 80;
  if (passed * 2 >= total) return 50;
  return null;
}

type Due = {
  id: string;
  propertyId: string;
  title: string;
  typeName: string;
  unitLabel: string;
  completeAt: Date;
  dueOn: string;
  dueSource: string | null;
  percent: ClockPercent;
};

/** The requests of an association under review whose clock has reached a reminder today. */
async function dueReminders(db: Db, propertyId: string, timeZone: string, now: Date): Promise<Due[]> {
  const today = localClock(now, timeZone).date;
  const rows = await db
    .select({
      id: arcRequests.id,
      propertyId: arcRequests.propertyId,
      title: arcRequests.title,
      snapshot: arcRequests.typeSnapshot,
      unitLabel: units.label,
      completeAt: arcRequests.completeAt,
      dueOn: arcRequests.decisionDueOn,
      dueSource: arcRequests.dueSource,
    })
    .from(arcRequests)
    .innerJoin(units, eq(units.id, arcRequests.unitId))
    .where(
      and(
        eq(arcRequests.propertyId, propertyId),
        eq(arcRequests.status, 'under_review'),
        isNotNull(arcRequests.decisionDueOn),
        isNotNull(arcRequests.completeAt),
      ),
    );
  return rows.flatMap((row) => {
    const percent = clockPercentOn(localClock(row.completeAt!, timeZone).date, row.dueOn!, today);
    return percent === null
      ? []
      : [
          {
            id: row.id,
            propertyId: row.propertyId,
            title: row.title,
            typeName: row.snapshot.name,
            unitLabel: row.unitLabel,
            completeAt: row.completeAt!,
            dueOn: row.dueOn!,
            dueSource: row.dueSource,
            percent,
          },
        ];
  });
}

/** Records the reminders reached (this one and any lower one missed); true when this one is new. */
async function recordReminder(db: Db, due: Due): Promise<boolean> {
  const reached = clockPercents.filter((percent) => percent <= due.percent);
  const inserted = await db
    .insert(arcClockNotices)
    .values(reached.map((percent) => ({ requestId: due.id, completeAt: due.completeAt, percent })))
    .onConflictDoNothing()
    .returning({ percent: arcClockNotices.percent });
  return inserted.some((row) => row.percent === due.percent);
}

const what = (due: Due) => `the ${due.typeName.toLowerCase()} request at unit ${due.unitLabel}`;

async function tell(db: Db, notifier: Notifier, due: Due, now: Date) {
  const window = due.dueSource ? ` (${due.dueSource})` : '';
  const dueOn = formatDay(due.dueOn);
  if (due.percent === 100) {
    const people = [...(await managersOf(db, due.propertyId)), ...(await boardOf(db, due.propertyId))];
    await notifier.notify(
      db,
      people,
      {
        kind: 'arc.review',
        propertyId: due.propertyId,
        title: `Deadline passed: ${what(due)} is undecided`,
        body: `“${due.title}” was due for a decision by ${dueOn}${window}, and none is recorded.\n\nThe product does not approve or deny anything by itself: what a missed deadline means is for the association's documents and its people to say.`,
        link: reviewerLink(due),
        dedupeKey: `arc-clock:${due.id}:${due.completeAt.toISOString()}:100`,
      },
      now,
    );
    return;
  }
  await notifier.notify(
    db,
    await deciderMembersOf(db, due.propertyId),
    {
      kind: 'arc.review',
      propertyId: due.propertyId,
      title: `${due.percent === 50 ? 'Halfway' : 'Due soon'}: decide ${what(due)} by ${dueOn}`,
      body: `${due.percent}% of the review window of “${due.title}”${window} has passed. The decision is due by ${dueOn}.`,
      link: reviewerLink(due),
      dedupeKey: `arc-clock:${due.id}:${due.completeAt.toISOString()}:${due.percent}`,
    },
    now,
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const arcClockSchedule = (notifier: Notifier) =>
  defineSchedule({
    name: 'arc.review-clock',
    title: 'Architectural review deadlines',
    description:
      'Every morning at 07:00 local time: nudges the committee at 50% and 80% of each review window, and tells the managers and board when a deadline has passed. Never changes a request.',
    cron: '0 7 * * *',
    perProperty: true,
    catchUpMinutes: 23 * 60,
    preview: async (ctx: ScheduleContext, propertyId) => {
      const due = await dueReminders(ctx.db, propertyId!, ctx.property!.timeZone, ctx.now);
      return {
        summary: `Would look at ${plural(due.length, 'request', 'requests')} at a reminder point (each is reminded once per window).`,
        counts: { requests: due.length },
        items: due.map((one) => `Unit ${one.unitLabel}, “${one.title}”: ${one.percent}% (due ${one.dueOn})`),
      };
    },
    run: async (ctx: ScheduleContext, propertyId) => {
      const due = await dueReminders(ctx.db, propertyId!, ctx.property!.timeZone, ctx.now);
      const sent = { 50: 0, 80: 0, 100: 0 };
      for (const one of due) {
        if (!(await recordReminder(ctx.db, one))) continue;
        await tell(ctx.db, notifier, one, ctx.now);
        sent[one.percent]++;
      }
      const total = sent[50] + sent[80] + sent[100];
      return {
        summary:
          total === 0
            ? 'No reminders due.'
            : `${plural(sent[50] + sent[80], 'reminder', 'reminders')} to the committee; ${plural(sent[100], 'deadline', 'deadlines')} passed told to the managers and board.`,
        counts: { halfway: sent[50], dueSoon: sent[80], deadlinePassed: sent[100] },
        skipped: total === 0,
      };
    },
  });
