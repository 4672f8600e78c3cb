import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  defaultJurisdiction,
  defaultPropertyTimeZone,
  jurisdictionIds,
  propertyStatuses,
  propertyTypes,
} from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { inList } from './sql.ts';

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type', { enum: propertyTypes }).notNull().default('residential'),
    address: text('address').notNull(),
    description: text('description'),
    units: integer('units').notNull().default(1),
    status: text('status', { enum: propertyStatuses }).notNull().default('pending'),
    /** The jurisdiction profile whose state-law values apply (decision 0031). */
    jurisdiction: text('jurisdiction', { enum: jurisdictionIds }).notNull().default(defaultJurisdiction),
    /** IANA time zone: when the association's days begin, for its scheduled jobs. */
    timeZone: text('time_zone').notNull().default(defaultPropertyTimeZone),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The start of its work orders' references ("WC" of "WC-1042", issue 26), unique in the
     * installation. Given once, by the `properties_work_order_prefix` trigger (migration 0026) from the
     * name, and never changed with it: references people wrote down keep working. The null default
     * lets inserts leave it out; the trigger fills it before NOT NULL is checked.
     */
    workOrderPrefix: text('work_order_prefix')
      .notNull()
      .default(sql`null`),
  },
  (t) => [
    uniqueIndex('properties_work_order_prefix_key').on(t.workOrderPrefix),
    check('properties_type_check', sql`${t.type} in ${inList(propertyTypes)}`),
    check('properties_status_check', sql`${t.status} in ${inList(propertyStatuses)}`),
    check('properties_units_check', sql`${t.units} >= 1`),
    check('properties_name_check', sql`length(trim(${t.name})) > 0`),
    check('properties_address_check', sql`length(trim(${t.address})) >= 5`),
    check('properties_jurisdiction_check', sql`${t.jurisdiction} in ${inList(jurisdictionIds)}`),
    check('properties_time_zone_check', sql`length(${t.timeZone}) between 1 and 64`),
  ],
);

export const propertyManagers = pgTable(
  'property_managers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    assignedBy: text('assigned_by').references(() => profiles.id, { onDelete: 'set null' }),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [
    unique('property_managers_property_user_key').on(t.propertyId, t.userId),
    index('property_managers_user_id_idx').on(t.userId),
    // At most one primary manager per property.
    uniqueIndex('property_managers_one_primary_key')
      .on(t.propertyId)
      .where(sql`${t.isPrimary}`),
  ],
);
