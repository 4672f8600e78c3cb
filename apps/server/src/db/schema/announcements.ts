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
  uuid,
} from 'drizzle-orm/pg-core';
import {
  announcementAudienceKinds,
  announcementKinds,
  announcementLanguages,
  announcementStatuses,
} from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { properties } from './properties.ts';
import { inList } from './sql.ts';
import { units } from './units.ts';
import { workOrders } from './work-orders.ts';

/**
 * Announcements (issue 23, decision 0064): what an association's managers and board tell an audience.
 * Who is in the audience is decided at every read from memberships (modules/announcements/audience.ts);
 * the recipients are who it was delivered to when it was published, plus anyone who read it since,
 * which is what the counts and the "not yet acknowledged" list are made of.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => profiles.id, { onDelete: 'set null' }),
    /**
     * An emergency goes to everyone of its audience on every channel, past preferences, quiet hours and
     * digests, and stays pinned until it expires (so it must have an expiry). Only the association's
     * managers and admins send one, after confirming how many people it reaches.
     */
    kind: text('kind', { enum: announcementKinds }).notNull().default('normal'),
    /** The original's language: the official text, whatever translations it carries. */
    language: text('language', { enum: announcementLanguages }).notNull().default('en'),
    /** The work order it was drafted from (an emergency notice, or its all-clear). */
    sourceWorkOrderId: uuid('source_work_order_id').references(() => workOrders.id, {
      onDelete: 'set null',
    }),
    /** Who confirmed an emergency's sending, having been shown how many people it reaches. */
    confirmedBy: text('confirmed_by').references(() => profiles.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    title: text('title').notNull(),
    /** Markdown-lite source; the web renders it without HTML. */
    body: text('body').notNull(),
    audience: text('audience', { enum: announcementAudienceKinds }).notNull(),
    /** Building names, as the units carry them (audience 'buildings'); matched case-insensitively. */
    audienceBuildings: text('audience_buildings')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    requiresAck: boolean('requires_ack').notNull().default(false),
    status: text('status', { enum: announcementStatuses }).notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: text('withdrawn_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** The last reminder to those who had not read (or acknowledged) it, and how many went. */
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    reminders: integer('reminders').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('announcements_audience_check', sql`${t.audience} in ${inList(announcementAudienceKinds)}`),
    check('announcements_kind_check', sql`${t.kind} in ${inList(announcementKinds)}`),
    check('announcements_language_check', sql`${t.language} in ${inList(announcementLanguages)}`),
    check(
      'announcements_emergency_expiry_check',
      sql`${t.kind} <> 'emergency' or ${t.expiresAt} is not null`,
    ),
    check(
      'announcements_emergency_audience_check',
      sql`${t.kind} <> 'emergency' or ${t.audience} in ('everyone', 'buildings', 'units')`,
    ),
    check('announcements_status_check', sql`${t.status} in ${inList(announcementStatuses)}`),
    check(
      'announcements_buildings_check',
      sql`${t.audience} <> 'buildings' or cardinality(${t.audienceBuildings}) > 0`,
    ),
    check('announcements_published_check', sql`${t.status} <> 'published' or ${t.publishedAt} is not null`),
    check('announcements_scheduled_check', sql`${t.status} <> 'scheduled' or ${t.publishAt} is not null`),
    check(
      'announcements_expiry_check',
      sql`${t.expiresAt} is null or ${t.expiresAt} > coalesce(${t.publishedAt}, ${t.publishAt}, ${t.createdAt})`,
    ),
    check('announcements_lengths_check', sql`length(${t.title}) <= 200 and length(${t.body}) <= 10000`),
    index('announcements_property_idx').on(t.propertyId, t.status, t.publishedAt),
    index('announcements_live_idx').on(t.status, t.publishedAt),
    index('announcements_work_order_idx')
      .on(t.sourceWorkOrderId)
      .where(sql`${t.sourceWorkOrderId} is not null`),
  ],
);

/** The chosen units of an announcement whose audience is 'units'. */
export const announcementUnits = pgTable(
  'announcement_units',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.unitId] }),
    index('announcement_units_unit_idx').on(t.unitId),
  ],
);

/** Who an announcement reached, and when each read and acknowledged it. */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** When it was delivered at publication; null: they joined the audience later and read it. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    ackedAt: timestamp('acked_at', { withTimezone: true }),
    /** When they were last reminded of it. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    index('announcement_recipients_user_idx').on(t.userId),
    check('announcement_recipients_ack_check', sql`${t.ackedAt} is null or ${t.readAt} is not null`),
  ],
);

/**
 * An announcement in another language. The original stays the official text: readers see their language
 * where a translation exists, with the original one click away.
 */
export const announcementTranslations = pgTable(
  'announcement_translations',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    language: text('language', { enum: announcementLanguages }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedBy: text('updated_by').references(() => profiles.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.language] }),
    check('announcement_translations_language_check', sql`${t.language} in ${inList(announcementLanguages)}`),
    check(
      'announcement_translations_lengths_check',
      sql`length(${t.title}) <= 200 and length(${t.body}) <= 10000`,
    ),
  ],
);
