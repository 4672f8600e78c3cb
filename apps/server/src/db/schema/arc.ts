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
import {
  arcDecisions,
  arcMessageVisibilities,
  arcProjectKinds,
  arcReconsiderationOutcomes,
  arcRequestStatuses,
  type ArcCheck,
  type ArcField,
  type ArcFileRequirement,
  type ArcMissingItem,
} from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { charges } from './finance.ts';
import { letters } from './letters.ts';
import { properties } from './properties.ts';
import { inList } from './sql.ts';
import { units } from './units.ts';
import { violations } from './violations.ts';

/**
 * Architectural review (issue 22, decision 0061): an association's project types, owners' requests
 * against them (each revision kept), the files they send with the text read from them, the two threads
 * (with the applicant; committee only), and the clock's reminders already sent.
 */
export const arcProjectTypes = pgTable(
  'arc_project_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: arcProjectKinds }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    fields: jsonb('fields').$type<ArcField[]>().notNull(),
    files: jsonb('files').$type<ArcFileRequirement[]>().notNull(),
    checks: jsonb('checks').$type<ArcCheck[]>().notNull(),
    feeCents: integer('fee_cents').notNull().default(0),
    reviewDays: integer('review_days'),
    reviewDaysSource: text('review_days_source'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('arc_project_types_kind_check', sql`${t.kind} in ${inList(arcProjectKinds)}`),
    check('arc_project_types_fee_check', sql`${t.feeCents} >= 0`),
    check(
      'arc_project_types_review_check',
      sql`${t.reviewDays} is null or (${t.reviewDays} between 1 and 365 and length(trim(coalesce(${t.reviewDaysSource}, ''))) > 0)`,
    ),
    uniqueIndex('arc_project_types_name_key').on(t.propertyId, sql`lower(${t.name})`),
  ],
);

/** What a request was made against: the project type's form, files, checks, fee and window then. */
export type ArcTypeSnapshot = {
  kind: (typeof arcProjectKinds)[number];
  name: string;
  fields: ArcField[];
  files: ArcFileRequirement[];
  checks: ArcCheck[];
  feeCents: number;
  reviewDays: number | null;
  reviewDaysSource: string | null;
};

export const arcRequests = pgTable(
  'arc_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    projectTypeId: uuid('project_type_id')
      .notNull()
      .references(() => arcProjectTypes.id, { onDelete: 'restrict' }),
    typeSnapshot: jsonb('type_snapshot').$type<ArcTypeSnapshot>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    answers: jsonb('answers').$type<Record<string, string | number>>().notNull().default({}),
    status: text('status', { enum: arcRequestStatuses }).notNull(),
    revision: integer('revision').notNull().default(1),
    missing: jsonb('missing').$type<ArcMissingItem[]>().notNull().default([]),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** Stamped when the last required item arrives; restamped only after the committee asked for more. */
    completeAt: timestamp('complete_at', { withTimezone: true }),
    decisionDueOn: date('decision_due_on', { mode: 'string' }),
    dueSource: text('due_source'),
    decision: text('decision', { enum: arcDecisions }),
    conditions: text('conditions'),
    reasons: text('reasons'),
    /** A denial's rule relied on, the changes that would make it approvable, and how to ask again. */
    rulesCited: text('rules_cited'),
    changesNeeded: text('changes_needed'),
    appeal: text('appeal'),
    /** What the committee last asked the owner to send, when it sent the request back. */
    moreInformationNote: text('more_information_note'),
    completionNote: text('completion_note'),
    inspectionNote: text('inspection_note'),
    /**
     * The owner's request that the board reconsider a denial or its conditions (one per request), and
     * the board's answer: uphold the decision, or approve. The vote itself is a decision item.
     */
    reconsiderationReason: text('reconsideration_reason'),
    reconsiderationRequestedAt: timestamp('reconsideration_requested_at', { withTimezone: true }),
    reconsiderationOutcome: text('reconsideration_outcome', { enum: arcReconsiderationOutcomes }),
    reconsideredAt: timestamp('reconsidered_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionLetterId: uuid('decision_letter_id').references(() => letters.id, { onDelete: 'restrict' }),
    feeChargeId: uuid('fee_charge_id').references(() => charges.id, { onDelete: 'restrict' }),
    completionReportedAt: timestamp('completion_reported_at', { withTimezone: true }),
    inspectionDueOn: date('inspection_due_on', { mode: 'string' }),
    inspectionResult: text('inspection_result', { enum: ['pass', 'fail'] }),
    inspectedBy: text('inspected_by').references(() => profiles.id, { onDelete: 'set null' }),
    inspectedAt: timestamp('inspected_at', { withTimezone: true }),
    violationId: uuid('violation_id').references(() => violations.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('arc_requests_status_check', sql`${t.status} in ${inList(arcRequestStatuses)}`),
    check(
      'arc_requests_decision_check',
      sql`${t.decision} is null or ${t.decision} in ${inList(arcDecisions)}`,
    ),
    check('arc_requests_title_check', sql`length(trim(${t.title})) > 0`),
    check('arc_requests_revision_check', sql`${t.revision} >= 1`),
    // Asked with its reason and moment; answered with its outcome and moment, never without the asking.
    check(
      'arc_requests_reconsideration_check',
      sql`(${t.reconsiderationReason} is null) = (${t.reconsiderationRequestedAt} is null)
        and (${t.reconsiderationOutcome} is null) = (${t.reconsideredAt} is null)
        and (${t.reconsiderationOutcome} is null or (${t.reconsiderationRequestedAt} is not null
          and ${t.reconsiderationOutcome} in ${inList(arcReconsiderationOutcomes)}))`,
    ),
    // Incomplete means something is missing; anything later was complete once, with its due date.
    check(
      'arc_requests_complete_check',
      sql`(${t.status} = 'incomplete') = (${t.completeAt} is null) or ${t.status} = 'withdrawn'`,
    ),
    check(
      'arc_requests_decided_check',
      sql`(${t.status} in ('decided', 'pending_inspection', 'closed')) = (${t.decision} is not null and ${t.decidedAt} is not null) or ${t.status} = 'withdrawn'`,
    ),
    check(
      'arc_requests_reasons_check',
      sql`${t.decision} is distinct from 'deny' or length(trim(coalesce(${t.reasons}, ''))) > 0`,
    ),
    // A denial says what it rests on and how to ask again, wherever the association is.
    check(
      'arc_requests_denial_check',
      sql`${t.decision} is distinct from 'deny' or (length(trim(coalesce(${t.rulesCited}, ''))) > 0 and length(trim(coalesce(${t.appeal}, ''))) > 0)`,
    ),
    check(
      'arc_requests_conditions_check',
      sql`${t.decision} is distinct from 'approve_with_conditions' or length(trim(coalesce(${t.conditions}, ''))) > 0`,
    ),
    index('arc_requests_property_status_idx').on(t.propertyId, t.status, t.decisionDueOn),
    index('arc_requests_unit_idx').on(t.unitId, t.projectTypeId),
    index('arc_requests_applicant_idx').on(t.applicantId, t.createdAt),
  ],
);

/** Each revision as it was sent: the answers then, and what the owner said changed. */
export const arcRequestRevisions = pgTable(
  'arc_request_revisions',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => arcRequests.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    answers: jsonb('answers').$type<Record<string, string | number>>().notNull(),
    note: text('note').notNull().default(''),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.revision] })],
);

/**
 * A file sent with a request (a drawing, a quote, a colour sample). Its text, read when it arrives
 * (PDF text, or OCR of a photo or scan), is what the guideline check finds values in.
 */
export const arcFiles = pgTable(
  'arc_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => arcRequests.id, { onDelete: 'cascade' }),
    requirement: text('requirement'),
    revision: integer('revision').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    filePath: text('file_path').notNull(),
    /** The text of each page, as read when the file arrived (null: no text could be read). */
    pages: jsonb('pages').$type<string[]>(),
    uploadedBy: text('uploaded_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('arc_files_request_idx').on(t.requestId, t.createdAt)],
);

/** The two threads of a request: with the applicant, and the committee's own (never shown to the owner). */
export const arcMessages = pgTable(
  'arc_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => arcRequests.id, { onDelete: 'cascade' }),
    visibility: text('visibility', { enum: arcMessageVisibilities }).notNull(),
    authorId: text('author_id').references(() => profiles.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('arc_messages_visibility_check', sql`${t.visibility} in ${inList(arcMessageVisibilities)}`),
    check('arc_messages_body_check', sql`length(trim(${t.body})) > 0`),
    index('arc_messages_request_idx').on(t.requestId, t.visibility, t.createdAt),
  ],
);

/**
 * The clock's reminders (50%, 80% of the window; 100%: "deadline passed"), one per window: a window
 * restarts when *complete at* is restamped, and the key holds it, so a reminder is never sent twice.
 */
export const arcClockNotices = pgTable(
  'arc_clock_notices',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => arcRequests.id, { onDelete: 'cascade' }),
    completeAt: timestamp('complete_at', { withTimezone: true }).notNull(),
    percent: integer('percent').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.completeAt, t.percent] }),
    check('arc_clock_notices_percent_check', sql`${t.percent} in (50, 80, 100)`),
  ],
);
