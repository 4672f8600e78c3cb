import { and, eq, sql } from 'drizzle-orm';
import { hasPermission, parseRealtimeChannel, type Permission } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { announcements, breakoutRooms, chatThreads } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/access.ts';
import { announcementAuthorScope } from '../access/scope.ts';
import { roomAccessCondition } from '../work-orders/work-order-access.ts';

/**
 * Who may subscribe to what: a thread is its owner's alone; a work room is for whoever may read it
 * (modules/work-orders/work-order-access.ts decides, for HTTP and realtime alike); an announcement's
 * counts are for its association's managers and board (access/scope.ts announcementAuthorScope). Checked on every
 * subscribe, and again whenever someone's access may have changed (signalAccessChanged).
 */

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
  // Everyone signed in has a bell: their own notifications, nobody else's.
  if (ref.kind === 'user-notifications') return ref.userId === actor.id ? { isAllowed: true } : forbidden;
  if (ref.kind === 'announcement') {
    if (!hasPermission(actor.role, 'announcements:manage')) return forbidden;
    return (await writesAnnouncement(db, actor, ref.announcementId)) ? { isAllowed: true } : notFound;
  }
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

/** Whether the announcement exists and this person writes its association's announcements. */
async function writesAnnouncement(db: Db, actor: Actor, announcementId: string): Promise<boolean> {
  const rows = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(
      and(
        eq(announcements.id, announcementId),
        announcementAuthorScope(actor, sql`${announcements.propertyId}`),
      ),
    );
  return rows.length > 0;
}
