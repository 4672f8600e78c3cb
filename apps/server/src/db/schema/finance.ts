import { sql } from 'drizzle-orm';
import {
  bigserial,
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
  accountTypes,
  allocations,
  budgetStatuses,
  chargeKinds,
  defaultMaxPaymentCents,
  frequencies,
  funds,
  lateFeeBases,
  paymentMethods,
  paymentProviders,
  paymentStatuses,
  providerEventOutcomes,
  scheduleKinds,
  collectionCaseStatuses,
  collectionEventKinds,
  paymentPlanStatuses,
  autopayAttemptOutcomes,
  onlinePaymentMethods,
  savedMethodStatuses,
  type CollectionStage,
  type UnitKind,
} from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { properties } from './properties.ts';
import { units } from './units.ts';
import { letters } from './letters.ts';
import { cents, inList } from './sql.ts';

/**
 * An association's books (issue 20; decision 0043). Every property has them from the moment it exists
 * (a trigger opens them with the default chart, migration 0029). `closed_through` only moves forward:
 * nothing is posted on or before it.
 */
export const financeBooks = pgTable(
  'finance_books',
  {
    /** Names the row in the audit trail, which records who closed which month. */
    id: uuid('id').notNull().unique().defaultRandom(),
    propertyId: uuid('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    fiscalYearStartMonth: integer('fiscal_year_start_month').notNull().default(1),
    /** The largest single payment accepted (issue 20, item 10): larger ones are refused, not posted. */
    maxPaymentCents: cents('max_payment_cents').notNull().default(defaultMaxPaymentCents),
    closedThrough: date('closed_through'),
    /**
     * The reserve fund's target balance and where it comes from (a reserve study, the board's funding
     * plan), recorded by a manager (issue 20, item 7); null until recorded: nobody invents one.
     */
    reserveTargetCents: cents('reserve_target_cents'),
    reserveTargetSource: text('reserve_target_source'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('finance_books_month_check', sql`${t.fiscalYearStartMonth} between 1 and 12`),
    check(
      'finance_books_reserve_target_check',
      sql`(${t.reserveTargetCents} is null) = (${t.reserveTargetSource} is null) and (${t.reserveTargetCents} is null or ${t.reserveTargetCents} > 0)`,
    ),
  ],
);

export const glAccounts = pgTable(
  'gl_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: accountTypes }).notNull(),
    fund: text('fund', { enum: funds }).notNull(),
    /** The default chart's accounts the product posts to itself (e.g. `assessments_receivable`). */
    systemKey: text('system_key'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gl_accounts_property_code_key').on(t.propertyId, sql`lower(${t.code})`),
    uniqueIndex('gl_accounts_property_system_key').on(t.propertyId, t.systemKey),
    check('gl_accounts_type_check', sql`${t.type} in ${inList(accountTypes)}`),
    check('gl_accounts_fund_check', sql`${t.fund} in ${inList(funds)}`),
  ],
);

/** A posting: append-only (update and delete are refused by the database); corrected by a reversal. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A number people can quote, in posting order across the installation. */
    number: bigserial('number', { mode: 'number' }).notNull(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    postedOn: date('posted_on').notNull(),
    memo: text('memo').notNull(),
    /** What made it: `manual` for a person's entry, `reversal`, later `charge`, `payment`… */
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id'),
    /** The entry this one reverses; an entry is reversed at most once. */
    reversesId: uuid('reverses_id'),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journal_entries_number_key').on(t.number),
    uniqueIndex('journal_entries_reverses_key').on(t.reversesId),
    index('journal_entries_property_posted_idx').on(t.propertyId, t.postedOn, t.number),
    index('journal_entries_source_idx').on(t.sourceType, t.sourceId),
  ],
);

/** A debit (positive) or credit (negative) to one account, of one fund, maybe for one unit. */
export const journalLines = pgTable(
  'journal_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => glAccounts.id),
    fund: text('fund', { enum: funds }).notNull(),
    unitId: uuid('unit_id').references(() => units.id),
    amountCents: cents('amount_cents').notNull(),
    memo: text('memo'),
  },
  (t) => [
    index('journal_lines_entry_idx').on(t.entryId),
    index('journal_lines_account_idx').on(t.accountId, t.entryId),
    index('journal_lines_unit_idx')
      .on(t.unitId)
      .where(sql`${t.unitId} is not null`),
    check('journal_lines_amount_check', sql`${t.amountCents} <> 0`),
  ],
);

/**
 * A recurring assessment (issue 20, item 2; decision 0044): what each unit owes, how often, from when,
 * and who adopted it. Regular schedules bill `amount_cents` each period; a special assessment bills its
 * whole `amount_cents` in `installments`. A schedule's terms never change once made (a new amount is a
 * new schedule): only its name and its end may. `posted_through` is the last due date the nightly run
 * has posted, so a unit added later is not billed for periods before it existed.
 */
export const assessmentSchedules = pgTable(
  'assessment_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: scheduleKinds }).notNull(),
    frequency: text('frequency', { enum: frequencies }).notNull(),
    /** 1–31; a month shorter than the day is billed on its last day. */
    dueDay: integer('due_day').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on'),
    /** A special assessment's number of installments; null for a regular schedule. */
    installments: integer('installments'),
    allocation: text('allocation', { enum: allocations }).notNull(),
    /** Regular: per period (each unit's, or the association's total split by share). Special: the whole. */
    amountCents: cents('amount_cents'),
    /** `by_kind`: the amount per unit kind. */
    kindAmounts: jsonb('kind_amounts').$type<Partial<Record<UnitKind, number>>>(),
    incomeAccountId: uuid('income_account_id')
      .notNull()
      .references(() => glAccounts.id),
    /** The budget or resolution that adopted it, as the board's records name it. */
    adoptedBy: text('adopted_by').notNull(),
    /** A California board's emergency finding (§5610), when a special assessment relies on it. */
    emergencyFinding: text('emergency_finding'),
    postedThrough: date('posted_through'),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assessment_schedules_property_idx').on(t.propertyId),
    check('assessment_schedules_kind_check', sql`${t.kind} in ${inList(scheduleKinds)}`),
    check('assessment_schedules_frequency_check', sql`${t.frequency} in ${inList(frequencies)}`),
    check('assessment_schedules_allocation_check', sql`${t.allocation} in ${inList(allocations)}`),
    check('assessment_schedules_due_day_check', sql`${t.dueDay} between 1 and 31`),
    check('assessment_schedules_dates_check', sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
    check(
      'assessment_schedules_installments_check',
      sql`(${t.kind} = 'special') = (${t.installments} is not null) and (${t.installments} is null or ${t.installments} between 1 and 120)`,
    ),
    check(
      'assessment_schedules_amount_check',
      sql`(${t.allocation} = 'by_kind') = (${t.amountCents} is null) and (${t.amountCents} is null or ${t.amountCents} > 0)`,
    ),
  ],
);

/**
 * What a unit was charged (issue 20, item 2): an assessment, an installment, a fee. Each charge is posted
 * by its own journal entry (receivable debited for the unit, income credited), written in the same
 * transaction; a charge never changes (a waiver is a reversal of its entry). A schedule bills a unit once
 * per period: the unique key makes a second run, or a second server, post nothing more.
 */
export const charges = pgTable(
  'charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id),
    kind: text('kind', { enum: chargeKinds }).notNull(),
    description: text('description').notNull(),
    dueOn: date('due_on').notNull(),
    amountCents: cents('amount_cents').notNull(),
    incomeAccountId: uuid('income_account_id')
      .notNull()
      .references(() => glAccounts.id),
    scheduleId: uuid('schedule_id').references(() => assessmentSchedules.id),
    /** A schedule's period: the due date's month (YYYY-MM). */
    period: text('period'),
    installment: integer('installment'),
    /** A late fee's or interest's charge: the late charge it is for, and the rule version that made it. */
    lateChargeId: uuid('late_charge_id'),
    lateFeeRuleId: uuid('late_fee_rule_id'),
    journalEntryId: uuid('journal_entry_id')
      .notNull()
      .references(() => journalEntries.id),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('charges_schedule_unit_period_key')
      .on(t.scheduleId, t.unitId, t.period)
      .where(sql`${t.scheduleId} is not null`),
    uniqueIndex('charges_journal_entry_key').on(t.journalEntryId),
    index('charges_unit_due_idx').on(t.unitId, t.dueOn),
    index('charges_property_due_idx').on(t.propertyId, t.dueOn),
    check('charges_kind_check', sql`${t.kind} in ${inList(chargeKinds)}`),
    check('charges_amount_check', sql`${t.amountCents} > 0`),
    check(
      'charges_period_check',
      sql`(${t.scheduleId} is null and ${t.lateChargeId} is null) = (${t.period} is null)`,
    ),
    // A late charge is charged a late fee once (or once a month), and interest once a month.
    uniqueIndex('charges_late_key')
      .on(t.lateChargeId, t.kind, t.period)
      .where(sql`${t.lateChargeId} is not null`),
  ],
);

/**
 * An association's budget for a fiscal year (issue 20; decision 0044): an amount per account and month,
 * a draft until the board adopts it. The adopted budget's expenses are what California's limit on
 * special assessments is measured against (Cal. Civ. Code §5605), and later its budget-vs-actual report.
 */
export const budgets = pgTable(
  'budgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The calendar year the fiscal year starts in. */
    fiscalYear: integer('fiscal_year').notNull(),
    status: text('status', { enum: budgetStatuses }).notNull().default('draft'),
    /** The board's resolution or meeting that adopted it. */
    adoptedBy: text('adopted_by'),
    adoptedAt: timestamp('adopted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('budgets_property_year_key').on(t.propertyId, t.fiscalYear),
    check('budgets_status_check', sql`${t.status} in ${inList(budgetStatuses)}`),
    check('budgets_year_check', sql`${t.fiscalYear} between 2000 and 2200`),
    check('budgets_adopted_check', sql`(${t.status} = 'adopted') = (${t.adoptedAt} is not null)`),
  ],
);

export const budgetLines = pgTable(
  'budget_lines',
  {
    budgetId: uuid('budget_id')
      .notNull()
      .references(() => budgets.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => glAccounts.id),
    /** 1–12: the month of the fiscal year (1 is its first month). */
    month: integer('month').notNull(),
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.budgetId, t.accountId, t.month] }),
    check('budget_lines_month_check', sql`${t.month} between 1 and 12`),
    check('budget_lines_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * A payment for a unit (issue 20, item 4; decision 0045): recorded by a manager (check, cash, transfer),
 * or made through a provider (the demo's test provider; Stripe). Once it succeeds it is allocated to the
 * unit's open charges in the order its jurisdiction requires and posted (cash debited, receivables and
 * any credit credited) by `journal_entry_id`; a return reverses that entry (`reversal_entry_id`). Only
 * its status, failure and those two entries change, forward (pending → succeeded | failed, succeeded →
 * reversed); the database refuses anything else.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id),
    payerId: text('payer_id').references(() => profiles.id, { onDelete: 'set null' }),
    method: text('method', { enum: paymentMethods }).notNull(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    /** The provider's id of the payment (a PaymentIntent's), unique per provider. */
    providerRef: text('provider_ref'),
    status: text('status', { enum: paymentStatuses }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    receivedOn: date('received_on').notNull(),
    /** A check number, a transfer's reference. */
    reference: text('reference'),
    memo: text('memo'),
    failureReason: text('failure_reason'),
    /** The caller's key for the request that made it: the same request twice makes one payment. */
    idempotencyKey: text('idempotency_key'),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    reversalEntryId: uuid('reversal_entry_id').references(() => journalEntries.id),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_key')
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
    uniqueIndex('payments_idempotency_key').on(t.propertyId, t.idempotencyKey),
    uniqueIndex('payments_journal_entry_key').on(t.journalEntryId),
    uniqueIndex('payments_reversal_entry_key').on(t.reversalEntryId),
    index('payments_unit_idx').on(t.unitId, t.receivedOn),
    index('payments_property_idx').on(t.propertyId, t.receivedOn),
    check('payments_method_check', sql`${t.method} in ${inList(paymentMethods)}`),
    check('payments_provider_check', sql`${t.provider} in ${inList(paymentProviders)}`),
    check('payments_status_check', sql`${t.status} in ${inList(paymentStatuses)}`),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    check(
      'payments_posted_check',
      sql`(${t.status} in ('succeeded', 'reversed')) = (${t.journalEntryId} is not null) and (${t.status} = 'reversed') = (${t.reversalEntryId} is not null)`,
    ),
  ],
);

/**
 * Each event a payment provider sent (Stripe's webhooks; decision 0052), kept by its id: the first
 * delivery is acted on in the transaction that records it, and a replay finds it here and does nothing.
 */
export const paymentProviderEvents = pgTable(
  'payment_provider_events',
  {
    provider: text('provider', { enum: paymentProviders }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: providerEventOutcomes }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('payment_provider_events_payment_idx').on(t.paymentId),
    check('payment_provider_events_outcome_check', sql`${t.outcome} in ${inList(providerEventOutcomes)}`),
  ],
);

/**
 * Where a payment went: an amount to one charge, applied by `entry_id` (the payment's own entry, or a
 * later entry applying its credit to a charge posted since). What a succeeded payment has not yet paid
 * is the unit's credit. The database keeps a payment's allocations within it, and a charge's payments
 * that stand within the charge. Append-only: a returned payment keeps its allocations, which no longer
 * count.
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => charges.id),
    amountCents: cents('amount_cents').notNull(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_allocations_payment_idx').on(t.paymentId),
    index('payment_allocations_charge_idx').on(t.chargeId),
    check('payment_allocations_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * An association's late-fee and interest rule (issue 20, item 3; decision 0046), versioned: a change is a
 * new version (the latest is in force), and each fee or interest charge names the version that made it.
 * Checked against the jurisdiction profile's caps when saved.
 */
export const lateFeeRules = pgTable(
  'late_fee_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    active: boolean('active').notNull(),
    graceDays: integer('grace_days').notNull(),
    fixedCents: cents('fixed_cents'),
    percentBp: integer('percent_bp'),
    minCents: cents('min_cents'),
    maxCents: cents('max_cents'),
    basis: text('basis', { enum: lateFeeBases }).notNull(),
    interestAprBp: integer('interest_apr_bp'),
    interestFromDays: integer('interest_from_days'),
    appliesTo: text('applies_to').array().notNull(),
    authority: text('authority').notNull(),
    effectiveFrom: date('effective_from').notNull(),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('late_fee_rules_property_version_key').on(t.propertyId, t.version),
    check('late_fee_rules_basis_check', sql`${t.basis} in ${inList(lateFeeBases)}`),
    check('late_fee_rules_grace_check', sql`${t.graceDays} between 0 and 365`),
    check(
      'late_fee_rules_amounts_check',
      sql`coalesce(${t.fixedCents}, 0) >= 0 and coalesce(${t.percentBp}, 0) between 0 and 10000 and coalesce(${t.interestAprBp}, 0) between 0 and 10000`,
    ),
  ],
);

// --- Collections (issue 20, item 8; decision 0054) ----------------------------------------------

/** An association's collections policy: its stages (checked by the contract schema when saved). */
export const collectionPolicies = pgTable('collection_policies', {
  propertyId: uuid('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  active: boolean('active').notNull(),
  stages: jsonb('stages').$type<CollectionStage[]>().notNull(),
  updatedBy: text('updated_by').references(() => profiles.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A night's collections run for one association: what it did, and whether it was undone. */
export const collectionRuns = pgTable(
  'collection_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    runOn: date('run_on').notNull(),
    summary: text('summary').notNull(),
    letters: integer('letters').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
    rolledBackBy: text('rolled_back_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [index('collection_runs_property_idx').on(t.propertyId, t.createdAt)],
);

/**
 * A unit's delinquency from the day it first reaches a stage to the day it is paid: the stage reached
 * (null before any), and whether a payment plan pauses it. At most one case per unit is not closed.
 */
export const collectionCases = pgTable(
  'collection_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    status: text('status', { enum: collectionCaseStatuses }).notNull(),
    stage: integer('stage'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('collection_cases_one_open_per_unit')
      .on(t.unitId)
      .where(sql`${t.status} <> 'closed'`),
    index('collection_cases_property_idx').on(t.propertyId, t.status),
    check('collection_cases_status_check', sql`${t.status} in ${inList(collectionCaseStatuses)}`),
  ],
);

/** A payment plan agreed with an owner: while active it pauses the unit's case. */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => collectionCases.id, { onDelete: 'cascade' }),
    instalmentCents: cents('instalment_cents').notNull(),
    count: integer('count').notNull(),
    firstDueOn: date('first_due_on').notNull(),
    terms: text('terms').notNull(),
    status: text('status', { enum: paymentPlanStatuses }).notNull(),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_plans_one_active_per_case')
      .on(t.caseId)
      .where(sql`${t.status} = 'active'`),
    check('payment_plans_status_check', sql`${t.status} in ${inList(paymentPlanStatuses)}`),
    check('payment_plans_terms_check', sql`${t.instalmentCents} > 0 and ${t.count} between 2 and 60`),
  ],
);

/**
 * What happened to a case, append-only: stages reached (with the draft letter), holds for a decision,
 * the board's decisions (who recorded it, when and at which meeting the board decided), plans started,
 * missed or completed. `from_stage`/`from_status` are what a rollback of the event's run restores.
 */
export const collectionEvents = pgTable(
  'collection_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order events happened in (several share a transaction's timestamp). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => collectionCases.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').references(() => collectionRuns.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: collectionEventKinds }).notNull(),
    stage: integer('stage'),
    fromStage: integer('from_stage'),
    fromStatus: text('from_status', { enum: collectionCaseStatuses }),
    summary: text('summary').notNull(),
    letterId: uuid('letter_id').references(() => letters.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => paymentPlans.id, { onDelete: 'set null' }),
    outcome: text('outcome'),
    decidedOn: date('decided_on'),
    meeting: text('meeting'),
    note: text('note'),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('collection_events_case_idx').on(t.caseId, t.seq),
    index('collection_events_run_idx').on(t.runId),
    check('collection_events_kind_check', sql`${t.kind} in ${inList(collectionEventKinds)}`),
    check(
      'collection_events_decision_check',
      sql`${t.kind} <> 'decision' or (${t.outcome} in ('proceed', 'hold') and ${t.decidedOn} is not null and ${t.meeting} is not null and ${t.createdBy} is not null)`,
    ),
  ],
);

/**
 * A card or bank account an owner saved with the payment provider for autopay (issue 20, item 5;
 * decision 0055). The numbers stay with the provider: kept here are its references (Stripe's customer,
 * payment method and the SetupIntent that saved it), the brand, the last four digits and a card's expiry.
 */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    kind: text('kind', { enum: onlinePaymentMethods }).notNull(),
    status: text('status', { enum: savedMethodStatuses }).notNull(),
    brand: text('brand').notNull().default(''),
    last4: text('last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    customerRef: text('customer_ref'),
    methodRef: text('method_ref'),
    setupRef: text('setup_ref'),
    failureReason: text('failure_reason'),
    idempotencyKey: text('idempotency_key').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_payment_methods_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('saved_payment_methods_setup_ref_key')
      .on(t.provider, t.setupRef)
      .where(sql`${t.setupRef} is not null`),
    index('saved_payment_methods_user_idx').on(t.userId),
    check('saved_payment_methods_status_check', sql`${t.status} in ${inList(savedMethodStatuses)}`),
    check('saved_payment_methods_kind_check', sql`${t.kind} in ${inList(onlinePaymentMethods)}`),
    check('saved_payment_methods_provider_check', sql`${t.provider} in ${inList(paymentProviders)}`),
    check('saved_payment_methods_usable_check', sql`${t.status} <> 'active' or ${t.last4} is not null`),
  ],
);

/**
 * An owner's autopay for a unit: the saved method, the most one charge may be and the day of the month.
 * At most one is active per unit (co-owners share one account). It ends — never deleted — when the
 * owner stops it, the method expires or is removed, or the ownership ends.
 */
export const autopayEnrolments = pgTable(
  'autopay_enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    methodId: uuid('method_id')
      .notNull()
      .references(() => savedPaymentMethods.id),
    maxCents: cents('max_cents').notNull(),
    chargeDay: integer('charge_day').notNull(),
    startedOn: date('started_on').notNull(),
    endedOn: date('ended_on'),
    endedReason: text('ended_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('autopay_enrolments_one_active_per_unit')
      .on(t.unitId)
      .where(sql`${t.endedOn} is null`),
    index('autopay_enrolments_property_idx').on(t.propertyId),
    check('autopay_enrolments_max_check', sql`${t.maxCents} > 0`),
    check('autopay_enrolments_day_check', sql`${t.chargeDay} between 1 and 28`),
    check('autopay_enrolments_ended_check', sql`(${t.endedOn} is null) = (${t.endedReason} is null)`),
  ],
);

/**
 * What autopay did for an enrolment in a month, once per (enrolment, month, step): the reminder, and the
 * charge (or why nothing was charged). The unique key makes a re-run, a second server or a retry do
 * nothing more; the payment it started is linked.
 */
export const autopayAttempts = pgTable(
  'autopay_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrolmentId: uuid('enrolment_id')
      .notNull()
      .references(() => autopayEnrolments.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    step: text('step', { enum: ['reminder', 'charge'] }).notNull(),
    outcome: text('outcome', { enum: autopayAttemptOutcomes }).notNull(),
    amountCents: cents('amount_cents'),
    paymentId: uuid('payment_id').references(() => payments.id),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('autopay_attempts_once').on(t.enrolmentId, t.period, t.step),
    uniqueIndex('autopay_attempts_payment_key').on(t.paymentId),
    check('autopay_attempts_outcome_check', sql`${t.outcome} in ${inList(autopayAttemptOutcomes)}`),
    check('autopay_attempts_step_check', sql`${t.step} in ('reminder', 'charge')`),
  ],
);
