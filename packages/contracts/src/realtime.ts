import { z } from 'zod';

/**
 * The realtime protocol: one WebSocket at GET /api/realtime (docs/decisions/0013-realtime.md).
 * Every message is one JSON object whose `op` says what it is. Clients subscribe to channels; the
 * server checks access on each subscribe and then sends the channel's events in order, each once.
 */

/** Channel names. Build them with these helpers rather than by hand. */
export const realtimeChannels = {
  /** The person's own thread list (created, renamed, deleted threads). */
  userThreads: (userId: string) => `user:${userId}:threads`,
  /** A chat thread's messages and workflow summary (its owner only). */
  thread: (threadId: string) => `thread:${threadId}`,
  /** A work room's messages (DESIGN.md §5: participants, the property's managers, admins, board). */
  room: (roomId: string) => `room:${roomId}`,
  /**
   * The person's own work: their work orders' changes (status, vendor) and activity in the rooms they
   * take part in, for live lists (the resident portal, the Work Rooms sidebar).
   */
  userWork: (userId: string) => `user:${userId}:work`,
  /** The person's own notifications (the bell): created and read. */
  userNotifications: (userId: string) => `user:${userId}:notifications`,
  /** An announcement's read and acknowledged counts, for its authors (the association's managers and board). */
  announcement: (announcementId: string) => `announcement:${announcementId}`,
};

export type RealtimeChannelRef =
  | { kind: 'user-threads'; userId: string }
  | { kind: 'user-work'; userId: string }
  | { kind: 'user-notifications'; userId: string }
  | { kind: 'thread'; threadId: string }
  | { kind: 'room'; roomId: string }
  | { kind: 'announcement'; announcementId: string };

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const channelPatterns: [RegExp, (match: RegExpExecArray) => RealtimeChannelRef][] = [
  [/^user:([A-Za-z0-9_-]{1,64}):threads$/, (match) => ({ kind: 'user-threads', userId: match[1]! })],
  [/^user:([A-Za-z0-9_-]{1,64}):work$/, (match) => ({ kind: 'user-work', userId: match[1]! })],
  [
    /^user:([A-Za-z0-9_-]{1,64}):notifications$/,
    (match) => ({ kind: 'user-notifications', userId: match[1]! }),
  ],
  [new RegExp(`^thread:(${uuid})$`), (match) => ({ kind: 'thread', threadId: match[1]! })],
  [new RegExp(`^room:(${uuid})$`), (match) => ({ kind: 'room', roomId: match[1]! })],
  [new RegExp(`^announcement:(${uuid})$`), (match) => ({ kind: 'announcement', announcementId: match[1]! })],
];

/** What a channel name refers to, or null when it is not one of ours. */
export function parseRealtimeChannel(channel: string): RealtimeChannelRef | null {
  for (const [pattern, toRef] of channelPatterns) {
    const match = pattern.exec(channel);
    if (match) return toRef(match);
  }
  return null;
}

export const realtimeChannelSchema = z
  .string()
  .max(120)
  .refine((channel) => parseRealtimeChannel(channel) !== null, {
    error:
      'Unknown channel: use user:<id>:threads, user:<id>:work, user:<id>:notifications, thread:<id>, room:<id> or announcement:<id>',
  });

/**
 * What happened. Data per type: thread.* carry the thread (thread.deleted: { id }); message.created
 * carries the chat message; workflow.updated carries the workflow summary; work-order.updated carries
 * the work order; room.updated ({ roomId }) says the room's participants changed; room.activity
 * ({ roomId, workOrderId, messageId }) tells a participant's user:work channel that a room of theirs
 * has a new message; notification.created ({ id }) and notification.read ({ ids } or { all: true })
 * tell the person's bell; announcement.counts ({ announcementId, counts: { recipients, read,
 * acknowledged } }) tells an announcement's authors someone read or acknowledged it.
 */
export const realtimeEventTypes = [
  'thread.created',
  'thread.updated',
  'thread.deleted',
  'message.created',
  'workflow.updated',
  'work-order.updated',
  'room.updated',
  'room.activity',
  'notification.created',
  'notification.read',
  'announcement.counts',
] as const;
export const realtimeEventTypeSchema = z.enum(realtimeEventTypes);
export type RealtimeEventType = z.infer<typeof realtimeEventTypeSchema>;

/** Event ids count up from 1 within each channel; `since` is the last id the client saw there. */
const eventIdSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const realtimeClientMessageSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('subscribe'), channel: realtimeChannelSchema, since: eventIdSchema.optional() }),
  z.object({ op: z.literal('unsubscribe'), channel: realtimeChannelSchema }),
  z.object({ op: z.literal('ping') }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

export const realtimeErrorCodes = [
  'BAD_REQUEST',
  'FORBIDDEN',
  'NOT_FOUND',
  /** A subscription ended because the person's access to the channel ended (removed, moved out…). */
  'ACCESS_ENDED',
  'RATE_LIMITED',
  'TOO_MANY_SUBSCRIPTIONS',
  'INTERNAL',
] as const;

export const realtimeSubscribedSchema = z.object({
  op: z.literal('subscribed'),
  channel: z.string(),
  /** The id of the last event of the channel this subscription has been given (or that exists). */
  lastId: eventIdSchema,
  /** How many missed events (after `since`) were sent just before this message. */
  replayed: z.number().int().nonnegative(),
  /**
   * false: events were missed that can no longer be replayed (too many, or older than the one-day
   * retention), so the client must reload the channel's data over HTTP. Also sent again, mid-stream,
   * if that ever happens later.
   */
  isCaughtUp: z.boolean(),
});

export const realtimeEventSchema = z.object({
  op: z.literal('event'),
  channel: z.string(),
  id: eventIdSchema,
  type: realtimeEventTypeSchema,
  data: z.unknown(),
  /** When it was published (ISO 8601). */
  at: z.iso.datetime(),
});

export const realtimeServerMessageSchema = z.discriminatedUnion('op', [
  realtimeSubscribedSchema,
  realtimeEventSchema,
  z.object({
    op: z.literal('error'),
    code: z.enum(realtimeErrorCodes),
    message: z.string(),
    /** The channel a refused subscribe named. */
    channel: z.string().optional(),
  }),
  z.object({ op: z.literal('pong') }),
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export type RealtimeSubscribed = z.infer<typeof realtimeSubscribedSchema>;
export type RealtimeErrorCode = (typeof realtimeErrorCodes)[number];

/**
 * Close codes the server uses besides the standard ones (1001 going away, 1008 policy, 1013 try
 * again later): on sessionEnded the client must not reconnect (signed out, session revoked or
 * expired, account deactivated); on reconnect it reconnects at once (its role changed).
 */
export const realtimeCloseCodes = { sessionEnded: 4001, reconnect: 4002 } as const;
