import { sql } from 'drizzle-orm';
import {
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
import {
  complaintStatuses,
  hearingOutcomes,
  hearingStatuses,
  hearingVotes,
  stageApprovers,
  stageKinds,
  type EnforcementStage,
} from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { committees } from './committees.ts';
import { charges } from './finance.ts';
import { letters } from './letters.ts';
import { properties } from './properties.ts';
import { inList } from './sql.ts';
import { units } from './units.ts';
import { violations } from './violations.ts';
import { workOrders } from './work-orders.ts';

/**
 * Enforcement after a violation is recorded (issue 21 items 3–6, decision 0058). An association's
 * stages; each violation's notices (letters from the letters service, approved by a person before they
 * go out), hearings with their votes, and complaints from residents waiting for a manager to verify.
 */
export const enforcementPolicies = pgTable('enforcement_policies', {
  propertyId: uuid('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  stages: jsonb('stages').$type<EnforcementStage[]>().notNull(),
  updatedBy: text('updated_by').references(() => profiles.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A violation's letter at one stage. The stage's name, kind and approver are copied from the policy
 * when the letter is drafted, so a later change of the ladder never rewrites what was sent.
 */
export const violationNotices = pgTable(
  'violation_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    violationId: uuid('violation_id')
      .notNull()
      .references(() => violations.id, { onDelete: 'cascade' }),
    stage: integer('stage').notNull(),
    stageName: text('stage_name').notNull(),
    stageKind: text('stage_kind', { enum: stageKinds }).notNull(),
    approver: text('approver', { enum: stageApprovers }).notNull(),
    letterId: uuid('letter_id')
      .notNull()
      .unique()
      .references(() => letters.id, { onDelete: 'restrict' }),
    hearingId: uuid('hearing_id').references(() => violationHearings.id, { onDelete: 'set null' }),
    cureDueOn: date('cure_due_on', { mode: 'string' }),
    fineCents: integer('fine_cents'),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('violation_notices_stage_check', sql`${t.stage} >= 1`),
    check('violation_notices_kind_check', sql`${t.stageKind} in ${inList(stageKinds)}`),
    check('violation_notices_approver_check', sql`${t.approver} in ${inList(stageApprovers)}`),
    check('violation_notices_fine_check', sql`${t.fineCents} is null or ${t.fineCents} > 0`),
    index('violation_notices_violation_idx').on(t.violationId, t.stage),
  ],
);

/** A hearing before a committee (the fining committee, or the board), and what it decided. */
export const violationHearings = pgTable(
  'violation_hearings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    violationId: uuid('violation_id')
      .notNull()
      .references(() => violations.id, { onDelete: 'cascade' }),
    committeeId: uuid('committee_id')
      .notNull()
      .references(() => committees.id, { onDelete: 'restrict' }),
    status: text('status', { enum: hearingStatuses }).notNull().default('scheduled'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    place: text('place').notNull(),
    requestedByOwner: text('requested_by_owner').references(() => profiles.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: hearingOutcomes }),
    decision: text('decision'),
    fineCents: integer('fine_cents'),
    healthSafetyFinding: text('health_safety_finding'),
    unknownRulesAcknowledged: jsonb('unknown_rules_acknowledged').$type<string[]>(),
    decidedBy: text('decided_by').references(() => profiles.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    chargeId: uuid('charge_id').references(() => charges.id, { onDelete: 'restrict' }),
    /** The written decision, drafted when the hearing is decided (approved and sent like any notice). */
    decisionLetterId: uuid('decision_letter_id').references(() => letters.id, { onDelete: 'restrict' }),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('violation_hearings_status_check', sql`${t.status} in ${inList(hearingStatuses)}`),
    check(
      'violation_hearings_decided_check',
      sql`(${t.status} = 'decided') = (${t.decidedAt} is not null and ${t.outcome} is not null)`,
    ),
    check(
      'violation_hearings_fine_check',
      sql`(${t.outcome} = 'fine') = (${t.fineCents} is not null and ${t.fineCents} > 0)`,
    ),
    // One hearing at a time per violation.
    uniqueIndex('violation_hearings_one_open_key')
      .on(t.violationId)
      .where(sql`${t.status} = 'scheduled'`),
  ],
);

export const violationHearingVotes = pgTable(
  'violation_hearing_votes',
  {
    hearingId: uuid('hearing_id')
      .notNull()
      .references(() => violationHearings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    vote: text('vote', { enum: hearingVotes }).notNull(),
    recordedBy: text('recorded_by').references(() => profiles.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.hearingId, t.userId] }),
    check('violation_hearing_votes_vote_check', sql`${t.vote} in ${inList(hearingVotes)}`),
  ],
);

/**
 * A resident's complaint about a neighbour or a rule broken, as the assistant filed it (with its work
 * order, where the manager and the resident talk). A manager verifies it before it becomes a violation;
 * the reporter is never shown to the cited unit's owners.
 */
export const violationComplaints = pgTable(
  'violation_complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id').references(() => profiles.id, { onDelete: 'set null' }),
    workOrderId: uuid('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    /** The unit complained about, when the manager (or the reporter) names it. */
    unitId: uuid('unit_id').references(() => units.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    status: text('status', { enum: complaintStatuses }).notNull().default('open'),
    violationId: uuid('violation_id').references(() => violations.id, { onDelete: 'set null' }),
    decisionNote: text('decision_note'),
    decidedBy: text('decided_by').references(() => profiles.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('violation_complaints_status_check', sql`${t.status} in ${inList(complaintStatuses)}`),
    check('violation_complaints_decided_check', sql`(${t.status} = 'open') = (${t.decidedAt} is null)`),
    check(
      'violation_complaints_verified_check',
      sql`(${t.status} = 'verified') = (${t.violationId} is not null)`,
    ),
    index('violation_complaints_property_idx').on(t.propertyId, t.status, t.createdAt),
    uniqueIndex('violation_complaints_work_order_key').on(t.workOrderId),
  ],
);
