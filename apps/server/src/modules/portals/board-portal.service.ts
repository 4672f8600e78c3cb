import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  completionWindowDays,
  formatWorkOrderReference,
  openWorkOrderStatuses,
  type BoardReportWorkOrder,
  type BoardWorkOrderOverview,
  type WorkOrder,
} from '@commonwise/contracts';
import { properties, workOrderActivity, workOrders } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { boardScope } from '../access/scope.ts';
import { rowsOf } from '../realtime/publish.ts';

const day = 24 * 60 * 60 * 1000;

/**
 * The board reads its own association: the properties whose board the caller sits on today (admins:
 * every property; modules/access/scope.ts). A board member of Willow Creek sees nothing of Harbor View
 * here — not in counts, not in the report. Anyone else sees an empty overview.
 *
 * The properties are looked up first and written into the figures' queries as a literal list (issue
 * 19): with the list hidden in a subquery the planner guessed thousands of work orders for a board of
 * one association and hashed every completion activity of the portfolio (board overview 60 → 350 ms).
 */
async function boardProperties(ctx: ServiceContext): Promise<(propertyId: SQL) => SQL> {
  const scope = boardScope(ctx.actor, sql`p.id`);
  if (scope === undefined) return () => sql`true`;
  const ids = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`select p.id from properties p where ${scope}`),
  ).map((row) => row.id);
  if (ids.length === 0) return () => sql`false`;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return (propertyId) => sql`${propertyId} in (${list})`;
}

/**
 * What records a completion: a 'completed' activity, or a status change to completed (what the status
 * endpoint writes). Work orders completed before activity was kept fall back to their last update.
 * Written as the partial index work_order_activity_completion_idx is (migration 0020), literals and
 * all, so that the planner reads completions from it.
 */
const isCompletionActivity = sql`(${workOrderActivity.activityType} = 'completed' or (${workOrderActivity.activityType} = 'status_changed' and ${workOrderActivity.metadata}->>'to' = 'completed'))`;

const isOpen = inArray(workOrders.status, [...openWorkOrderStatuses]);

/** The associations of the caller's board, by name, with their time zones (the report's heading). */
export async function boardAssociations(
  ctx: ServiceContext,
): Promise<{ id: string; name: string; timeZone: string }[]> {
  const onBoard = await boardProperties(ctx);
  return ctx.db
    .select({ id: properties.id, name: properties.name, timeZone: properties.timeZone })
    .from(properties)
    .where(onBoard(sql`${properties.id}`))
    .orderBy(asc(properties.name))
    .limit(50);
}

export async function getBoardWorkOrderOverview(
  ctx: ServiceContext,
  now = new Date(),
): Promise<BoardWorkOrderOverview> {
  const since = new Date(now.getTime() - completionWindowDays * day);
  const onBoard = await boardProperties(ctx);
  const ofBoardProperties = onBoard(sql`${workOrders.propertyId}`);
  const count = sql<number>`count(${workOrders.id})::int`;

  // Each completed work order with when it was completed (its latest completion activity), as a lateral
  // lookup: one short read of the completion index per work order. As a join grouped by work order
  // the planner could choose to read every completion of the portfolio instead (issue 19).
  const completionQuery = ctx.db.execute(sql`select count(*)::int as completed_count,
      (avg(extract(epoch from (completion.completed_at - ${workOrders.createdAt}))) / 3600)::float8 as average_hours
    from ${workOrders} cross join lateral (
      select coalesce(max(${workOrderActivity.createdAt}), ${workOrders.updatedAt}) as completed_at
      from ${workOrderActivity}
      where ${workOrderActivity.workOrderId} = ${workOrders.id} and ${isCompletionActivity}) as completion
    where ${workOrders.status} = 'completed' and ${ofBoardProperties}
      and completion.completed_at >= ${since.toISOString()}::timestamptz
      and completion.completed_at <= ${now.toISOString()}::timestamptz`);

  const [byStatus, byCategory, byProperty, [completion]] = await Promise.all([
    ctx.db
      .select({ status: workOrders.status, count })
      .from(workOrders)
      .where(and(isOpen, ofBoardProperties))
      .groupBy(workOrders.status),
    ctx.db
      .select({ category: workOrders.mainCategory, count })
      .from(workOrders)
      .where(and(isOpen, ofBoardProperties))
      .groupBy(workOrders.mainCategory)
      .orderBy(desc(count), asc(workOrders.mainCategory)),
    // Every property of the board's, those without open work orders too (left join, counted per property).
    ctx.db
      .select({ propertyId: properties.id, name: properties.name, count })
      .from(properties)
      .leftJoin(workOrders, and(eq(workOrders.propertyId, properties.id), isOpen))
      .where(onBoard(sql`${properties.id}`))
      .groupBy(properties.id, properties.name)
      .orderBy(desc(count), asc(properties.name)),
    completionQuery.then((result) =>
      rowsOf<{ completed_count: number; average_hours: number | null }>(result),
    ),
  ]);

  const statusCounts = new Map(byStatus.map((row) => [row.status, row.count]));
  return {
    generatedAt: now.toISOString(),
    propertyCount: byProperty.length,
    openCount: byStatus.reduce((sum, row) => sum + row.count, 0),
    openByStatus: openWorkOrderStatuses.map((status) => ({ status, count: statusCounts.get(status) ?? 0 })),
    openByCategory: byCategory,
    openByProperty: byProperty,
    completion: {
      windowDays: completionWindowDays,
      completedCount: completion?.completed_count ?? 0,
      averageHours: completion?.average_hours == null ? null : Math.max(0, Number(completion.average_hours)),
    },
  };
}

/** The open work orders the report lists, oldest first: the ones waiting longest lead. */
export async function listOpenWorkOrdersForReport(ctx: ServiceContext): Promise<BoardReportWorkOrder[]> {
  const onBoard = await boardProperties(ctx);
  const rows = await ctx.db
    .select({
      id: workOrders.id,
      referencePrefix: properties.workOrderPrefix,
      referenceNumber: workOrders.referenceNumber,
      summary: workOrders.summary,
      propertyName: properties.name,
      mainCategory: workOrders.mainCategory,
      status: workOrders.status,
      priority: workOrders.priority,
      createdAt: workOrders.createdAt,
    })
    .from(workOrders)
    .innerJoin(properties, eq(properties.id, workOrders.propertyId))
    .where(and(isOpen, onBoard(sql`${workOrders.propertyId}`)))
    .orderBy(asc(workOrders.createdAt));
  return rows.map(({ referencePrefix, referenceNumber, ...row }) => ({
    ...row,
    reference: formatWorkOrderReference({ referencePrefix, referenceNumber }),
    status: row.status as WorkOrder['status'],
    priority: row.priority as WorkOrder['priority'],
    createdAt: row.createdAt.toISOString(),
  }));
}
