import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { openWorkOrderStatuses } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { properties, propertyManagers, workOrders } from '../../db/schema/index.ts';
import { defineSchedule, type Period, type ScheduleDefinition } from '../../plugins/schedules.ts';
import type { Notifier } from '../notifications/notify.ts';
import { formatWorkOrderReference } from '@commonwise/contracts';

/**
 * Overdue work orders remind the property's managers once a day (issue 26 item 6): at 08:00 in the
 * association's time zone, every work order past its due date and still open, in one notification per
 * manager. Each association's morning is one period run once (`job_runs`), and the notification's key
 * is the property and local date, so a second run that day sends nothing twice.
 */
export const overdueReminderHour = 8;

/** The association's local date of the period (its key is the local time, `2026-11-25T08:00-06:00`). */
const localDateOf = (period: Period) => period.key.slice(0, 10);

export async function overdueWorkOrders(db: Db, propertyId: string, period: Period) {
  return db
    .select({
      id: workOrders.id,
      summary: workOrders.summary,
      dueDate: workOrders.dueDate,
      referencePrefix: properties.workOrderPrefix,
      referenceNumber: workOrders.referenceNumber,
    })
    .from(workOrders)
    .innerJoin(properties, eq(properties.id, workOrders.propertyId))
    .where(
      and(
        eq(workOrders.propertyId, propertyId),
        inArray(workOrders.status, [...openWorkOrderStatuses]),
        lt(workOrders.dueDate, localDateOf(period)),
      ),
    )
    .orderBy(asc(workOrders.dueDate), asc(workOrders.createdAt));
}

export function overdueRemindersSchedule(notifier: Notifier): ScheduleDefinition {
  return defineSchedule({
    name: 'work-orders.overdue-reminders',
    title: 'Overdue work order reminders',
    description: `Reminds each association's managers at 0${overdueReminderHour}:00 local time of the work orders past their due date and not completed.`,
    cron: `0 ${overdueReminderHour} * * *`,
    perProperty: true,
    catchUpMinutes: 6 * 60,
    preview: async (ctx, propertyId, period) => {
      const overdue = await overdueWorkOrders(ctx.db, propertyId!, period);
      return {
        summary: `Would remind of ${overdue.length} overdue ${overdue.length === 1 ? 'work order' : 'work orders'}.`,
        counts: { overdue: overdue.length },
        items: overdue.map((order) => `${order.summary} (due ${order.dueDate})`),
      };
    },
    run: async (ctx, propertyId, period) => {
      const overdue = await overdueWorkOrders(ctx.db, propertyId!, period);
      if (overdue.length === 0)
        return { summary: 'No overdue work orders.', counts: { overdue: 0, managers: 0 } };
      const managers = await ctx.db
        .select({ userId: propertyManagers.userId })
        .from(propertyManagers)
        .where(eq(propertyManagers.propertyId, propertyId!));
      const where = ctx.property?.name ?? 'your property';
      const only = overdue.length === 1 ? overdue[0]! : null;
      await notifier.notify(
        ctx.db,
        managers.map((manager) => manager.userId),
        {
          kind: 'work-order.overdue',
          propertyId,
          title: only
            ? `Overdue at ${where}: ${formatWorkOrderReference(only)} ${only.summary}`
            : `${overdue.length} overdue work orders at ${where}`,
          body: [
            `These work orders at ${where} are past their due date and not completed:`,
            overdue
              .map((order) => `• ${formatWorkOrderReference(order)} ${order.summary} — due ${order.dueDate}`)
              .join('\n'),
          ].join('\n\n'),
          link: '/manager-portal',
          dedupeKey: `overdue:${propertyId}:${localDateOf(period)}`,
        },
        ctx.now,
      );
      return {
        summary: `Reminded ${managers.length} ${managers.length === 1 ? 'manager' : 'managers'} of ${overdue.length} overdue ${overdue.length === 1 ? 'work order' : 'work orders'}.`,
        counts: { overdue: overdue.length, managers: managers.length },
        items: overdue.map((order) => order.summary),
      };
    },
  });
}
