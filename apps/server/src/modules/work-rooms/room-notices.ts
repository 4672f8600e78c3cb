import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  realtimeChannels,
  type ChatMessage,
  type RoomNoticeKind,
  type WorkOrder,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { breakoutRooms, chatMessages, propertyManagers, roomParticipants } from '../../db/schema/index.ts';
import { toMessage } from '../chat/chat.service.ts';
import type { publishAll } from '../realtime/publish.ts';

type RealtimeEvent = Parameters<typeof publishAll>[1][number];

/**
 * Writes a notice (a system message with metadata.kind) in a room and returns the realtime events
 * that announce it: the message itself and room.updated, which tells open detail panels to reload.
 */
export async function writeRoomNotice(
  tx: Db,
  input: { roomId: string; kind: RoomNoticeKind; content: string; metadata?: Record<string, unknown> },
): Promise<RealtimeEvent[]> {
  const [row] = await tx
    .insert(chatMessages)
    .values({
      roomId: input.roomId,
      role: 'system',
      content: input.content,
      processed: true,
      metadata: { kind: input.kind, ...input.metadata },
      // now() is the transaction's start: messages written in one transaction need the real clock to keep their order.
      createdAt: sql`clock_timestamp()`,
    })
    .returning();
  const message: ChatMessage = toMessage(row!, null);
  const channel = realtimeChannels.room(input.roomId);
  return [
    { channel, type: 'message.created', data: message },
    { channel, type: 'room.updated', data: { roomId: input.roomId } },
  ];
}

/** The active rooms of a work order. */
export async function activeRoomsOf(tx: Db, workOrderId: string) {
  return tx
    .select({ id: breakoutRooms.id })
    .from(breakoutRooms)
    .where(and(eq(breakoutRooms.workOrderId, workOrderId), eq(breakoutRooms.isActive, true)));
}

/**
 * Everyone whose lists show this work order and who should see a change live: its resident and
 * vendor, the property's managers and the active participants of its rooms. (Admins and the board see
 * every work order; their lists catch up when they next load.)
 */
export async function peopleFollowing(tx: Db, workOrder: WorkOrder, alsoNotify: (string | null)[] = []) {
  const [managers, participants] = await Promise.all([
    tx
      .select({ userId: propertyManagers.userId })
      .from(propertyManagers)
      .where(eq(propertyManagers.propertyId, workOrder.propertyId)),
    tx
      .select({ userId: roomParticipants.userId })
      .from(roomParticipants)
      .innerJoin(breakoutRooms, eq(breakoutRooms.id, roomParticipants.roomId))
      .where(and(eq(breakoutRooms.workOrderId, workOrder.id), eq(roomParticipants.isActive, true))),
  ]);
  const ids = [
    workOrder.residentId,
    workOrder.vendorId,
    ...alsoNotify,
    ...managers.map((row) => row.userId),
    ...participants.map((row) => row.userId),
  ];
  return [...new Set(ids.filter((id): id is string => id !== null))];
}

/** work-order.updated on the user:work channel of everyone following the work order. */
export async function workOrderUpdatedEvents(
  tx: Db,
  workOrder: WorkOrder,
  alsoNotify: (string | null)[] = [],
): Promise<RealtimeEvent[]> {
  return (await peopleFollowing(tx, workOrder, alsoNotify)).map((userId) => ({
    channel: realtimeChannels.userWork(userId),
    type: 'work-order.updated' as const,
    data: workOrder,
  }));
}

/** Deactivates people's participation in a work order's rooms (a vendor taken off the job). */
export async function leaveRoomsOf(tx: Db, workOrderId: string, userId: string) {
  const rooms = await activeRoomsOf(tx, workOrderId);
  if (rooms.length === 0) return [];
  return tx
    .update(roomParticipants)
    .set({ isActive: false })
    .where(
      and(
        inArray(
          roomParticipants.roomId,
          rooms.map((room) => room.id),
        ),
        eq(roomParticipants.userId, userId),
        eq(roomParticipants.isActive, true),
      ),
    )
    .returning({ roomId: roomParticipants.roomId });
}
