import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  violationCategories,
  violationEventKinds,
  violationRuleStatuses,
  violationSources,
  violationStatuses,
} from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { propertyDocuments } from './documents.ts';
import { properties } from './properties.ts';
import { inList } from './sql.ts';
import { units } from './units.ts';

/**
 * An association's enforceable rules (issue 21 item 1, decision 0056), each with the clause it rests on,
 * quoted word for word. A suggestion read from a document is not enforced: only a confirmed rule takes
 * violations. `excerpt_key` (the excerpt's words, lower-cased and joined by single spaces) stops the same
 * clause from being suggested twice.
 */
export const violationRules = pgTable(
  'violation_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    status: text('status', { enum: violationRuleStatuses }).notNull(),
    title: text('title').notNull(),
    category: text('category', { enum: violationCategories }).notNull(),
    documentId: uuid('document_id').references(() => propertyDocuments.id, { onDelete: 'set null' }),
    sectionNumber: text('section_number'),
    sectionTitle: text('section_title'),
    page: integer('page'),
    excerpt: text('excerpt').notNull(),
    excerptKey: text('excerpt_key').notNull(),
    curable: boolean('curable').notNull().default(true),
    healthSafety: boolean('health_safety').notNull().default(false),
    defaultCureDays: integer('default_cure_days'),
    /** Cents per occurrence: the first, the second, …; the last repeats. */
    fineScheduleCents: jsonb('fine_schedule_cents').$type<number[]>().notNull().default([]),
    suggestedAt: timestamp('suggested_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: text('confirmed_by').references(() => profiles.id, { onDelete: 'set null' }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('violation_rules_status_check', sql`${t.status} in ${inList(violationRuleStatuses)}`),
    check('violation_rules_category_check', sql`${t.category} in ${inList(violationCategories)}`),
    check(
      'violation_rules_cure_check',
      // A suggestion may wait for its cure days: the manager chooses them when confirming it.
      sql`(${t.curable} and (${t.defaultCureDays} between 1 and 365 or (${t.status} = 'suggested' and ${t.defaultCureDays} is null))) or (not ${t.curable} and ${t.defaultCureDays} is null)`,
    ),
    check('violation_rules_fines_check', sql`jsonb_typeof(${t.fineScheduleCents}) = 'array'`),
    check('violation_rules_confirmed_check', sql`${t.status} = 'suggested' or ${t.confirmedAt} is not null`),
    uniqueIndex('violation_rules_clause_key').on(t.propertyId, t.excerptKey),
    index('violation_rules_property_status_idx').on(t.propertyId, t.status),
  ],
);

/** An inspection drive: violations are recorded only inside one, by the person who started it. */
export const inspections = pgTable(
  'inspections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    inspectorId: text('inspector_id').references(() => profiles.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    // One drive at a time per inspector and association.
    uniqueIndex('inspections_open_key')
      .on(t.propertyId, t.inspectorId)
      .where(sql`${t.endedAt} is null`),
    index('inspections_property_started_idx').on(t.propertyId, t.startedAt),
  ],
);

/**
 * A violation of a confirmed rule at a unit. Its history is `violation_events` (append-only); the row
 * holds where it stands. `reporter_id` (a complaint's resident) is never shown to the unit's owners.
 */
export const violations = pgTable(
  'violations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => violationRules.id, { onDelete: 'restrict' }),
    inspectionId: uuid('inspection_id').references(() => inspections.id, { onDelete: 'set null' }),
    source: text('source', { enum: violationSources }).notNull(),
    status: text('status', { enum: violationStatuses }).notNull().default('open'),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
    cureDueOn: date('cure_due_on', { mode: 'string' }),
    duplicateReason: text('duplicate_reason'),
    reporterId: text('reporter_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The owner reported it cured (with photos): an inspector or manager re-inspects before closing it. */
    cureReportedAt: timestamp('cure_reported_at', { withTimezone: true }),
  },
  (t) => [
    check('violations_source_check', sql`${t.source} in ${inList(violationSources)}`),
    check('violations_status_check', sql`${t.status} in ${inList(violationStatuses)}`),
    check('violations_closed_check', sql`(${t.status} = 'open') = (${t.closedAt} is null)`),
    check('violations_inspection_check', sql`${t.source} <> 'inspection' or ${t.inspectionId} is not null`),
    index('violations_property_status_idx').on(t.propertyId, t.status, t.observedAt),
    index('violations_unit_rule_idx').on(t.unitId, t.ruleId, t.status),
    index('violations_rule_idx').on(t.ruleId, t.observedAt),
  ],
);

/** A violation's timeline, never changed: observed, observed again (escalated), cured, dismissed. */
export const violationEvents = pgTable(
  'violation_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    violationId: uuid('violation_id')
      .notNull()
      .references(() => violations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: violationEventKinds }).notNull(),
    actorId: text('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    inspectionId: uuid('inspection_id').references(() => inspections.id, { onDelete: 'set null' }),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('violation_events_kind_check', sql`${t.kind} in ${inList(violationEventKinds)}`),
    index('violation_events_violation_idx').on(t.violationId, t.at),
  ],
);

/**
 * Where a unit is, learned from inspections (the inspector's shared location when they record a
 * violation there), so the next drive lists units nearest first. Nothing is geocoded.
 */
export const unitPositions = pgTable('unit_positions', {
  unitId: uuid('unit_id')
    .primaryKey()
    .references(() => units.id, { onDelete: 'cascade' }),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  learnedAt: timestamp('learned_at', { withTimezone: true }).notNull().defaultNow(),
});
