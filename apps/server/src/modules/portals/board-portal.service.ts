import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  completionWindowDays,
  openWorkOrderStatuses,
  type BoardReportWorkOrder,
  type BoardWorkOrderOverview,
  type WorkOrder,
} from '@commonwise/contracts';
import { properties, workOrderActivity, workOrders } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { boardScope } from '../access/scope.ts';

const day = 24 * 60 * 60 * 1000;

/**
 * The board reads its own association: the properties whose board the caller sits on today (admins:
 * every property; modules/access/scope.ts). A board member of Willow Creek sees nothing of Harbor View
 * here — not in counts, not in the report. Anyone else sees an empty overview.
 */
const onBoard = (ctx: ServiceContext, propertyId: SQL) => boardScope(ctx.actor, propertyId) ?? sql`true`;
const ofBoardProperties = (ctx: ServiceContext) => onBoard(ctx, sql`${workOrders.propertyId}`);

/**
 * What records a completion: a 'completed' activity, or a status change to completed (what the status
 * endpoint writes). Work orders completed before activity was kept fall back to their last update.
 */
const isCompletionActivity = or(
  eq(workOrderActivity.activityType, 'completed'),
  and(
    eq(workOrderActivity.activityType, 'status_changed'),
    sql`${workOrderActivity.metadata}->>'to' = 'completed'`,
  ),
);

const isOpen = inArray(workOrders.status, [...openWorkOrderStatuses]);

export async function getBoardWorkOrderOverview(
  ctx: ServiceContext,
  now = new Date(),
): Promise<BoardWorkOrderOverview> {
  const since = new Date(now.getTime() - completionWindowDays * day);
  const count = sql<number>`count(${workOrders.id})::int`;

  // One row per completed work order with when it was completed (its latest completion activity).
  const completed = ctx.db
    .select({
      createdAt: workOrders.createdAt,
      completedAt: sql<Date>`coalesce(max(${workOrderActivity.createdAt}), ${workOrders.updatedAt})`.as(
        'completed_at',
      ),
    })
    .from(workOrders)
    .leftJoin(workOrderActivity, and(eq(workOrderActivity.workOrderId, workOrders.id), isCompletionActivity))
    .where(and(eq(workOrders.status, 'completed'), ofBoardProperties(ctx)))
    .groupBy(workOrders.id)
    .as('completed');

  const [byStatus, byCategory, byProperty, [completion]] = await Promise.all([
    ctx.db
      .select({ status: workOrders.status, count })
      .from(workOrders)
      .where(and(isOpen, ofBoardProperties(ctx)))
      .groupBy(workOrders.status),
    ctx.db
      .select({ category: workOrders.mainCategory, count })
      .from(workOrders)
      .where(and(isOpen, ofBoardProperties(ctx)))
      .groupBy(workOrders.mainCategory)
      .orderBy(desc(count), asc(workOrders.mainCategory)),
    // Every property of the board's, those without open work orders too (left join, counted per property).
    ctx.db
      .select({ propertyId: properties.id, name: properties.name, count })
      .from(properties)
      .leftJoin(workOrders, and(eq(workOrders.propertyId, properties.id), isOpen))
      .where(onBoard(ctx, sql`${properties.id}`))
      .groupBy(properties.id, properties.name)
      .orderBy(desc(count), asc(properties.name)),
    ctx.db
      .select({
        completedCount: sql<number>`count(*)::int`,
        averageHours: sql<
          number | null
        >`(avg(extract(epoch from (${completed.completedAt} - ${completed.createdAt}))) / 3600)::float8`,
      })
      .from(completed)
      .where(
        sql`${completed.completedAt} >= ${since.toISOString()}::timestamptz and ${completed.completedAt} <= ${now.toISOString()}::timestamptz`,
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
      completedCount: completion?.completedCount ?? 0,
      averageHours: completion?.averageHours == null ? null : Math.max(0, Number(completion.averageHours)),
    },
  };
}

/** The open work orders the report lists, oldest first: the ones waiting longest lead. */
export async function listOpenWorkOrdersForReport(ctx: ServiceContext): Promise<BoardReportWorkOrder[]> {
  const rows = await ctx.db
    .select({
      id: workOrders.id,
      summary: workOrders.summary,
      propertyName: properties.name,
      mainCategory: workOrders.mainCategory,
      status: workOrders.status,
      priority: workOrders.priority,
      createdAt: workOrders.createdAt,
    })
    .from(workOrders)
    .innerJoin(properties, eq(properties.id, workOrders.propertyId))
    .where(and(isOpen, ofBoardProperties(ctx)))
    .orderBy(asc(workOrders.createdAt));
  return rows.map((row) => ({
    ...row,
    status: row.status as WorkOrder['status'],
    priority: row.priority as WorkOrder['priority'],
    createdAt: row.createdAt.toISOString(),
  }));
}
