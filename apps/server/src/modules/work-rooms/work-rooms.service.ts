import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  hasPermission,
  realtimeChannels,
  type MessagePage,
  type RoomParticipant,
  type WorkRoom,
  type WorkRoomDetail,
  type WorkRoomList,
  type PageQuery,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  breakoutRooms,
  chatMessages,
  profiles,
  properties,
  roomParticipants,
  workOrders,
} from '../../db/schema/index.ts';
import { isoTimestamp } from '../../db/schema/sql.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pageOfMessages, toMessage } from '../chat/chat.service.ts';
import {
  roomAccessCondition,
  roomReachCondition,
  workOrderReach,
  type WorkOrderReach,
} from '../work-orders/work-order-access.ts';
import { publishAll } from '../realtime/publish.ts';
import {
  canManageProperty,
  findWorkOrder,
  listWorkOrders,
  toWorkOrder,
  workOrderColumns,
} from '../work-orders/work-orders.service.ts';
import { administersColumn } from '../access/scope.ts';
import type { AttachmentLinks } from '../attachments/attachment-links.ts';
import { sendWithMessage, withAttachments } from '../attachments/message-attachments.ts';
import { joinedNotice, workOrderUpdatedEvents, writeRoomNotice } from './room-notices.ts';

/**
 * Work rooms (issue 8): who sees a room is roomAccessCondition, read here as roomReachCondition
 * (work-order-access.ts: the property's managers, admins and the board, and participants with a
 * standing reason); who may post is an active participant, or the property's manager or an admin, who
 * join the room with their first message.
 */

type RoomRow = typeof breakoutRooms.$inferSelect;

/**
 * A room's message figures for the caller (count, last message, their unread), as a lateral subquery
 * on the room's message index (issue 19 — a subquery per room and figure read each room's messages
 * three times).
 */
function roomFigures(ctx: ServiceContext) {
  return ctx.db
    .select({
      messageCount: sql<number>`count(*)`.mapWith(Number).as('message_count'),
      lastMessageAt: sql<Date | null>`max("chat_messages"."created_at")`.as('last_message_at'),
      // Named in full: drizzle writes a column of a one-table subquery unqualified, and last_seen_at is
      // the outer query's (the caller's participation).
      unreadCount: sql<number>`count(*) filter (
          where "chat_messages"."created_at" > coalesce("room_participants"."last_seen_at", '-infinity'::timestamptz)
            and "chat_messages"."sender_id" is distinct from ${ctx.actor.id})`
        .mapWith(Number)
        .as('unread_count'),
    })
    .from(chatMessages)
    .where(eq(chatMessages.roomId, breakoutRooms.id))
    .as('figures');
}

/** The caller's active participation in the room, joined beside it. */
const callerTakesPart = (ctx: ServiceContext) =>
  and(
    eq(roomParticipants.roomId, breakoutRooms.id),
    eq(roomParticipants.userId, ctx.actor.id),
    eq(roomParticipants.isActive, true),
  );

function toWorkRoom(row: {
  room: RoomRow;
  participantId: string | null;
  messageCount: number | null;
  lastMessageAt: Date | string | null;
  unreadCount: number | null;
}): WorkRoom {
  return {
    id: row.room.id,
    workOrderId: row.room.workOrderId,
    roomName: row.room.roomName,
    roomType: row.room.roomType,
    isActive: row.room.isActive,
    createdAt: row.room.createdAt.toISOString(),
    messageCount: Number(row.messageCount ?? 0),
    lastMessageAt: row.lastMessageAt ? new Date(row.lastMessageAt).toISOString() : null,
    isParticipant: row.participantId !== null,
    unreadCount: row.participantId === null ? null : Number(row.unreadCount ?? 0),
  };
}

/**
 * The rooms matching `where` that the caller may see, with message counts and the caller's unread, in
 * one statement.
 */
async function roomSummaries(
  ctx: ServiceContext,
  where: SQL | undefined,
  reach: WorkOrderReach,
): Promise<WorkRoom[]> {
  const figures = roomFigures(ctx);
  const rows = await ctx.db
    .select({
      room: breakoutRooms,
      participantId: roomParticipants.id,
      messageCount: figures.messageCount,
      lastMessageAt: figures.lastMessageAt,
      unreadCount: figures.unreadCount,
    })
    .from(breakoutRooms)
    .innerJoin(workOrders, eq(workOrders.id, breakoutRooms.workOrderId))
    .leftJoin(roomParticipants, callerTakesPart(ctx))
    .leftJoinLateral(figures, sql`true`)
    .where(and(where, roomReachCondition(reach, ctx.actor.id)))
    .orderBy(asc(breakoutRooms.createdAt));
  return rows.map(toWorkRoom);
}

/** The Work Rooms sidebar: visible work orders, newest first, each with its active rooms. */
export async function listWorkRooms(
  ctx: ServiceContext,
  query: PageQuery & { q?: string | undefined },
): Promise<WorkRoomList> {
  const reach = await workOrderReach(ctx.db, ctx.actor);
  const { workOrders: listed, ...page } = await listWorkOrders(ctx, query, reach);
  if (listed.length === 0) return { workOrders: [], ...page };
  const rooms = await roomSummaries(
    ctx,
    and(
      eq(breakoutRooms.isActive, true),
      inArray(
        breakoutRooms.workOrderId,
        listed.map((workOrder) => workOrder.id),
      ),
    ),
    reach,
  );
  return {
    workOrders: listed.map((workOrder) => ({
      workOrder,
      rooms: rooms.filter((room) => room.workOrderId === workOrder.id),
    })),
    ...page,
  };
}

/** A room the caller may see; anyone else's (or a missing one) is "not found", so ids cannot be probed. */
async function visibleRoom(ctx: ServiceContext, roomId: string): Promise<RoomRow> {
  const [room] = await ctx.db
    .select()
    .from(breakoutRooms)
    .where(and(eq(breakoutRooms.id, roomId), roomAccessCondition(ctx.actor)));
  if (!room) throw notFound('Room');
  return room;
}

async function activeParticipation(db: Db, roomId: string, userId: string) {
  const [row] = await db
    .select()
    .from(roomParticipants)
    .where(
      and(
        eq(roomParticipants.roomId, roomId),
        eq(roomParticipants.userId, userId),
        eq(roomParticipants.isActive, true),
      ),
    );
  return row;
}

/** The named people (a work order's resident and vendor), in one statement. */
async function peopleById(db: Db, ids: (string | null)[]) {
  const wanted = ids.filter((id): id is string => id !== null);
  const rows = wanted.length
    ? await db
        .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
        .from(profiles)
        .where(inArray(profiles.id, wanted))
    : [];
  return (id: string | null) => rows.find((person) => person.id === id) ?? null;
}

function toParticipant(
  row: typeof roomParticipants.$inferSelect,
  fullName: string | null,
  email: string | null,
): RoomParticipant {
  return {
    id: row.id,
    userId: row.userId,
    fullName,
    email,
    role: row.role as RoomParticipant['role'],
    joinedAt: row.joinedAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    isActive: row.isActive,
  };
}

const roomResidents = alias(profiles, 'resident');
const roomVendors = alias(profiles, 'vendor');

/**
 * A room with its work order, people, participants, figures and what the caller may do there, in one
 * statement after the caller's reach (issue 19: a room's details took eight, then four).
 */
export async function getWorkRoom(ctx: ServiceContext, roomId: string): Promise<WorkRoomDetail> {
  const reach = await workOrderReach(ctx.db, ctx.actor);
  const figures = roomFigures(ctx);
  const [row] = await ctx.db
    .select({
      room: breakoutRooms,
      ...workOrderColumns,
      canManage: administersColumn(ctx.actor, sql`${properties.id}`),
      participantId: roomParticipants.id,
      messageCount: figures.messageCount,
      lastMessageAt: figures.lastMessageAt,
      unreadCount: figures.unreadCount,
      resident: { id: roomResidents.id, fullName: roomResidents.fullName, email: roomResidents.email },
      vendor: { id: roomVendors.id, fullName: roomVendors.fullName, email: roomVendors.email },
      // Everyone who ever took part: active first, then by role, then who joined first.
      participants: sql<ParticipantJson[]>`(select coalesce(json_agg(json_build_object(
          'id', rp.id, 'userId', rp.user_id, 'fullName', p.full_name, 'email', p.email, 'role', rp.role,
          'joinedAt', ${isoTimestamp(sql`rp.joined_at`)}, 'lastSeenAt', ${isoTimestamp(sql`rp.last_seen_at`)},
          'isActive', rp.is_active)
        order by rp.is_active desc,
          array_position(array['resident', 'manager', 'vendor', 'admin', 'developer'], rp.role), rp.joined_at),
        '[]')
        from ${roomParticipants} rp left join ${profiles} p on p.id = rp.user_id
        where rp.room_id = ${breakoutRooms.id})`,
    })
    .from(breakoutRooms)
    .innerJoin(workOrders, eq(workOrders.id, breakoutRooms.workOrderId))
    .innerJoin(properties, eq(properties.id, workOrders.propertyId))
    .leftJoin(roomParticipants, callerTakesPart(ctx))
    .leftJoinLateral(figures, sql`true`)
    .leftJoin(roomResidents, eq(roomResidents.id, workOrders.residentId))
    .leftJoin(roomVendors, eq(roomVendors.id, workOrders.vendorId))
    .where(and(eq(breakoutRooms.id, roomId), roomReachCondition(reach, ctx.actor.id)));
  if (!row) throw notFound('Room');
  const { room, canManage } = row;
  const summary = toWorkRoom(row);
  return {
    room: summary,
    workOrder: toWorkOrder(row),
    resident: row.resident,
    vendor: row.vendor,
    participants: row.participants.map((participant) => ({
      ...participant,
      role: participant.role as RoomParticipant['role'],
    })),
    permissions: {
      canPost:
        room.isActive && hasPermission(ctx.actor.role, 'rooms:post') && (summary.isParticipant || canManage),
      canManage,
    },
  };
}

type ParticipantJson = Omit<RoomParticipant, 'role'> & { role: string };

/**
 * A page of a room's messages, oldest first: the newest `limit` ones, or those just before the
 * message `before` (a long conversation is read backwards a page at a time).
 */
export async function listRoomMessages(
  ctx: ServiceContext,
  roomId: string,
  page: { before?: string | undefined; limit: number },
  links: AttachmentLinks,
): Promise<MessagePage> {
  await visibleRoom(ctx, roomId);
  return pageOfMessages(
    ctx.db,
    eq(chatMessages.roomId, roomId),
    page,
    'That message is not in this room.',
    links,
  );
}

const participantRoleOf = (role: ServiceContext['actor']['role']) => (role === 'admin' ? 'admin' : 'manager');

/**
 * Posts a person's message in a room (SPEC §7: role user with the room id). An admin or the
 * property's manager who is not in the room joins it with this message; anyone else must be an
 * active participant. The message, the joining and their events commit together.
 */
/**
 * A room the caller may post in, or why not: it must be open, and they an active participant or the
 * property's manager (who joins with their first message, `mayJoin`).
 */
export async function roomForPosting(ctx: ServiceContext, roomId: string) {
  const room = await visibleRoom(ctx, roomId);
  if (!room.isActive)
    throw new AppError(409, 'ROOM_CLOSED', 'This room is closed: messages can no longer be posted.');
  const workOrder = (await findWorkOrder(ctx.db, room.workOrderId))!;
  const participation = await activeParticipation(ctx.db, roomId, ctx.actor.id);
  const mayJoin = !participation && (await canManageProperty(ctx.db, ctx.actor, workOrder.propertyId));
  if (!participation && !mayJoin) {
    throw new AppError(403, 'NOT_A_PARTICIPANT', "Only the room's participants can post here.");
  }
  return { room, workOrder, mayJoin };
}

export async function postRoomMessage(
  ctx: ServiceContext,
  roomId: string,
  input: { content: string; attachmentIds?: string[] | undefined },
  links: AttachmentLinks,
) {
  const { workOrder, mayJoin } = await roomForPosting(ctx, roomId);
  const { content } = input;
  return ctx.db.transaction(async (tx) => {
    const events: Parameters<typeof publishAll>[1] = [];
    if (mayJoin) {
      await tx
        .insert(roomParticipants)
        .values({ roomId, userId: ctx.actor.id, role: participantRoleOf(ctx.actor.role) })
        .onConflictDoUpdate({
          target: [roomParticipants.roomId, roomParticipants.userId],
          set: { isActive: true, joinedAt: new Date(), role: participantRoleOf(ctx.actor.role) },
        });
      events.push(
        ...(await writeRoomNotice(tx, {
          roomId,
          kind: 'participant_joined',
          content: joinedNotice(ctx.actor.fullName, participantRoleOf(ctx.actor.role)),
          metadata: { userId: ctx.actor.id },
        })),
      );
    }
    const [row] = await tx
      .insert(chatMessages)
      // Nothing processes room messages (the assistant answers threads only), hence processed.
      .values({
        roomId,
        senderId: ctx.actor.id,
        role: 'user',
        content,
        processed: true,
        // After a "joined the room" notice of the same transaction (see writeRoomNotice) — even where
        // the clock is coarse enough (PGlite) to give both the same instant.
        createdAt: sql`greatest(clock_timestamp(), (select max(m.created_at) + interval '1 microsecond'
          from chat_messages m where m.room_id = ${roomId}))`,
      })
      .returning();
    // Writing in a room means having read it.
    const [me] = await tx
      .update(roomParticipants)
      .set({ lastSeenAt: row!.createdAt })
      .where(and(eq(roomParticipants.roomId, roomId), eq(roomParticipants.userId, ctx.actor.id)))
      .returning();
    await sendWithMessage(tx, ctx.actor.id, input.attachmentIds ?? [], { id: row!.id, roomId });
    const message = (await withAttachments(tx, links, [toMessage(row!, ctx.actor.fullName)]))[0]!;
    events.push({ channel: realtimeChannels.room(roomId), type: 'message.created', data: message });
    const others = await tx
      .select({ userId: roomParticipants.userId })
      .from(roomParticipants)
      .where(
        and(
          eq(roomParticipants.roomId, roomId),
          eq(roomParticipants.isActive, true),
          ne(roomParticipants.id, me!.id),
        ),
      );
    for (const other of others) {
      events.push({
        channel: realtimeChannels.userWork(other.userId),
        type: 'room.activity',
        data: { roomId, workOrderId: workOrder.id, messageId: message.id },
      });
    }
    await publishAll(tx, events);
    return message;
  });
}

/** Records that the caller has read the room up to now (participants only; others have no unread). */
export async function markRoomSeen(ctx: ServiceContext, roomId: string): Promise<void> {
  await visibleRoom(ctx, roomId);
  await ctx.db
    .update(roomParticipants)
    .set({ lastSeenAt: sql`greatest(coalesce(${roomParticipants.lastSeenAt}, now()), now())` })
    .where(
      and(
        eq(roomParticipants.roomId, roomId),
        eq(roomParticipants.userId, ctx.actor.id),
        eq(roomParticipants.isActive, true),
      ),
    );
}

/**
 * Adds the work order's assigned vendor to its room (issue 8): admins and the property's managers
 * may; nobody else can be added this way.
 */
export async function addRoomParticipant(
  ctx: ServiceContext,
  roomId: string,
  userId: string,
): Promise<RoomParticipant> {
  const room = await visibleRoom(ctx, roomId);
  const workOrder = (await findWorkOrder(ctx.db, room.workOrderId))!;
  if (!(await canManageProperty(ctx.db, ctx.actor, workOrder.propertyId))) {
    throw new AppError(
      403,
      'FORBIDDEN',
      "Only an admin or the property's manager can add people to this room.",
    );
  }
  if (!room.isActive) throw new AppError(409, 'ROOM_CLOSED', 'This room is closed: nobody can join it.');
  if (workOrder.vendorId !== userId) {
    const message = 'Only the vendor assigned to this work order can be added to its room.';
    throw new AppError(400, 'NOT_THE_ASSIGNED_VENDOR', message, { fields: { userId: message } });
  }
  const vendor = (await peopleById(ctx.db, [userId]))(userId)!;
  if (await activeParticipation(ctx.db, roomId, userId)) {
    throw new AppError(409, 'ALREADY_PARTICIPANT', `${vendor.fullName} is already in this room.`);
  }
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(roomParticipants)
      .values({ roomId, userId, role: 'vendor' })
      .onConflictDoUpdate({
        target: [roomParticipants.roomId, roomParticipants.userId],
        set: { isActive: true, joinedAt: new Date(), role: 'vendor', lastSeenAt: null },
      })
      .returning();
    const events = await writeRoomNotice(tx, {
      roomId,
      kind: 'participant_joined',
      content: joinedNotice(vendor.fullName, 'vendor', ctx.actor.fullName),
      metadata: { userId },
    });
    // The vendor's lists gain the room.
    events.push(...(await workOrderUpdatedEvents(tx, workOrder)));
    await publishAll(tx, events);
    return toParticipant(row!, vendor.fullName, vendor.email);
  });
}
