import { desc, eq } from 'drizzle-orm';
import {
  canChangeWorkOrderStatus,
  workOrderStatusLabels,
  workOrderTransitions,
  type AssignVendor,
  type InternalNote,
  type InternalNoteList,
  type UpdateWorkOrder,
  type VendorOptions,
  type WorkOrder,
  type WorkOrderStatus,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  profiles,
  roomParticipants,
  workOrderActivity,
  workOrderInternalNotes,
  workOrders,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { publishAll, signalAccessChanged } from '../realtime/publish.ts';
import {
  activeRoomsOf,
  joinedNotice,
  leaveRoomsOf,
  workOrderUpdatedEvents,
  writeRoomNotice,
} from '../work-rooms/room-notices.ts';
import { findWorkOrder, requireManagedWorkOrder } from './work-orders.service.ts';
import { noticeAssigned, noticeStatusChanged } from './work-order-notices.ts';
import type { Notifier } from '../notifications/notify.ts';
import { assertAssignable } from '../vendors/compliance.ts';
import { listVendorOptionsOf } from '../vendors/vendor-options.ts';

/**
 * Changes managers and admins make to a work order from its room (issue 8). Each one, in a single
 * transaction: the change, a work_order_activity entry, a notice in each of its active rooms, and the
 * realtime events that show it live to the resident, the vendor and the managers.
 */

type Events = Parameters<typeof publishAll>[1];

/** Reads the work order's row with a lock, so two changes at once are applied one after the other. */
async function lockWorkOrder(tx: Db, id: string) {
  const [row] = await tx.select().from(workOrders).where(eq(workOrders.id, id)).for('update');
  return row!;
}

async function noticeInRooms(
  tx: Db,
  workOrderId: string,
  notice: Omit<Parameters<typeof writeRoomNotice>[1], 'roomId'>,
): Promise<Events> {
  const events: Events = [];
  for (const room of await activeRoomsOf(tx, workOrderId)) {
    events.push(...(await writeRoomNotice(tx, { ...notice, roomId: room.id })));
  }
  return events;
}

function describeAllowed(from: WorkOrderStatus): string {
  const allowed = workOrderTransitions[from].map((status) => workOrderStatusLabels[status]);
  return allowed.length === 1 ? allowed[0]! : `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`;
}

/** Why a change is refused, in words a manager can act on. */
function refusal(from: WorkOrderStatus, to: WorkOrderStatus): AppError {
  const fromLabel = workOrderStatusLabels[from];
  const message =
    from === to
      ? `This work order is already ${fromLabel}.`
      : workOrderTransitions[from].length === 0
        ? `This work order is ${fromLabel}, which is final: its status can no longer change.`
        : `A ${fromLabel} work order cannot become ${workOrderStatusLabels[to]}. It can become ${describeAllowed(from)}.`;
  return new AppError(409, 'INVALID_STATUS_CHANGE', message, { fields: { status: message } });
}

export async function changeWorkOrderStatus(
  ctx: ServiceContext,
  workOrderId: string,
  status: WorkOrderStatus,
): Promise<WorkOrder> {
  await requireManagedWorkOrder(ctx, workOrderId);
  return ctx.db.transaction((tx) => applyStatusChange(tx, ctx.actor, workOrderId, status, ctx.notifier));
}

/**
 * A status change inside the caller's transaction, with the same rules and notices as a manager's:
 * the assistant cancels a resident's request through it, in the transaction of its reply. The caller
 * checks who may make the change.
 */
export async function applyStatusChange(
  tx: Db,
  actor: Pick<ServiceContext['actor'], 'id' | 'fullName'>,
  workOrderId: string,
  status: WorkOrderStatus,
  notifier: Notifier,
): Promise<WorkOrder> {
  const current = await lockWorkOrder(tx, workOrderId);
  const from = current.status as WorkOrderStatus;
  if (!canChangeWorkOrderStatus(from, status)) throw refusal(from, status);
  await tx.update(workOrders).set({ status, updatedAt: new Date() }).where(eq(workOrders.id, workOrderId));
  const change = `${workOrderStatusLabels[from]} to ${workOrderStatusLabels[status]}`;
  await tx.insert(workOrderActivity).values({
    workOrderId,
    activityType: status === 'completed' ? 'completed' : 'status_changed',
    entityType: 'work_order',
    entityId: workOrderId,
    description: `Status changed from ${change}`,
    metadata: { from, to: status },
    actorId: actor.id,
  });
  const workOrder = (await findWorkOrder(tx, workOrderId))!;
  await publishAll(tx, [
    ...(await noticeInRooms(tx, workOrderId, {
      kind: 'status_changed',
      content: `${actor.fullName} changed the status from ${change}.`,
      metadata: { from, to: status },
    })),
    ...(await workOrderUpdatedEvents(tx, workOrder)),
  ]);
  await noticeStatusChanged(tx, notifier, workOrder, { from, to: status, actorId: actor.id });
  return workOrder;
}

async function requireVendor(db: Db, vendorId: string) {
  const [vendor] = await db.select().from(profiles).where(eq(profiles.id, vendorId));
  if (!vendor || vendor.role !== 'vendor' || vendor.banned) {
    const message = 'Choose an active vendor account.';
    throw new AppError(400, 'NOT_A_VENDOR', message, { fields: { vendorId: message } });
  }
  return vendor;
}

/**
 * Gives the work order to a vendor, another vendor, or none. A vendor taken off the work order also
 * leaves its rooms; the new one joins them in the same step (issue 26: it used to take a second
 * button, and a vendor assigned but not in the room could not be talked to).
 */
export async function assignVendor(
  ctx: ServiceContext,
  workOrderId: string,
  input: AssignVendor,
): Promise<WorkOrder> {
  const { vendorId } = input;
  await requireManagedWorkOrder(ctx, workOrderId);
  const vendor = vendorId ? await requireVendor(ctx.db, vendorId) : null;
  return ctx.db.transaction((tx) =>
    applyVendorAssignment(tx, ctx, workOrderId, vendor, input.overrideReason),
  );
}

/**
 * The assignment inside the caller's transaction, with the same insurance check, activity, room changes
 * and notices as a manager's from the work order: the award of a request for bids (modules/bids) assigns
 * its winner through it. The caller checks who may make the change and that `vendor` is an active vendor
 * account.
 */
export async function applyVendorAssignment(
  tx: Db,
  ctx: Pick<ServiceContext, 'actor' | 'notifier'>,
  workOrderId: string,
  vendor: typeof profiles.$inferSelect | null,
  overrideReason: string | undefined,
): Promise<WorkOrder> {
  const vendorId = vendor?.id ?? null;
  const current = await lockWorkOrder(tx, workOrderId);
  // An expired certificate of insurance stops a new assignment, unless a manager overrides it with a
  // reason (issue 24): recorded here for the staff alone, before anything the resident reads is written.
  const { companyId } = await assertAssignable(tx, {
    workOrderId,
    propertyId: current.propertyId,
    vendor,
    isSameVendor: current.vendorId === vendorId,
    overrideReason,
    actorId: ctx.actor.id,
  });
  if (current.vendorId === vendorId) return (await findWorkOrder(tx, workOrderId))!;
  const previous = current.vendorId
    ? ((await tx.select().from(profiles).where(eq(profiles.id, current.vendorId)))[0] ?? null)
    : null;
  await tx
    .update(workOrders)
    .set({ vendorId, vendorCompanyId: companyId, updatedAt: new Date() })
    .where(eq(workOrders.id, workOrderId));
  const description = vendor
    ? previous
      ? `Vendor changed from ${previous.fullName} to ${vendor.fullName}`
      : `Assigned to ${vendor.fullName}`
    : `${previous?.fullName ?? 'The vendor'} taken off the work order`;
  await tx.insert(workOrderActivity).values({
    workOrderId,
    activityType: previous ? 'reassigned' : 'assigned',
    entityType: 'vendor',
    entityId: vendorId,
    description,
    metadata: { from: current.vendorId, to: vendorId },
    actorId: ctx.actor.id,
  });
  const events: Events = await noticeInRooms(tx, workOrderId, {
    kind: 'vendor_assigned',
    content: `${ctx.actor.fullName}: ${description}.`,
    metadata: { from: current.vendorId, to: vendorId },
  });
  if (vendor) {
    for (const room of await activeRoomsOf(tx, workOrderId)) {
      await tx
        .insert(roomParticipants)
        .values({ roomId: room.id, userId: vendor.id, role: 'vendor' })
        .onConflictDoUpdate({
          target: [roomParticipants.roomId, roomParticipants.userId],
          set: { isActive: true, joinedAt: new Date(), role: 'vendor', lastSeenAt: null },
        });
      events.push(
        ...(await writeRoomNotice(tx, {
          roomId: room.id,
          kind: 'participant_joined',
          content: joinedNotice(vendor.fullName, 'vendor', ctx.actor.fullName),
          metadata: { userId: vendor.id },
        })),
      );
    }
  }
  if (previous) {
    for (const left of await leaveRoomsOf(tx, workOrderId, previous.id)) {
      events.push(
        ...(await writeRoomNotice(tx, {
          roomId: left.roomId,
          kind: 'participant_left',
          content: `${previous.fullName} left the room.`,
          metadata: { userId: previous.id },
        })),
      );
    }
  }
  const workOrder = (await findWorkOrder(tx, workOrderId))!;
  // The previous vendor's lists lose the work order.
  events.push(...(await workOrderUpdatedEvents(tx, workOrder, [previous?.id ?? null])));
  await publishAll(tx, events);
  if (vendor) await noticeAssigned(tx, ctx.notifier, workOrder, vendor.id, ctx.actor.fullName);
  // The previous vendor's open subscriptions to the rooms end now, not when they next subscribe.
  // and the new vendor's subscriptions are authorised again for the rooms they joined.
  await signalAccessChanged(tx, [previous?.id, vendor?.id]);
  return workOrder;
}

/**
 * The vendors a work order can be given to: every active vendor account, those serving its association
 * first, each with its company and its certificate of insurance on the association's date.
 */
export async function listVendorOptions(ctx: ServiceContext, workOrderId: string): Promise<VendorOptions> {
  const workOrder = await requireManagedWorkOrder(ctx, workOrderId);
  return { vendors: await listVendorOptionsOf(ctx.db, workOrder.propertyId) };
}

/**
 * A manager changes a work order's priority or due date (issue 26, from the manager portal): logged in
 * its activity and shown live to everyone who follows it.
 */
export async function updateWorkOrder(
  ctx: ServiceContext,
  workOrderId: string,
  input: UpdateWorkOrder,
): Promise<WorkOrder> {
  await requireManagedWorkOrder(ctx, workOrderId);
  return ctx.db.transaction(async (tx) => {
    const current = await lockWorkOrder(tx, workOrderId);
    const changes: Partial<typeof workOrders.$inferInsert> = {};
    const said: string[] = [];
    if (input.priority !== undefined && input.priority !== current.priority) {
      changes.priority = input.priority;
      said.push(`Priority changed from ${current.priority} to ${input.priority}`);
    }
    if (input.dueDate !== undefined && input.dueDate !== current.dueDate) {
      changes.dueDate = input.dueDate;
      said.push(input.dueDate ? `Due date set to ${input.dueDate}` : 'Due date removed');
    }
    if (said.length === 0) return (await findWorkOrder(tx, workOrderId))!;
    await tx
      .update(workOrders)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(workOrders.id, workOrderId));
    await tx.insert(workOrderActivity).values({
      workOrderId,
      activityType: 'status_changed',
      entityType: 'work_order',
      entityId: workOrderId,
      description: said.join('; '),
      metadata: {
        from: { priority: current.priority, dueDate: current.dueDate },
        to: { priority: changes.priority ?? current.priority, dueDate: changes.dueDate ?? current.dueDate },
      },
      actorId: ctx.actor.id,
    });
    const workOrder = (await findWorkOrder(tx, workOrderId))!;
    await publishAll(tx, await workOrderUpdatedEvents(tx, workOrder));
    return workOrder;
  });
}

/**
 * The staff's internal notes on a work order, newest first. Only the property's managers and admins:
 * the route's permission keeps residents, vendors and board members out, and this check a manager of
 * another property (not found) or one who only takes part in the room (forbidden).
 */
export async function listInternalNotes(
  ctx: ServiceContext,
  workOrderId: string,
  query: { limit: number },
): Promise<InternalNoteList> {
  await requireManagedWorkOrder(ctx, workOrderId);
  const rows = await ctx.db
    .select({ note: workOrderInternalNotes, authorName: profiles.fullName })
    .from(workOrderInternalNotes)
    .leftJoin(profiles, eq(profiles.id, workOrderInternalNotes.authorId))
    .where(eq(workOrderInternalNotes.workOrderId, workOrderId))
    .orderBy(desc(workOrderInternalNotes.createdAt), desc(workOrderInternalNotes.id))
    .limit(query.limit + 1);
  return {
    notes: rows.slice(0, query.limit).map(({ note, authorName }) => toInternalNote(note, authorName)),
    hasMore: rows.length > query.limit,
  };
}

/** Writes an internal note: never published to the rooms or the activity, which residents read. */
export async function addInternalNote(
  ctx: ServiceContext,
  workOrderId: string,
  body: string,
): Promise<InternalNote> {
  await requireManagedWorkOrder(ctx, workOrderId);
  const [note] = await ctx.db
    .insert(workOrderInternalNotes)
    .values({ workOrderId, authorId: ctx.actor.id, body: body.trim() })
    .returning();
  return toInternalNote(note!, ctx.actor.fullName);
}

function toInternalNote(
  note: typeof workOrderInternalNotes.$inferSelect,
  authorName: string | null,
): InternalNote {
  return {
    id: note.id,
    workOrderId: note.workOrderId,
    body: note.body,
    authorName,
    createdAt: note.createdAt.toISOString(),
  };
}
