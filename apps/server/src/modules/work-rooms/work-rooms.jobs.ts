import { and, eq, gt, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { breakoutRooms, chatMessages, roomParticipants, workOrders } from '../../db/schema/index.ts';
import { defineSchedule, type Period, type ScheduleDefinition } from '../../plugins/schedules.ts';
import type { Notifier } from '../notifications/notify.ts';

/**
 * Room messages a participant has not seen, told in batches (issue 26 item 6): every 10 minutes, one
 * notification per person for the messages of one window, never one e-mail per message. The window is
 * the ten minutes that ended ten minutes before the run, so someone reading the room live has seen a
 * message (their `last_seen_at` passed it) before anyone would tell them of it. Each message falls in
 * exactly one window; the schedule runs each period once (`job_runs`), and the notification's key is
 * the period, so a second run of the same period — two servers, a "Run now" — sends nothing twice.
 */
export const unseenMessagesEveryMinutes = 10;
const windowMs = unseenMessagesEveryMinutes * 60_000;

type Unseen = { userId: string; roomId: string; roomName: string; propertyId: string; messages: number };

/** Who has messages of this period's window still unseen, per room. */
export async function unseenRoomMessages(db: Db, period: Period): Promise<Unseen[]> {
  const to = new Date(period.scheduledFor.getTime() - windowMs);
  const from = new Date(to.getTime() - windowMs);
  return db
    .select({
      userId: roomParticipants.userId,
      roomId: breakoutRooms.id,
      roomName: breakoutRooms.roomName,
      propertyId: workOrders.propertyId,
      messages: sql<number>`count(*)`.mapWith(Number),
    })
    .from(chatMessages)
    .innerJoin(breakoutRooms, eq(breakoutRooms.id, chatMessages.roomId))
    .innerJoin(workOrders, eq(workOrders.id, breakoutRooms.workOrderId))
    .innerJoin(
      roomParticipants,
      and(eq(roomParticipants.roomId, breakoutRooms.id), eq(roomParticipants.isActive, true)),
    )
    .where(
      and(
        gt(chatMessages.createdAt, from),
        sql`${chatMessages.createdAt} <= ${to.toISOString()}::timestamptz`,
        eq(breakoutRooms.isActive, true),
        // People's messages: the room's notices (status changes, joins) have their own notifications.
        isNotNull(chatMessages.senderId),
        ne(chatMessages.senderId, roomParticipants.userId),
        sql`${chatMessages.createdAt} > coalesce(${roomParticipants.lastSeenAt}, '-infinity'::timestamptz)`,
      ),
    )
    .groupBy(roomParticipants.userId, breakoutRooms.id, breakoutRooms.roomName, workOrders.propertyId)
    .orderBy(roomParticipants.userId, breakoutRooms.roomName);
}

const messagesIn = (count: number) => `${count} new ${count === 1 ? 'message' : 'messages'}`;

export function unseenMessagesSchedule(notifier: Notifier): ScheduleDefinition {
  return defineSchedule({
    name: 'work-rooms.unseen-messages',
    title: 'Unseen room messages',
    description: `Tells work room participants, in one notification per ${unseenMessagesEveryMinutes} minutes, of the messages they have not seen.`,
    cron: `*/${unseenMessagesEveryMinutes} * * * *`,
    perProperty: false,
    timeZone: 'UTC',
    catchUpMinutes: unseenMessagesEveryMinutes,
    preview: async (ctx, _propertyId, period) => {
      const unseen = await unseenRoomMessages(ctx.db, period);
      const people = new Set(unseen.map((row) => row.userId)).size;
      return {
        summary: `Would tell ${people} ${people === 1 ? 'person' : 'people'} of unseen messages.`,
        counts: { people },
        items: unseen.map((row) => `${messagesIn(row.messages)} in ${row.roomName}`),
      };
    },
    run: async (ctx, _propertyId, period) => {
      const byPerson = new Map<string, Unseen[]>();
      for (const row of await unseenRoomMessages(ctx.db, period))
        byPerson.set(row.userId, [...(byPerson.get(row.userId) ?? []), row]);
      let messages = 0;
      for (const [userId, rooms] of byPerson) {
        const total = rooms.reduce((sum, room) => sum + room.messages, 0);
        messages += total;
        const only = rooms.length === 1 ? rooms[0]! : null;
        await notifier.notify(
          ctx.db,
          [userId],
          {
            kind: 'work-room.messages',
            propertyId: only?.propertyId ?? null,
            title: only
              ? `${messagesIn(total)} in "${only.roomName}"`
              : `${messagesIn(total)} in ${rooms.length} work rooms`,
            body: [
              'You have messages in your work rooms that you have not read yet:',
              rooms.map((room) => `• ${room.roomName}: ${messagesIn(room.messages)}`).join('\n'),
            ].join('\n\n'),
            link: only ? `/work-rooms?room=${only.roomId}` : '/work-rooms',
            dedupeKey: `room-messages:${period.key}`,
          },
          ctx.now,
        );
      }
      return {
        summary: `Told ${byPerson.size} ${byPerson.size === 1 ? 'person' : 'people'} of ${messages} unseen ${messages === 1 ? 'message' : 'messages'}.`,
        counts: { people: byPerson.size, messages },
      };
    },
  });
}
