import { z } from 'zod';
import { roomParticipantRoles, workOrderSchema } from './work-orders.ts';
import { pageFields, pageQueryFields, searchField } from './paging.ts';

/**
 * Work rooms (SPEC §2 'Work Rooms', issue 8): one conversation per work order between its resident,
 * the property's manager and the assigned vendor. Messages are chat messages with a room id.
 */

export const roomIdParamsSchema = z.object({ id: z.uuid('That is not a valid room id') });

/** A room as the sidebar lists it. */
export const workRoomSchema = z.object({
  id: z.uuid(),
  workOrderId: z.uuid(),
  roomName: z.string(),
  roomType: z.string(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  messageCount: z.number().int().nonnegative(),
  lastMessageAt: z.iso.datetime().nullable(),
  /** Whether the caller is an active participant. */
  isParticipant: z.boolean(),
  /**
   * Messages from others since the caller last looked at the room; null for someone who reads the
   * room without taking part in it (a manager of the property, an admin, the board).
   */
  unreadCount: z.number().int().nonnegative().nullable(),
});
export type WorkRoom = z.infer<typeof workRoomSchema>;

/** The Work Rooms sidebar: the work orders the caller may see, newest first, each with its active rooms. */
export const workRoomListSchema = z.object({
  workOrders: z.array(z.object({ workOrder: workOrderSchema, rooms: z.array(workRoomSchema) })),
  ...pageFields,
});
/** `q` matches a work order's summary, its property's name or its id's beginning, as in the list. */
export const workRoomListQuerySchema = z.object({ q: searchField, ...pageQueryFields(100) });
export type WorkRoomListQuery = z.input<typeof workRoomListQuerySchema>;
export type WorkRoomList = z.infer<typeof workRoomListSchema>;
export type WorkRoomListEntry = WorkRoomList['workOrders'][number];

export const roomParticipantSchema = z.object({
  id: z.uuid(),
  userId: z.string(),
  /** null when the account no longer exists: shown as 'Unknown User'. */
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(roomParticipantRoles),
  joinedAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime().nullable(),
  isActive: z.boolean(),
});
export type RoomParticipant = z.infer<typeof roomParticipantSchema>;

const personSchema = z.object({ id: z.string(), fullName: z.string(), email: z.string() });

/** A room with what its detail panel shows and what the caller may do there. */
export const workRoomDetailSchema = z.object({
  room: workRoomSchema,
  workOrder: workOrderSchema,
  resident: personSchema.nullable(),
  vendor: personSchema.nullable(),
  /** Everyone who ever took part, active first; those who left have isActive false. */
  participants: z.array(roomParticipantSchema),
  permissions: z.object({
    /** Post messages (an admin or the property's manager joins the room with the first one). */
    canPost: z.boolean(),
    /** Change the work order's status, assign its vendor and add that vendor to the room. */
    canManage: z.boolean(),
  }),
});
export type WorkRoomDetail = z.infer<typeof workRoomDetailSchema>;

export const addRoomParticipantSchema = z.object({
  userId: z
    .string({ error: 'Choose who to add' })
    .trim()
    .min(1, 'Choose who to add')
    .max(100, 'That is not a valid user id'),
});
export type AddRoomParticipant = z.infer<typeof addRoomParticipantSchema>;

/** What kind of notice a system message in a room is (kept in its metadata.kind). */
export const roomNoticeKinds = [
  'status_changed',
  'vendor_assigned',
  'participant_joined',
  'participant_left',
] as const;
export type RoomNoticeKind = (typeof roomNoticeKinds)[number];
