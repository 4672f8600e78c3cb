import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  readingLanguages,
  type NotificationChannel,
  type NotificationKind,
  type NotificationUrgency,
  type ReadingLanguage,
} from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { properties } from './properties.ts';
import { inList } from './sql.ts';

/**
 * What was said to whom (modules/notifications, decision 0036): written by notify() in the transaction
 * of the change that causes it. `in_app` rows are the bell's; the others (an invitation, a sign-in code)
 * are the record behind an e-mail only.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    urgency: text('urgency').$type<NotificationUrgency>().notNull().default('normal'),
    inApp: boolean('in_app').notNull(),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null and ${t.inApp}`),
    uniqueIndex('notifications_dedupe_idx')
      .on(t.userId, t.kind, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    check('notifications_urgency_check', sql`${t.urgency} in ('normal', 'emergency')`),
  ],
);

export const deliveryStatuses = [
  /** Waiting for its job (not before `not_before`: quiet hours). */
  'queued',
  /** Held for the person's daily digest. */
  'digest',
  /** Sent within a digest (`digest_id`). */
  'digested',
  'sent',
  /** The address refused it for good: another way was taken (decision 0036). */
  'bounced',
  /** Failed after its retries. */
  'failed',
] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** One e-mail a notification needs; its job sends it once (the outbox file or Message-ID is its id). */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<Exclude<NotificationChannel, 'inApp'>>().notNull().default('email'),
    status: text('status').$type<DeliveryStatus>().notNull().default('queued'),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    digestId: uuid('digest_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('notification_deliveries_notification_idx').on(t.notificationId),
    index('notification_deliveries_pending_idx')
      .on(t.status, t.notBefore)
      .where(sql`${t.status} in ('queued', 'digest')`),
    check(
      'notification_deliveries_status_check',
      sql`${t.status} in ('queued', 'digest', 'digested', 'sent', 'bounced', 'failed')`,
    ),
  ],
);

/** A person's choice for one kind on one channel; no row: the kind's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/** Quiet hours, time zone and digest; no row: none, the first association's zone, no digest. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Minutes after local midnight. */
    quietStart: integer('quiet_start'),
    quietEnd: integer('quiet_end'),
    timeZone: text('time_zone'),
    digest: text('digest').$type<'off' | 'daily'>().notNull().default('off'),
    /** The language the person reads announcements in, where a translation exists (null: English). */
    language: text('language').$type<ReadingLanguage>(),
    emailBouncedAt: timestamp('email_bounced_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'notification_settings_quiet_check',
      sql`(${t.quietStart} is null) = (${t.quietEnd} is null) and coalesce(${t.quietStart}, 0) between 0 and 1439 and coalesce(${t.quietEnd}, 0) between 0 and 1439`,
    ),
    check('notification_settings_digest_check', sql`${t.digest} in ('off', 'daily')`),
    check(
      'notification_settings_language_check',
      sql`${t.language} is null or ${t.language} in ${inList(readingLanguages)}`,
    ),
  ],
);
