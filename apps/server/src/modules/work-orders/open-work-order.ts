import { and, asc, desc, eq } from 'drizzle-orm';
import { formatWorkOrderReference, urgencyDueDays, type RequestUrgency } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  breakoutRooms,
  chatMessages,
  profiles,
  properties,
  propertyManagers,
  roomParticipants,
  workOrderActivity,
  workOrders,
} from '../../db/schema/index.ts';
import type { Notifier } from '../notifications/notify.ts';
import { noticeEscalated, noticeWorkOrderOpened } from './work-order-notices.ts';

export type NewWorkOrder = {
  /** Chosen ahead when the reference must be told before the order is written (the model assistant). */
  id?: string;
  residentId: string;
  propertyId: string;
  summary: string;
  mainCategory: string;
  subcategory: string | null;
  priority: RequestUrgency;
  /** What the resident said, posted in the work room for the manager and vendor. */
  details: string;
  /** The resident's unit or a common area, when the assistant knows (duplicates are looked for by it). */
  locationKind?: 'unit' | 'common_area';
};

const dayMs = 24 * 60 * 60 * 1000;

/** The property's primary manager, or its longest-serving one when none is primary. */
export async function managerOfProperty(db: Db, propertyId: string) {
  const [manager] = await db
    .select({ id: profiles.id, fullName: profiles.fullName })
    .from(propertyManagers)
    .innerJoin(profiles, eq(profiles.id, propertyManagers.userId))
    .where(and(eq(propertyManagers.propertyId, propertyId), eq(profiles.banned, false)))
    .orderBy(desc(propertyManagers.isPrimary), asc(propertyManagers.assignedAt))
    .limit(1);
  return manager;
}

/**
 * Opens a work order as the assistant does: the order (status new, due by its urgency), a work room
 * with the resident and the property's manager, the 'created' activity and a first room message with
 * the details; the property's managers are notified. Runs in the caller's transaction. Answers with
 * the association's reference ("WC-1042"), which the insert's trigger allocated.
 */
export async function openWorkOrder(tx: Db, input: NewWorkOrder, notifier: Notifier) {
  const dueDate = new Date(Date.now() + urgencyDueDays[input.priority] * dayMs).toISOString().slice(0, 10);
  const [workOrder] = await tx
    .insert(workOrders)
    .values({
      ...(input.id ? { id: input.id } : {}),
      residentId: input.residentId,
      propertyId: input.propertyId,
      summary: input.summary,
      mainCategory: input.mainCategory,
      subcategory: input.subcategory,
      priority: input.priority,
      status: 'new',
      dueDate,
      locationKind: input.locationKind ?? null,
    })
    .returning();
  const [room] = await tx
    .insert(breakoutRooms)
    .values({ roomName: input.summary, roomType: 'work_order', workOrderId: workOrder!.id })
    .returning();
  const manager = await managerOfProperty(tx, input.propertyId);
  await tx
    .insert(roomParticipants)
    .values([
      { roomId: room!.id, userId: input.residentId, role: 'resident' },
      ...(manager ? [{ roomId: room!.id, userId: manager.id, role: 'manager' as const }] : []),
    ]);
  await tx.insert(workOrderActivity).values({
    workOrderId: workOrder!.id,
    activityType: 'created',
    entityType: 'work_order',
    entityId: workOrder!.id,
    description: `Work order created by the AI assistant from the resident's conversation (${input.priority} priority)`,
    metadata: { source: 'assistant', priority: input.priority },
    actorId: input.residentId,
  });
  await tx.insert(chatMessages).values({
    roomId: room!.id,
    role: 'system',
    content: `New ${input.priority === 'emergency' ? 'EMERGENCY ' : ''}work order: ${input.summary}.\n${input.details}`,
    processed: true,
  });
  await noticeWorkOrderOpened(tx, notifier, workOrder!, room!.id);
  const [property] = await tx
    .select({ referencePrefix: properties.workOrderPrefix })
    .from(properties)
    .where(eq(properties.id, input.propertyId));
  const reference = formatWorkOrderReference({
    referencePrefix: property!.referencePrefix,
    referenceNumber: workOrder!.referenceNumber,
  });
  return { workOrder: workOrder!, room: room!, manager, reference };
}

/** Asks a person to step in: a system message in the work room and an 'escalated' activity. */
export async function escalateInRoom(
  tx: Db,
  input: { workOrderId: string; roomId: string; reason: string },
  notifier: Notifier,
) {
  await tx
    .insert(chatMessages)
    .values({ roomId: input.roomId, role: 'system', content: input.reason, processed: true });
  await tx.insert(workOrderActivity).values({
    workOrderId: input.workOrderId,
    activityType: 'escalated',
    entityType: 'work_order',
    entityId: input.workOrderId,
    description: input.reason,
  });
  await noticeEscalated(tx, notifier, input);
}
