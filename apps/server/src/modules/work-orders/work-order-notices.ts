import { and, eq, inArray } from 'drizzle-orm';
import { workOrderStatusLabels, type WorkOrder, type WorkOrderStatus } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  breakoutRooms,
  properties,
  propertyManagers,
  roomParticipants,
  workOrders,
} from '../../db/schema/index.ts';
import type { Notifier } from '../notifications/notify.ts';

/**
 * Who is told what about a work order (modules/notifications), in the transaction of the change: the
 * property's managers of a new request (at once, whatever the hour, for an emergency) and of one the
 * assistant hands to a person; the resident and the vendor of a status change; a vendor of their
 * assignment. Nobody is told of their own change.
 */

const roomLink = (roomId: string | null) => (roomId ? `/work-rooms?room=${roomId}` : null);

async function managersOf(tx: Db, propertyId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: propertyManagers.userId })
    .from(propertyManagers)
    .where(eq(propertyManagers.propertyId, propertyId));
  return rows.map((row) => row.userId);
}

async function propertyName(tx: Db, propertyId: string): Promise<string> {
  const [row] = await tx
    .select({ name: properties.name })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return row?.name ?? 'your property';
}

/** The room of a work order a person takes part in, for the link (the newest, when there are several). */
async function roomOf(tx: Db, workOrderId: string, userIds: string[]): Promise<string | null> {
  if (userIds.length === 0) return null;
  const [row] = await tx
    .select({ id: breakoutRooms.id })
    .from(breakoutRooms)
    .innerJoin(roomParticipants, eq(roomParticipants.roomId, breakoutRooms.id))
    .where(and(eq(breakoutRooms.workOrderId, workOrderId), inArray(roomParticipants.userId, userIds)))
    .limit(1);
  return row?.id ?? null;
}

export async function noticeWorkOrderOpened(
  tx: Db,
  notifier: Notifier,
  order: { id: string; propertyId: string; summary: string; priority: string },
  roomId: string,
): Promise<void> {
  const isEmergency = order.priority === 'emergency';
  const where = await propertyName(tx, order.propertyId);
  await notifier.notify(tx, await managersOf(tx, order.propertyId), {
    kind: isEmergency ? 'work-order.emergency' : 'work-order.created',
    propertyId: order.propertyId,
    title: isEmergency
      ? `Emergency at ${where}: ${order.summary}`
      : `New request at ${where}: ${order.summary}`,
    body: isEmergency
      ? `A resident reported an emergency at ${where}: ${order.summary}. The assistant gave them safety advice; a person must act now.`
      : `A resident asked for: ${order.summary} (${order.priority} priority). The work room has the details.`,
    link: roomLink(roomId),
    urgency: isEmergency ? 'emergency' : 'normal',
    dedupeKey: `opened:${order.id}`,
  });
}

export async function noticeEscalated(
  tx: Db,
  notifier: Notifier,
  input: { workOrderId: string; roomId: string; reason: string },
): Promise<void> {
  const [order] = await tx
    .select({ propertyId: workOrders.propertyId })
    .from(workOrders)
    .where(eq(workOrders.id, input.workOrderId));
  const inRoom = await tx
    .select({ userId: roomParticipants.userId })
    .from(roomParticipants)
    .where(and(eq(roomParticipants.roomId, input.roomId), eq(roomParticipants.role, 'manager')));
  await notifier.notify(
    tx,
    inRoom.map((row) => row.userId),
    {
      kind: 'work-order.escalated',
      propertyId: order?.propertyId ?? null,
      title: 'The assistant handed a request to you',
      body: input.reason,
      link: roomLink(input.roomId),
    },
  );
}

export async function noticeStatusChanged(
  tx: Db,
  notifier: Notifier,
  order: WorkOrder,
  change: { from: WorkOrderStatus; to: WorkOrderStatus; actorId: string },
): Promise<void> {
  const told = [order.residentId, order.vendorId].filter(
    (id): id is string => Boolean(id) && id !== change.actorId,
  );
  if (told.length === 0) return;
  const status = workOrderStatusLabels[change.to];
  // The work being done is what people wait for: said as such, not as one more status.
  const isDone = change.to === 'completed';
  const link = roomLink(await roomOf(tx, order.id, told));
  const done = `The work on "${order.summary}" (${order.reference}) at ${order.property.name} is done: the work order is completed. If something is still wrong, say so in its work room.`;
  // The resident who asked is also asked to rate the work (issue 24 item 5), from the room's details.
  const asked = isDone && order.residentId ? told.filter((id) => id === order.residentId) : [];
  if (asked.length > 0)
    await notifier.notify(tx, asked, {
      kind: 'work-order.updated',
      propertyId: order.propertyId,
      title: `Done: "${order.summary}" (${order.reference}): how did it go?`,
      body: `${done}\n\nHow did it go? Rate the work from 1 to 5 stars in the work room's details: it helps the association choose who does the next job.`,
      // The room with its details open, where the rating card is (on a phone too).
      link: link ? `${link}&details=open` : null,
    });
  const others = told.filter((id) => !asked.includes(id));
  if (others.length === 0) return;
  await notifier.notify(tx, others, {
    kind: 'work-order.updated',
    propertyId: order.propertyId,
    title: isDone ? `Done: "${order.summary}" (${order.reference})` : `"${order.summary}" is now ${status}`,
    body: isDone
      ? done
      : `The work order "${order.summary}" (${order.reference}) at ${order.property.name} changed from ${workOrderStatusLabels[change.from]} to ${status}.`,
    link,
  });
}

export async function noticeAssigned(
  tx: Db,
  notifier: Notifier,
  order: WorkOrder,
  vendorId: string,
  actorName: string,
): Promise<void> {
  await notifier.notify(tx, [vendorId], {
    kind: 'work-order.assigned',
    propertyId: order.propertyId,
    title: `New work order: ${order.summary}`,
    body: `${actorName} assigned you the work order "${order.summary}" at ${order.property.name} (${order.priority} priority${order.dueDate ? `, due ${order.dueDate}` : ''}).`,
    link: roomLink(await roomOf(tx, order.id, [vendorId])),
  });
}

/** Issue 26: a task given to someone (made for them or handed on) reaches them, unless they gave it. */
export async function noticeTaskGiven(
  tx: Db,
  notifier: Notifier,
  order: WorkOrder,
  task: { id: string; description: string; dueDate: string | null; assigneeId: string },
  actor: { id: string; fullName: string },
): Promise<void> {
  if (task.assigneeId === actor.id) return;
  await notifier.notify(tx, [task.assigneeId], {
    kind: 'work-order.assigned',
    propertyId: order.propertyId,
    title: `New task: ${task.description}`,
    body: `${actor.fullName} gave you a task on the work order "${order.summary}" at ${order.property.name}: ${task.description}${task.dueDate ? ` (due ${task.dueDate})` : ''}.`,
    link: roomLink(await roomOf(tx, order.id, [task.assigneeId])),
  });
}

/** A date without a time zone, as people say it: "Wednesday, December 2". */
const dayOf = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Issue 26 item 6: a visit scheduled — a task for the vendor with a date (given or moved) — reaches the
 * resident who asked, so they know when someone is coming.
 */
export async function noticeVisitScheduled(
  tx: Db,
  notifier: Notifier,
  order: WorkOrder,
  visit: { description: string; dueDate: string; vendorName: string | null },
  actor: { id: string },
): Promise<void> {
  if (!order.residentId || order.residentId === actor.id) return;
  const who = visit.vendorName ?? 'The vendor';
  await notifier.notify(tx, [order.residentId], {
    kind: 'work-order.updated',
    propertyId: order.propertyId,
    title: `Visit scheduled for ${dayOf(visit.dueDate)}: ${order.summary}`,
    body: `${who} is scheduled to come on ${dayOf(visit.dueDate)} for "${order.summary}" (${order.reference}) at ${order.property.name}: ${visit.description}. If that day does not suit you, say so in the work room.`,
    link: roomLink(await roomOf(tx, order.id, [order.residentId])),
  });
}

/** A problem raised on a task reaches the property's managers (but not the one who raised it). */
export async function noticeTaskFlagged(
  tx: Db,
  notifier: Notifier,
  order: WorkOrder,
  task: { description: string; reason: string },
  actor: { id: string; fullName: string },
): Promise<void> {
  const managers = (await managersOf(tx, order.propertyId)).filter((id) => id !== actor.id);
  await notifier.notify(tx, managers, {
    kind: 'work-order.updated',
    propertyId: order.propertyId,
    title: `Problem on a task: ${task.description}`,
    body: `${actor.fullName} flagged the task "${task.description}" on "${order.summary}" at ${order.property.name}: ${task.reason}`,
    link: roomLink(await roomOf(tx, order.id, managers)),
  });
}
