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
import { committeeKinds, committeeRoles, decisionRules } from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { properties } from './properties.ts';
import { inList } from './sql.ts';

/** An association's board (kind 'board', one per association) and its committees (issue 17). */
export const committees = pgTable(
  'committees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: committeeKinds }).notNull(),
    name: text('name').notNull(),
    decisionRule: text('decision_rule', { enum: decisionRules }).notNull().default('majority_of_members'),
    quorum: integer('quorum'),
    /** Only owners of a unit of the association may serve (as some states require of some committees). */
    requiresOwners: boolean('requires_owners').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('committees_one_board_key')
      .on(t.propertyId)
      .where(sql`${t.kind} = 'board'`),
    index('committees_property_id_idx').on(t.propertyId),
    check('committees_kind_check', sql`${t.kind} in ${inList(committeeKinds)}`),
    check('committees_rule_check', sql`${t.decisionRule} in ${inList(decisionRules)}`),
    check('committees_quorum_check', sql`${t.decisionRule} <> 'quorum_count' or ${t.quorum} >= 1`),
    check('committees_name_check', sql`length(trim(${t.name})) > 0`),
  ],
);

/** A person's seat on a board or committee, with its term (`ends_on`: the day it ends, not served). */
export const committeeMembers = pgTable(
  'committee_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    committeeId: uuid('committee_id')
      .notNull()
      .references(() => committees.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    role: text('role', { enum: committeeRoles }).notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('committee_members_committee_id_idx').on(t.committeeId),
    index('committee_members_user_id_idx').on(t.userId),
    check('committee_members_role_check', sql`${t.role} in ${inList(committeeRoles)}`),
    check('committee_members_dates_check', sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
  ],
);
