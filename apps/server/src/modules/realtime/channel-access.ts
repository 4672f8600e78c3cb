import { and, eq, sql, type SQL } from 'drizzle-orm';
import { hasPermission, parseRealtimeChannel, type Permission } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { breakoutRooms, chatThreads } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/access.ts';

/**
 * Who may see what, for realtime channels and for anyone else who needs the same answer (the rooms
 * and chat APIs): DESIGN.md §5. Threads are their owner's alone; a work room is visible to its active
 * participants, to managers of the work order's property, and to admins and the board (read).
 */

/** A where-condition over breakout_rooms: the rooms this person may read. */
export function roomAccessCondition(actor: Actor): SQL {
  if (actor.role === 'admin' || actor.role === 'board') return sql`true`;
  const isParticipant = sql`exists (
    select 1 from room_participants rp
    where rp.room_id = ${breakoutRooms.id} and rp.user_id = ${actor.id} and rp.is_active
  )`;
  if (actor.role !== 'manager') return isParticipant;
  return sql`(${isParticipant} or exists (
    select 1 from work_orders wo join property_managers pm on pm.property_id = wo.property_id
    where wo.id = ${breakoutRooms.workOrderId} and pm.user_id = ${actor.id}
  ))`;
}

/** Whether the room exists and this person may read it (the two are not told apart). */
export async function canSeeRoom(db: Db, actor: Actor, roomId: string): Promise<boolean> {
  if (!hasPermission(actor.role, 'rooms:read')) return false;
  const rows = await db
    .select({ id: breakoutRooms.id })
    .from(breakoutRooms)
    .where(and(eq(breakoutRooms.id, roomId), roomAccessCondition(actor)));
  return rows.length > 0;
}

/** Whether the thread exists, is not deleted, and is this person's own. */
export async function canSeeThread(db: Db, actor: Actor, threadId: string): Promise<boolean> {
  if (!hasPermission(actor.role, 'chat:use')) return false;
  const rows = await db
    .select({ id: chatThreads.id })
    .from(chatThreads)
    .where(
      and(eq(chatThreads.id, threadId), eq(chatThreads.userId, actor.id), eq(chatThreads.isActive, true)),
    );
  return rows.length > 0;
}

export type ChannelAccess =
  | { isAllowed: true }
  | { isAllowed: false; code: 'BAD_REQUEST' | 'FORBIDDEN' | 'NOT_FOUND'; message: string };

const notFound = { isAllowed: false, code: 'NOT_FOUND', message: 'No such channel.' } as const;
const forbidden = {
  isAllowed: false,
  code: 'FORBIDDEN',
  message: 'You may not subscribe to this channel.',
} as const;

/**
 * Whether this person may subscribe to the channel, decided from the database each time. Someone
 * else's (or a missing) thread or room is NOT_FOUND, so ids cannot be probed; another person's
 * thread list or work channel is FORBIDDEN, which reveals nothing either.
 */
export async function authorizeChannel(db: Db, actor: Actor, channel: string): Promise<ChannelAccess> {
  const ref = parseRealtimeChannel(channel);
  if (!ref) return { isAllowed: false, code: 'BAD_REQUEST', message: 'Unknown channel.' };
  const permission: Permission = ref.kind === 'room' || ref.kind === 'user-work' ? 'rooms:read' : 'chat:use';
  if (!hasPermission(actor.role, permission)) return forbidden;
  switch (ref.kind) {
    case 'user-threads':
    case 'user-work':
      return ref.userId === actor.id ? { isAllowed: true } : forbidden;
    case 'thread':
      return (await canSeeThread(db, actor, ref.threadId)) ? { isAllowed: true } : notFound;
    case 'room':
      return (await canSeeRoom(db, actor, ref.roomId)) ? { isAllowed: true } : notFound;
  }
}
