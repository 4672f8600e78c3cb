import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { VendorWorkOrder, WorkOrder } from '@commonwise/contracts';
import { breakoutRooms, profiles, properties, roomParticipants, workOrders } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';

const openStatuses: readonly string[] = ['new', 'pending', 'in_progress'];

/** Open work orders first, soonest due first (no due date last); then finished ones, newest first. */
export function compareVendorWorkOrders(a: VendorWorkOrder, b: VendorWorkOrder): number {
  const aOpen = openStatuses.includes(a.status);
  const bOpen = openStatuses.includes(b.status);
  if (aOpen !== bOpen) return aOpen ? -1 : 1;
  if (aOpen) {
    if (a.dueDate !== b.dueDate) {
      if (a.dueDate === null) return 1;
      if (b.dueDate === null) return -1;
      return a.dueDate < b.dueDate ? -1 : 1;
    }
  }
  return b.createdAt.localeCompare(a.createdAt);
}

/**
 * The work orders assigned to the calling vendor (SPEC §3 work_orders.vendor_id), each with the work
 * room to open. Admins, who may view every portal, see every vendor's assigned work orders.
 */
export async function listVendorWorkOrders(ctx: ServiceContext): Promise<VendorWorkOrder[]> {
  const { db, actor } = ctx;
  const assigned =
    actor.role === 'admin' ? isNotNull(workOrders.vendorId) : eq(workOrders.vendorId, actor.id);
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
    .where(assigned);
  if (rows.length === 0) return [];

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

  return rows
    .map(({ workOrder, propertyName, propertyAddress, vendorName, vendorEmail }): VendorWorkOrder => ({
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
    }))
    .sort(compareVendorWorkOrders);
}
