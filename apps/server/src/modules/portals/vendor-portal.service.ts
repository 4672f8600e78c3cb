import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  openWorkOrderStatuses,
  type VendorPortal,
  type VendorPortalQuery,
  type VendorWorkOrder,
  type WorkOrder,
} from '@commonwise/contracts';
import { breakoutRooms, profiles, properties, roomParticipants, workOrders } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { offsetOf } from '../../lib/paging.ts';

/**
 * The calling vendor's work orders (SPEC §3 work_orders.vendor_id), a page at a time, each with the
 * work room to open, and their counts over all of them. Admins, who may view every portal, see every
 * vendor's assigned work orders. Order: open ones first, soonest due first (no due date last); then
 * finished ones, newest first.
 */
export async function vendorPortal(ctx: ServiceContext, query: VendorPortalQuery): Promise<VendorPortal> {
  const { db, actor } = ctx;
  const assigned =
    actor.role === 'admin' ? isNotNull(workOrders.vendorId) : eq(workOrders.vendorId, actor.id);
  const isOpen = inArray(workOrders.status, [...openWorkOrderStatuses]);
  // "Due soon" by each association's own date: a vendor works for associations in several time zones.
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      open: sql<number>`(count(*) filter (where ${isOpen}))::int`,
      dueSoon: sql<number>`(count(*) filter (where ${isOpen} and ${workOrders.dueDate} <= (now() at time zone ${properties.timeZone})::date + 7))::int`,
      completed: sql<number>`(count(*) filter (where ${workOrders.status} = 'completed'))::int`,
    })
    .from(workOrders)
    .innerJoin(properties, eq(properties.id, workOrders.propertyId))
    .where(assigned);
  const { total, ...summary } = counts ?? { total: 0, open: 0, dueSoon: 0, completed: 0 };
  const page = { total, page: query.page, limit: query.limit };
  if (total === 0) return { summary, workOrders: [], ...page };

  const rows = await db
    .select({
      workOrder: workOrders,
      propertyName: properties.name,
      propertyAddress: properties.address,
      vendorName: profiles.fullName,
      vendorEmail: profiles.email,
    })
    .from(workOrders)
    .innerJoin(properties, eq(properties.id, workOrders.propertyId))
    .leftJoin(profiles, eq(profiles.id, workOrders.vendorId))
    .where(assigned)
    .orderBy(
      sql`case when ${isOpen} then 0 else 1 end`,
      sql`case when ${isOpen} then ${workOrders.dueDate} end asc nulls last`,
      desc(workOrders.createdAt),
      desc(workOrders.id),
    )
    .limit(query.limit)
    .offset(offsetOf(query));
  if (rows.length === 0) return { summary, workOrders: [], ...page };

  const rooms = await db
    .select({
      id: breakoutRooms.id,
      workOrderId: breakoutRooms.workOrderId,
      vendorTakesPart: roomParticipants.id,
    })
    .from(breakoutRooms)
    .leftJoin(
      roomParticipants,
      and(
        eq(roomParticipants.roomId, breakoutRooms.id),
        eq(roomParticipants.userId, actor.id),
        eq(roomParticipants.isActive, true),
      ),
    )
    .where(
      and(
        inArray(
          breakoutRooms.workOrderId,
          rows.map((row) => row.workOrder.id),
        ),
        eq(breakoutRooms.isActive, true),
      ),
    )
    .orderBy(asc(breakoutRooms.createdAt));
  // A room the vendor takes part in wins over the order's first room.
  const roomOf = new Map<string, string>();
  for (const room of rooms) if (room.vendorTakesPart) roomOf.set(room.workOrderId, room.id);
  for (const room of rooms) if (!roomOf.has(room.workOrderId)) roomOf.set(room.workOrderId, room.id);

  const orders = rows.map(
    ({ workOrder, propertyName, propertyAddress, vendorName, vendorEmail }): VendorWorkOrder => ({
      id: workOrder.id,
      property: { name: propertyName, address: propertyAddress },
      description: workOrder.summary,
      status: workOrder.status as WorkOrder['status'],
      priority: workOrder.priority as WorkOrder['priority'],
      dueDate: workOrder.dueDate,
      createdAt: workOrder.createdAt.toISOString(),
      roomId: roomOf.get(workOrder.id) ?? null,
      vendor:
        workOrder.vendorId && vendorEmail !== null
          ? { id: workOrder.vendorId, fullName: vendorName ?? '', email: vendorEmail }
          : null,
    }),
  );
  return { summary, workOrders: orders, ...page };
}
