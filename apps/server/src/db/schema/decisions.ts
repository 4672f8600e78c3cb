import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { decisionKinds, decisionMethods, decisionStatuses, type DecisionOption } from '@commonwise/contracts';
import { arcRequests } from './arc.ts';
import { bidRequests } from './bids.ts';
import { profiles } from './auth.ts';
import { committees } from './committees.ts';
import { propertyDocuments } from './documents.ts';
import { collectionCases } from './finance.ts';
import { properties } from './properties.ts';
import { inList } from './sql.ts';

/**
 * What a board or committee decides (issue 22, decision 0060): its background, options and due date;
 * serving members' votes, one each; and the outcome, reached by those votes or by a vote taken at a
 * meeting. An architectural request's decision is one of these (kind 'arc_request'), and so is the board's
 * decision on whether a collection case may enter a stage that needs one (kind 'collections_step', opened
 * by the nightly collections run with the case and the stage it asks about; decision 0054).
 */
export const decisionItems = pgTable(
  'decision_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    committeeId: uuid('committee_id')
      .notNull()
      .references(() => committees.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: decisionKinds }).notNull(),
    title: text('title').notNull(),
    background: text('background').notNull(),
    options: jsonb('options').$type<DecisionOption[]>().notNull(),
    dueOn: date('due_on', { mode: 'string' }),
    status: text('status', { enum: decisionStatuses }).notNull().default('open'),
    /** Shown to the association's residents once decided. */
    published: boolean('published').notNull().default(false),
    arcRequestId: uuid('arc_request_id').references(() => arcRequests.id, { onDelete: 'cascade' }),
    /** The collection case, and the stage (its position in the policy) it asks the board about. */
    collectionCaseId: uuid('collection_case_id').references(() => collectionCases.id, {
      onDelete: 'cascade',
    }),
    collectionStage: integer('collection_stage'),
    /** A reconsideration: the architectural request whose decision the owner asked the board to reconsider. */
    reconsideredRequestId: uuid('reconsidered_request_id').references(() => arcRequests.id, {
      onDelete: 'cascade',
    }),
    /** A contract award (issue 24 item 2): the request for bids whose award the board decides. */
    bidRequestId: uuid('bid_request_id').references(() => bidRequests.id, { onDelete: 'cascade' }),
    outcome: text('outcome'),
    outcomeNote: text('outcome_note'),
    method: text('method', { enum: decisionMethods }),
    meetingHeldOn: date('meeting_held_on', { mode: 'string' }),
    meetingMinutesId: uuid('meeting_minutes_id').references(() => propertyDocuments.id, {
      onDelete: 'set null',
    }),
    meetingCounts: jsonb('meeting_counts').$type<Record<string, number>>(),
    decidedBy: text('decided_by').references(() => profiles.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('decision_items_kind_check', sql`${t.kind} in ${inList(decisionKinds)}`),
    check('decision_items_status_check', sql`${t.status} in ${inList(decisionStatuses)}`),
    check(
      'decision_items_method_check',
      sql`${t.method} is null or ${t.method} in ${inList(decisionMethods)}`,
    ),
    check(
      'decision_items_options_check',
      sql`jsonb_typeof(${t.options}) = 'array' and jsonb_array_length(${t.options}) >= 2`,
    ),
    check('decision_items_title_check', sql`length(trim(${t.title})) > 0`),
    // Decided means an outcome that is one of the options, how it was reached, by whom and when.
    check(
      'decision_items_decided_check',
      sql`(${t.status} = 'decided') = (${t.outcome} is not null and ${t.method} is not null and ${t.decidedAt} is not null)`,
    ),
    check(
      'decision_items_outcome_check',
      sql`${t.outcome} is null or ${t.options} @> jsonb_build_array(jsonb_build_object('key', ${t.outcome}))`,
    ),
    check(
      'decision_items_meeting_check',
      sql`(${t.method} = 'meeting') = (${t.meetingHeldOn} is not null and ${t.meetingCounts} is not null)`,
    ),
    check('decision_items_arc_check', sql`(${t.kind} = 'arc_request') = (${t.arcRequestId} is not null)`),
    check(
      'decision_items_reconsideration_check',
      sql`${t.reconsideredRequestId} is null or ${t.kind} = 'reconsideration'`,
    ),
    // One open reconsideration per request at a time.
    uniqueIndex('decision_items_one_open_reconsideration_key')
      .on(t.reconsideredRequestId)
      .where(sql`${t.status} = 'open'`),
    // One open item per architectural request at a time.
    uniqueIndex('decision_items_one_open_arc_key')
      .on(t.arcRequestId)
      .where(sql`${t.status} = 'open'`),
    // A case's item names its stage, and only a collections step has a case (a board may also put a
    // collections question of its own, with no case, before itself).
    check(
      'decision_items_collection_check',
      sql`(${t.collectionCaseId} is null) = (${t.collectionStage} is null) and (${t.collectionCaseId} is null or ${t.kind} = 'collections_step')`,
    ),
    // One open item per case and stage: the nightly run (re-run, or caught up after a crash) never
    // puts the same question twice.
    uniqueIndex('decision_items_one_open_collection_key')
      .on(t.collectionCaseId, t.collectionStage)
      .where(sql`${t.status} = 'open'`),
    check('decision_items_bid_request_check', sql`${t.bidRequestId} is null or ${t.kind} = 'contract_award'`),
    // One open award item per request for bids at a time.
    uniqueIndex('decision_items_one_open_award_key')
      .on(t.bidRequestId)
      .where(sql`${t.status} = 'open'`),
    index('decision_items_property_status_idx').on(t.propertyId, t.status, t.dueOn),
    index('decision_items_committee_idx').on(t.committeeId, t.status),
  ],
);

/** The documents an item's background points to (a contract, a bid, a policy draft). */
export const decisionItemDocuments = pgTable(
  'decision_item_documents',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => decisionItems.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => propertyDocuments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.documentId] })],
);

/** A member's vote: once per item, never changed (a trigger refuses updates and deletes). */
export const decisionVotes = pgTable(
  'decision_votes',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => decisionItems.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** An option's key, or 'abstain'. */
    choice: text('choice').notNull(),
    comment: text('comment'),
    castAt: timestamp('cast_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] })],
);
