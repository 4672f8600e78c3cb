import { sql } from 'drizzle-orm';
import {
  bigint,
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
  basisPointsMax,
  handoverAttachableItems,
  handoverItemKeys,
  milestoneKinds,
  unitSalesStatuses,
} from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { propertyDocuments } from './documents.ts';
import { properties } from './properties.ts';
import { inList } from './sql.ts';
import { unitOwnerships, units } from './units.ts';

/**
 * A community under development (issue 25): the association's property while its developer builds and
 * sells it, until the hand-over to an owner-elected board. One project per property.
 *
 * The hand-over threshold (the share of units conveyed that triggers it) comes from the governing
 * documents, so it is stored only with the clause that says so (and, when uploaded, that document): our
 * reviewed sources state no statutory threshold (docs/research/developer-turnover.md).
 */
export const developmentProjects = pgTable(
  'development_projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    handoverThresholdBp: integer('handover_threshold_bp'),
    handoverThresholdClause: text('handover_threshold_clause'),
    handoverThresholdDocumentId: uuid('handover_threshold_document_id').references(
      () => propertyDocuments.id,
      { onDelete: 'set null' },
    ),
    handedOverOn: date('handed_over_on'),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('development_projects_property_key').on(t.propertyId),
    check(
      'development_projects_threshold_check',
      sql`${t.handoverThresholdBp} is null or ${t.handoverThresholdBp} between 1 and ${sql.raw(String(basisPointsMax))}`,
    ),
    // No threshold without the clause it comes from, and no clause without a threshold.
    check(
      'development_projects_threshold_source_check',
      sql`(${t.handoverThresholdBp} is null) = (${t.handoverThresholdClause} is null)`,
    ),
    check(
      'development_projects_clause_check',
      sql`${t.handoverThresholdClause} is null or length(trim(${t.handoverThresholdClause})) > 0`,
    ),
  ],
);

/** The developer's people on a project: who sees and runs it (the developer's membership, by project). */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => developmentProjects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    addedBy: text('added_by').references(() => profiles.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);

/** A project's phases, in the order they are built. */
export const projectPhases = pgTable(
  'project_phases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => developmentProjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ordinal: integer('ordinal').notNull(),
    completedOn: date('completed_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_phases_ordinal_key').on(t.projectId, t.ordinal),
    uniqueIndex('project_phases_name_key').on(t.projectId, sql`lower(trim(${t.name}))`),
    check('project_phases_name_check', sql`length(trim(${t.name})) > 0`),
    check('project_phases_ordinal_check', sql`${t.ordinal} >= 1`),
  ],
);

/**
 * A lot or unit of a project, with its phase and where it is in its sales (contracts' unitSalesNext). Kept
 * beside `units`, whose `status` is occupancy: a unit is in at most one project.
 */
export const projectUnits = pgTable(
  'project_units',
  {
    unitId: uuid('unit_id')
      .primaryKey()
      .references(() => units.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => developmentProjects.id, { onDelete: 'cascade' }),
    /** The project's property, and the unit's: the migration's composite keys hold the three together. */
    propertyId: uuid('property_id').notNull(),
    phaseId: uuid('phase_id')
      .notNull()
      .references(() => projectPhases.id, { onDelete: 'restrict' }),
    salesStatus: text('sales_status', { enum: unitSalesStatuses }).notNull().default('planned'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_units_project_idx').on(t.projectId, t.salesStatus),
    index('project_units_phase_idx').on(t.phaseId),
    check('project_units_sales_status_check', sql`${t.salesStatus} in ${inList(unitSalesStatuses)}`),
  ],
);

/**
 * A sale of a project's unit to its first owner: the contract, then the closing, which conveys the unit
 * (the ownership it created). A contract that falls through is cancelled, and the row stays. The database
 * keeps a unit from being closed twice and from two live contracts at once.
 */
export const unitSales = pgTable(
  'unit_sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => projectUnits.unitId, { onDelete: 'cascade' }),
    /** The buyer as the contract names them; invited as the unit's owner when it closes. */
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    /** Their account, from the closing on. */
    buyerUserId: text('buyer_user_id').references(() => profiles.id, { onDelete: 'restrict' }),
    contractOn: date('contract_on').notNull(),
    closingOn: date('closing_on'),
    priceCents: bigint('price_cents', { mode: 'number' }),
    ownershipId: uuid('ownership_id').references(() => unitOwnerships.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('unit_sales_live_key')
      .on(t.unitId)
      .where(sql`${t.cancelledAt} is null`),
    index('unit_sales_closing_idx')
      .on(t.closingOn)
      .where(sql`${t.closingOn} is not null and ${t.cancelledAt} is null`),
    check('unit_sales_closing_check', sql`${t.closingOn} is null or ${t.closingOn} >= ${t.contractOn}`),
    check('unit_sales_price_check', sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    // A closed sale is final: it is not cancelled (a later sale is an ownership change).
    check('unit_sales_final_check', sql`${t.closingOn} is null or ${t.cancelledAt} is null`),
    check('unit_sales_cancel_check', sql`(${t.cancelledAt} is null) = (${t.cancelReason} is null)`),
    // A closing conveys the unit to an account and an ownership.
    check(
      'unit_sales_closed_check',
      sql`${t.closingOn} is null or (${t.buyerUserId} is not null and ${t.ownershipId} is not null)`,
    ),
  ],
);

/**
 * A project's milestones: permits, the plat or declaration recorded, amenities, the first closing, each
 * phase complete, the hand-over meeting. Overdue once planned before the association's today and not done;
 * the developer's people and the managers are told once (`overdue_notified_at`).
 */
export const projectMilestones = pgTable(
  'project_milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => developmentProjects.id, { onDelete: 'cascade' }),
    phaseId: uuid('phase_id').references(() => projectPhases.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: milestoneKinds }).notNull(),
    title: text('title').notNull(),
    plannedOn: date('planned_on').notNull(),
    actualOn: date('actual_on'),
    ownerUserId: text('owner_user_id').references(() => profiles.id, { onDelete: 'set null' }),
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_milestones_project_idx').on(t.projectId, t.plannedOn),
    index('project_milestones_open_idx')
      .on(t.plannedOn)
      .where(sql`${t.actualOn} is null and ${t.overdueNotifiedAt} is null`),
    check('project_milestones_kind_check', sql`${t.kind} in ${inList(milestoneKinds)}`),
    check('project_milestones_title_check', sql`length(trim(${t.title})) > 0`),
  ],
);

/** The documents a milestone points to (a permit, the recorded plat). */
export const projectMilestoneDocuments = pgTable(
  'project_milestone_documents',
  {
    milestoneId: uuid('milestone_id')
      .notNull()
      .references(() => projectMilestones.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => propertyDocuments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.milestoneId, t.documentId] })],
);

/** Documents the developer attached as a hand-over item's evidence (plans, bank reconciliations…). */
export const handoverItemDocuments = pgTable(
  'handover_item_documents',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => developmentProjects.id, { onDelete: 'cascade' }),
    itemKey: text('item_key', { enum: handoverItemKeys }).notNull(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => propertyDocuments.id, { onDelete: 'cascade' }),
    attachedBy: text('attached_by').references(() => profiles.id, { onDelete: 'set null' }),
    attachedAt: timestamp('attached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.itemKey, t.documentId] }),
    check('handover_item_documents_key_check', sql`${t.itemKey} in ${inList(handoverAttachableItems)}`),
  ],
);

/**
 * A hand-over report: the checklist with its evidence as it stood when made (`items`), and the SHA-256 of
 * the PDF rendered from it (the same bytes every time it is rendered). Never changed once made.
 */
export const handoverReports = pgTable(
  'handover_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => developmentProjects.id, { onDelete: 'cascade' }),
    items: jsonb('items').notNull(),
    sha256: text('sha256').notNull(),
    generatedBy: text('generated_by').references(() => profiles.id, { onDelete: 'set null' }),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('handover_reports_project_idx').on(t.projectId, t.generatedAt)],
);

/** A board member's receipt of one item of a hand-over report. Once per member and item. */
export const handoverAcknowledgements = pgTable(
  'handover_acknowledgements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => handoverReports.id, { onDelete: 'cascade' }),
    itemKey: text('item_key', { enum: handoverItemKeys }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    note: text('note'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('handover_acknowledgements_key').on(t.reportId, t.itemKey, t.userId),
    check('handover_acknowledgements_key_check', sql`${t.itemKey} in ${inList(handoverItemKeys)}`),
  ],
);
