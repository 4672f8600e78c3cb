import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './auth.ts';
import { properties } from './properties.ts';

/**
 * One row per completed onboarding, keyed by the key the wizard makes once per draft: a retry of the
 * same draft (a lost response, a second click) finds the property it already created.
 */
export const propertyOnboardings = pgTable(
  'property_onboardings',
  {
    idempotencyKey: uuid('idempotency_key').primaryKey(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('property_onboardings_property_id_idx').on(t.propertyId)],
);
