import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { deliveryMethods, letterKinds, letterStatuses } from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { properties } from './properties.ts';
import { inList } from './sql.ts';
import { units } from './units.ts';

/**
 * Letter templates (issue 18 item 3, decision 0035). A row is one published version and never changes
 * (a trigger refuses UPDATE): a new version is a new row with the same key, so a letter made from an
 * older version keeps pointing at exactly the text it was made from. `property_id` null is the
 * installation's default, used by an association with no version of its own.
 */
export const letterTemplates = pgTable(
  'letter_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    version: integer('version').notNull(),
    kind: text('kind', { enum: letterKinds }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('letter_templates_property_key_version_key')
      .on(t.propertyId, t.key, t.version)
      .where(sql`${t.propertyId} is not null`),
    uniqueIndex('letter_templates_default_key_version_key')
      .on(t.key, t.version)
      .where(sql`${t.propertyId} is null`),
    check('letter_templates_kind_check', sql`${t.kind} in ${inList(letterKinds)}`),
    check('letter_templates_key_check', sql`${t.key} ~ '^[a-z][a-z0-9-]{1,39}$'`),
    check('letter_templates_version_check', sql`${t.version} >= 1`),
  ],
);

/**
 * A letter as made: its template version, the values its placeholders were given, the text that came
 * out, and the PDF stored once under `pdf_key` with its SHA-256. Only its status (and who moved it)
 * changes afterwards; a letter to be worded differently is cancelled and made again.
 */
export const letters = pgTable(
  'letters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => letterTemplates.id),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: letterKinds }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Placeholder name → the text it was replaced with. */
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: letterStatuses }).notNull().default('draft'),
    requiresApproval: boolean('requires_approval').notNull(),
    pdfKey: text('pdf_key').notNull().unique(),
    sha256: text('sha256').notNull(),
    pageCount: integer('page_count').notNull(),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedBy: text('approved_by').references(() => profiles.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by').references(() => profiles.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('letters_property_created_idx').on(t.propertyId, t.createdAt),
    index('letters_unit_idx').on(t.unitId),
    index('letters_template_idx').on(t.templateId),
    check('letters_kind_check', sql`${t.kind} in ${inList(letterKinds)}`),
    check('letters_status_check', sql`${t.status} in ${inList(letterStatuses)}`),
    check('letters_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('letters_sent_check', sql`(${t.status} = 'sent') = (${t.sentAt} is not null)`),
    check(
      'letters_approved_check',
      sql`${t.status} not in ('approved', 'sent') or not ${t.requiresApproval} or ${t.approvedAt} is not null`,
    ),
  ],
);

/**
 * Whom a letter is addressed to, as printed (name and mailing address on the day it was made).
 * Written with the letter and never changed (a trigger refuses UPDATE and DELETE).
 */
export const letterRecipients = pgTable(
  'letter_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    letterId: uuid('letter_id')
      .notNull()
      .references(() => letters.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
  },
  (t) => [
    uniqueIndex('letter_recipients_letter_user_key').on(t.letterId, t.userId),
    index('letter_recipients_user_idx').on(t.userId),
  ],
);

/**
 * How a letter reached each recipient: the evidence. Append-only in the database (a trigger refuses
 * UPDATE, and DELETE except when its letter's property is deleted).
 */
export const letterDeliveries = pgTable(
  'letter_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    letterId: uuid('letter_id')
      .notNull()
      .references(() => letters.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => profiles.id),
    method: text('method', { enum: deliveryMethods }).notNull(),
    trackingNumber: text('tracking_number'),
    deliveredOn: date('delivered_on').notNull(),
    /** The requirement ids the sender confirmed (letters-delivery.ts). */
    confirmations: jsonb('confirmations').$type<string[]>().notNull().default([]),
    unknownRulesAcknowledged: boolean('unknown_rules_acknowledged').notNull().default(false),
    recordedBy: text('recorded_by').references(() => profiles.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('letter_deliveries_letter_idx').on(t.letterId),
    check('letter_deliveries_method_check', sql`${t.method} in ${inList(deliveryMethods)}`),
    check(
      'letter_deliveries_tracking_check',
      sql`${t.method} <> 'certified' or length(trim(coalesce(${t.trackingNumber}, ''))) > 0`,
    ),
  ],
);
