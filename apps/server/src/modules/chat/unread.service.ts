import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { UnreadConversations } from '@commonwise/contracts';
import { breakoutRooms, chatMessages, chatThreads, roomParticipants } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { getOwnThread } from './chat.service.ts';

/**
 * The caller's unread (issue 26): in their own active threads, what others (the assistant, a person
 * it handed over to) wrote after they last read the thread; in the active rooms they take part in, what
 * people other than them wrote after their `last_seen_at` — the rooms' own count (work-rooms.service).
 */
export async function unreadConversations(ctx: ServiceContext): Promise<UnreadConversations> {
  const me = ctx.actor.id;
  const [threads] = await ctx.db
    .select({
      conversations: sql<number>`count(distinct ${chatThreads.id})`.mapWith(Number),
      messages: sql<number>`count(*)`.mapWith(Number),
    })
    .from(chatThreads)
    .innerJoin(chatMessages, eq(chatMessages.threadId, chatThreads.id))
    .where(
      and(
        eq(chatThreads.userId, me),
        eq(chatThreads.isActive, true),
        sql`${chatMessages.senderId} is distinct from ${me}`,
        sql`${chatMessages.createdAt} > coalesce(${chatThreads.lastSeenAt}, '-infinity'::timestamptz)`,
      ),
    );
  const [rooms] = await ctx.db
    .select({
      rooms: sql<number>`count(distinct ${roomParticipants.roomId})`.mapWith(Number),
      messages: sql<number>`count(*)`.mapWith(Number),
    })
    .from(roomParticipants)
    .innerJoin(
      breakoutRooms,
      and(eq(breakoutRooms.id, roomParticipants.roomId), eq(breakoutRooms.isActive, true)),
    )
    .innerJoin(chatMessages, eq(chatMessages.roomId, roomParticipants.roomId))
    .where(
      and(
        eq(roomParticipants.userId, me),
        eq(roomParticipants.isActive, true),
        isNotNull(chatMessages.roomId),
        sql`${chatMessages.senderId} is distinct from ${me}`,
        sql`${chatMessages.createdAt} > coalesce(${roomParticipants.lastSeenAt}, '-infinity'::timestamptz)`,
      ),
    );
  return {
    threads: { conversations: threads?.conversations ?? 0, messages: threads?.messages ?? 0 },
    rooms: { rooms: rooms?.rooms ?? 0, messages: rooms?.messages ?? 0 },
  };
}

/** Records that the caller has read their thread up to now. */
export async function markThreadSeen(ctx: ServiceContext, threadId: string): Promise<void> {
  await getOwnThread(ctx.db, ctx.actor.id, threadId);
  await ctx.db
    .update(chatThreads)
    .set({ lastSeenAt: sql`greatest(coalesce(${chatThreads.lastSeenAt}, now()), now())` })
    .where(eq(chatThreads.id, threadId));
}
