import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  realtimeChannels,
  roleSchema,
  type roomParticipantRoles,
  type ChatMessage,
  type RoomNoticeKind,
  type WorkOrder,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  breakoutRooms,
  chatMessages,
  profiles,
  propertyManagers,
  roomParticipants,
  workOrders,
} from '../../db/schema/index.ts';
import { toMessage } from '../chat/chat.service.ts';
import type { publishAll } from '../realtime/publish.ts';
import { sitsOnBoard } from '../access/memberships.ts';
import { peopleWhoSee } from '../work-orders/work-order-access.ts';

type RealtimeEvent = Parameters<typeof publishAll>[1][number];

/**
 * Writes a notice (a system message with metadata.kind) in a room and returns the realtime events
 * that announce it: the message itself and room.updated, which tells open detail panels to reload.
 */
/** What a person is to the room's others, as the notice of their joining says it (issue 26). */
const joiningAs: Record<RoomParticipantRole, string> = {
  manager: 'your property manager',
  vendor: 'the vendor for this work order',
  resident: 'the resident who reported this',
  admin: 'a Commonwise administrator',
  developer: 'from the developer',
};

type RoomParticipantRole = (typeof roomParticipantRoles)[number];

/** "Maria Santos, your property manager, has joined." — with who added them, when someone did. */
export function joinedNotice(name: string, role: RoomParticipantRole, addedBy?: string): string {
  return `${name}, ${joiningAs[role]}, has joined${addedBy ? ` (added by ${addedBy})` : ''}.`;
}

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
 * vendor, the property's managers, the active participants of its rooms, the members of its
 * association's board and the admins — each only while they may still see it (work-order-access.ts).
 * `alsoNotify` (someone who just lost it) is told regardless, so their screens drop it.
 */
export async function peopleFollowing(tx: Db, workOrder: WorkOrder, alsoNotify: (string | null)[] = []) {
  const [managers, participants, boardAndAdmins] = await Promise.all([
    tx
      .select({ userId: propertyManagers.userId })
      .from(propertyManagers)
      .where(eq(propertyManagers.propertyId, workOrder.propertyId)),
    tx
      .select({ userId: roomParticipants.userId })
      .from(roomParticipants)
      .innerJoin(breakoutRooms, eq(breakoutRooms.id, roomParticipants.roomId))
      .where(and(eq(breakoutRooms.workOrderId, workOrder.id), eq(roomParticipants.isActive, true))),
    // Their work order lists (Work Rooms, the board's overview, the vendor portal for admins) are live too.
    tx
      .select({ userId: profiles.id })
      .from(profiles)
      .where(
        and(
          eq(profiles.banned, false),
          sql`(${profiles.role} = 'admin' or ${sitsOnBoard(sql`${profiles.id}`, sql`${workOrder.propertyId}::uuid`)})`,
        ),
      ),
  ]);
  const candidates = [
    ...new Set(
      [
        workOrder.residentId,
        workOrder.vendorId,
        ...managers.map((row) => row.userId),
        ...participants.map((row) => row.userId),
        ...boardAndAdmins.map((row) => row.userId),
      ].filter((id): id is string => id !== null),
    ),
  ];
  const people = candidates.length
    ? await tx
        .select({ id: profiles.id, role: profiles.role })
        .from(profiles)
        .where(inArray(profiles.id, candidates))
    : [];
  const seeing = await peopleWhoSee(
    tx,
    workOrder.id,
    people.flatMap((person) => {
      const role = roleSchema.safeParse(person.role);
      return role.success ? [{ id: person.id, role: role.data }] : [];
    }),
  );
  return [...new Set([...seeing, ...alsoNotify.filter((id): id is string => id !== null)])];
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

/**
 * A person no longer at a property (a manager removed, a resident moved out) leaves the rooms of its
 * work orders they were in; returns the notices' events for the rooms' other members.
 */
export async function leavePropertyRooms(
  tx: Db,
  propertyId: string,
  userId: string,
): Promise<RealtimeEvent[]> {
  const left = await tx
    .update(roomParticipants)
    .set({ isActive: false })
    .where(
      and(
        eq(roomParticipants.userId, userId),
        eq(roomParticipants.isActive, true),
        inArray(
          roomParticipants.roomId,
          tx
            .select({ id: breakoutRooms.id })
            .from(breakoutRooms)
            .innerJoin(workOrders, eq(workOrders.id, breakoutRooms.workOrderId))
            .where(and(eq(workOrders.propertyId, propertyId), eq(breakoutRooms.isActive, true))),
        ),
      ),
    )
    .returning({ roomId: roomParticipants.roomId });
  if (left.length === 0) return [];
  const [person] = await tx
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const events: RealtimeEvent[] = [];
  for (const { roomId } of left) {
    events.push(
      ...(await writeRoomNotice(tx, {
        roomId,
        kind: 'participant_left',
        content: `${person?.fullName ?? 'A participant'} left the room.`,
        metadata: { userId },
      })),
    );
  }
  return events;
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
