import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  chatMessageRoles,
  roomParticipantRoles,
  workflowStatuses,
  workflowTypes,
} from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { workOrders } from './work-orders.ts';
import { inList } from './sql.ts';

export const chatThreads = pgTable(
  'chat_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('New Conversation'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Up to when its owner has read it: replies after it are unread (issue 26, the navigation's count). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [index('chat_threads_user_active_updated_idx').on(t.userId, t.isActive, t.updatedAt)],
);

export const breakoutRooms = pgTable(
  'breakout_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomName: text('room_name').notNull(),
    roomType: text('room_type').notNull().default('work_order'),
    isActive: boolean('is_active').notNull().default(true),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('breakout_rooms_work_order_idx').on(t.workOrderId, t.isActive)],
);

export const roomParticipants = pgTable(
  'room_participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => breakoutRooms.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    role: text('role', { enum: roomParticipantRoles }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    check('room_participants_role_check', sql`${t.role} in ${inList(roomParticipantRoles)}`),
    index('room_participants_room_idx').on(t.roomId),
    index('room_participants_user_idx').on(t.userId),
    // One membership per person per room; re-joining re-activates it.
    uniqueIndex('room_participants_room_user_key').on(t.roomId, t.userId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id').references(() => chatThreads.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id').references(() => breakoutRooms.id, { onDelete: 'cascade' }),
    // null sender = the assistant or the system; null recipient = the assistant.
    senderId: text('sender_id').references(() => profiles.id, { onDelete: 'set null' }),
    recipientId: text('recipient_id').references(() => profiles.id, { onDelete: 'set null' }),
    role: text('role', { enum: chatMessageRoles }).notNull(),
    content: text('content').notNull(),
    processed: boolean('processed').notNull().default(false),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chat_messages_role_check', sql`${t.role} in ${inList(chatMessageRoles)}`),
    check('chat_messages_target_check', sql`${t.threadId} is not null or ${t.roomId} is not null`),
    index('chat_messages_thread_created_idx').on(t.threadId, t.createdAt),
    index('chat_messages_room_created_idx').on(t.roomId, t.createdAt),
    // The newest room messages across many rooms (the manager portal's communications), read backwards.
    index('chat_messages_room_messages_recent_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.roomId} is not null`),
  ],
);

export const workflowSummaries = pgTable(
  'workflow_summary',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    workflowType: text('workflow_type').notNull(),
    workflowStatus: text('workflow_status').notNull().default('active'),
    currentStep: text('current_step'),
    summary: text('summary'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('workflow_summary_type_check', sql`${t.workflowType} in ${inList(workflowTypes)}`),
    check('workflow_summary_status_check', sql`${t.workflowStatus} in ${inList(workflowStatuses)}`),
    index('workflow_summary_thread_created_idx').on(t.threadId, t.createdAt),
  ],
);
