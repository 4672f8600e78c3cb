import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { occupantKinds, unitKinds, unitStatuses, wholeShare } from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { properties } from './properties.ts';
import { inList } from './sql.ts';

/** An association's units (issue 17). `properties.units` is their count, kept in step by the service. */
export const units = pgTable(
  'units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    address: text('address'),
    building: text('building'),
    floor: text('floor'),
    kind: text('kind', { enum: unitKinds }).notNull().default('home'),
    /** Basis points of the association's assessments; null is an equal share. */
    shareBp: integer('share_bp'),
    voteWeight: integer('vote_weight').notNull().default(1),
    status: text('status', { enum: unitStatuses }).notNull().default('vacant'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A label names one unit of an association; an archived unit's label may be used again.
    uniqueIndex('units_property_label_key')
      .on(t.propertyId, sql`lower(${t.label})`)
      .where(sql`${t.archivedAt} is null`),
    check('units_label_check', sql`length(trim(${t.label})) > 0`),
    check('units_kind_check', sql`${t.kind} in ${inList(unitKinds)}`),
    check('units_status_check', sql`${t.status} in ${inList(unitStatuses)}`),
    check(
      'units_share_check',
      sql`${t.shareBp} is null or (${t.shareBp} > 0 and ${t.shareBp} <= ${sql.raw(String(wholeShare))})`,
    ),
    check('units_vote_weight_check', sql`${t.voteWeight} >= 0`),
  ],
);

/**
 * Who owns a unit, and when. Ending an ownership sets `ends_on` (the day it ends: a sale's closing day,
 * the buyer's `starts_on`); the row stays, so the history of a unit's owners is kept. Today's owners
 * are those with `starts_on <= today` and `ends_on` null or after today (access/memberships.ts).
 */
export const unitOwnerships = pgTable(
  'unit_ownerships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on'),
    /** The owner the association writes to first. */
    isPrimary: boolean('is_primary').notNull().default(false),
    /** This owner's share of the unit in basis points; null when the owners share it equally. */
    shareBp: integer('share_bp'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('unit_ownerships_unit_id_idx').on(t.unitId),
    index('unit_ownerships_user_id_idx').on(t.userId),
    check('unit_ownerships_dates_check', sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
    check(
      'unit_ownerships_share_check',
      sql`${t.shareBp} is null or (${t.shareBp} > 0 and ${t.shareBp} <= ${sql.raw(String(wholeShare))})`,
    ),
  ],
);

/** Who lives in a unit: owners who live there, tenants, family. History is kept as for ownerships. */
export const unitOccupancies = pgTable(
  'unit_occupancies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: occupantKinds }).notNull(),
    movedInOn: date('moved_in_on'),
    /** The day they moved out (no longer living there from that day); null while they live there. */
    movedOutOn: date('moved_out_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('unit_occupancies_unit_id_idx').on(t.unitId),
    index('unit_occupancies_user_id_idx').on(t.userId),
    check('unit_occupancies_kind_check', sql`${t.kind} in ${inList(occupantKinds)}`),
    check(
      'unit_occupancies_dates_check',
      sql`${t.movedOutOn} is null or ${t.movedInOn} is null or ${t.movedOutOn} >= ${t.movedInOn}`,
    ),
  ],
);
