import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  activityTypes,
  workOrderLocationKinds,
  taskAssigneeTypes,
  taskStatuses,
  workOrderPriorities,
  workOrderStatuses,
} from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { properties } from './properties.ts';
import { inList } from './sql.ts';
import { vendorCompanies } from './vendors.ts';

export const workOrders = pgTable(
  'work_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    residentId: text('resident_id').references(() => profiles.id, { onDelete: 'set null' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    vendorId: text('vendor_id').references(() => profiles.id, { onDelete: 'set null' }),
    /**
     * The company of the vendor when they were assigned (issue 24), so that bids, invoices and ratings
     * stay with the company when its person leaves; null for a vendor who belongs to no company.
     */
    vendorCompanyId: uuid('vendor_company_id').references(() => vendorCompanies.id, {
      onDelete: 'set null',
    }),
    summary: text('summary').notNull(),
    mainCategory: text('main_category').notNull(),
    subcategory: text('subcategory'),
    status: text('status', { enum: workOrderStatuses }).notNull().default('new'),
    priority: text('priority', { enum: workOrderPriorities }).notNull().default('normal'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    dueDate: date('due_date'),
    /**
     * Where the problem is, as the assistant read it: the resident's unit or a common area (null when
     * not known). A new report is compared with the open requests of the same place (issue 26).
     */
    locationKind: text('location_kind', { enum: workOrderLocationKinds }),
    /**
     * Its number in the association ("1042" of "WC-1042", issue 26), allocated by the
     * `work_orders_reference` trigger (migration 0026) from work_order_sequences in the insert's own
     * transaction; a caller may give one (the portfolio generator). The null default lets inserts leave
     * it out; the trigger fills it before NOT NULL is checked.
     */
    referenceNumber: integer('reference_number')
      .notNull()
      .default(sql`null`),
  },
  (t) => [
    check(
      'work_orders_location_kind_check',
      sql`${t.locationKind} is null or ${t.locationKind} in ${inList(workOrderLocationKinds)}`,
    ),
    uniqueIndex('work_orders_reference_key').on(t.propertyId, t.referenceNumber),
    // What a task's (work order, property) pair refers to, so that the database keeps a task's
    // property equal to its work order's.
    unique('work_orders_id_property_key').on(t.id, t.propertyId),
    check('work_orders_status_check', sql`${t.status} in ${inList(workOrderStatuses)}`),
    check('work_orders_priority_check', sql`${t.priority} in ${inList(workOrderPriorities)}`),
    index('work_orders_resident_created_idx').on(t.residentId, t.createdAt),
    // Each list reads a person's work orders newest first, by property or by vendor (issue 19): the
    // order is in the index, so a page is the index's first rows, not a sort of every match.
    index('work_orders_vendor_created_idx').on(t.vendorId, t.createdAt, t.id),
    index('work_orders_vendor_company_idx')
      .on(t.vendorCompanyId, t.createdAt)
      .where(sql`${t.vendorCompanyId} is not null`),
    index('work_orders_property_created_idx').on(t.propertyId, t.createdAt, t.id),
    index('work_orders_created_idx').on(t.createdAt, t.id),
    // The open work of a property (portals and overviews): a few hundred rows among hundreds of thousands.
    // It holds every column the manager portal's filters and orders read (status, priority, due date),
    // so its lists and counts are answered from the index alone (issue 19).
    index('work_orders_open_idx')
      .on(t.propertyId, t.createdAt, t.id, t.status, t.priority, t.dueDate)
      .where(sql`${t.status} in ('new', 'pending', 'in_progress')`),
    // Searching summaries for any part of a word (`ilike '%leak%'`, issue 19): trigrams (pg_trgm,
    // created by migration 0021) find the matches without reading every work order.
    index('work_orders_summary_trgm_idx').using('gin', t.summary.op('gin_trgm_ops')),
  ],
);

/**
 * How many work orders each property has in each status, kept by triggers on work_orders (migration
 * 0023) so that a list's total is a sum over the caller's properties instead of counting tens of
 * thousands of rows on every page (issue 19). No code writes it; the triggers do, in the same
 * transaction as the change they count.
 */
export const workOrderCounts = pgTable(
  'work_order_counts',
  {
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    status: text('status', { enum: workOrderStatuses }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.status] })],
);

export const workOrderTasks = pgTable(
  'work_order_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workOrderId: uuid('work_order_id').notNull(),
    /**
     * The work order's property, kept equal to it by the foreign key on both columns (issue 19): the
     * manager portal's open tasks are read from an index by property, not by joining every open task
     * of the portfolio to its work order to learn where it is.
     */
    propertyId: uuid('property_id').notNull(),
    assignedToType: text('assigned_to_type', { enum: taskAssigneeTypes }).notNull(),
    assignedToId: text('assigned_to_id').references(() => profiles.id, { onDelete: 'set null' }),
    taskDescription: text('task_description').notNull(),
    taskStatus: text('task_status', { enum: taskStatuses }).notNull().default('pending'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Issue 26: when the task is due, what the person who did it wrote on completing it, and a problem
    // the person doing it raised (flagged) for the manager, until someone clears it.
    dueDate: date('due_date'),
    completionNote: text('completion_note'),
    flagReason: text('flag_reason'),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
  },
  (t) => [
    check('work_order_tasks_assignee_type_check', sql`${t.assignedToType} in ${inList(taskAssigneeTypes)}`),
    check('work_order_tasks_status_check', sql`${t.taskStatus} in ${inList(taskStatuses)}`),
    foreignKey({
      columns: [t.workOrderId, t.propertyId],
      foreignColumns: [workOrders.id, workOrders.propertyId],
      name: 'work_order_tasks_work_order_fk',
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('work_order_tasks_work_order_id_idx').on(t.workOrderId),
    // A work order's open tasks (counted beside it in lists).
    index('work_order_tasks_open_idx')
      .on(t.workOrderId, t.createdAt, t.id)
      .where(sql`${t.taskStatus} in ('pending', 'in_progress')`),
    // The open tasks (a few percent of all) of a manager's properties, counted and listed newest first
    // from the index alone (the manager portal).
    index('work_order_tasks_property_open_idx')
      .on(t.propertyId, t.createdAt, t.id, t.workOrderId)
      .where(sql`${t.taskStatus} in ('pending', 'in_progress')`),
  ],
);

export const workOrderActivity = pgTable(
  'work_order_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    activityType: text('activity_type', { enum: activityTypes }).notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    actorId: text('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('work_order_activity_type_check', sql`${t.activityType} in ${inList(activityTypes)}`),
    index('work_order_activity_work_order_idx').on(t.workOrderId, t.createdAt),
    // When each work order was completed (the board overview's time to completion, issue 19): read
    // from the index alone, without visiting the other activity.
    index('work_order_activity_completion_idx')
      .on(t.workOrderId, t.createdAt)
      .where(
        sql`${t.activityType} = 'completed' or (${t.activityType} = 'status_changed' and ${t.metadata}->>'to' = 'completed')`,
      ),
  ],
);

/**
 * Two work orders about problems that looked alike (issue 26): a resident reported something matching
 * an open request of their unit and said it was a new problem. Stored once, the newer order first.
 */
export const workOrderLinks = pgTable(
  'work_order_links',
  {
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    linkedWorkOrderId: uuid('linked_work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workOrderId, t.linkedWorkOrderId] }),
    index('work_order_links_linked_idx').on(t.linkedWorkOrderId),
  ],
);

/**
 * Notes the property's staff keep on a work order (issue 26): never shown to its resident or vendor,
 * so they live apart from the activity feed and room messages, which those people read.
 */
export const workOrderInternalNotes = pgTable(
  'work_order_internal_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => profiles.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('work_order_internal_notes_work_order_idx').on(t.workOrderId, t.createdAt)],
);

/**
 * The next reference number of each association's work orders (issue 26), kept apart from
 * `properties` so that numbering a work order is not an audited change of the association. The
 * `work_orders_reference` trigger takes a number with an upsert that locks the association's row until
 * the insert's transaction ends: two work orders at once get different numbers, and a rolled-back one
 * gives its number back.
 */
export const workOrderSequences = pgTable('work_order_sequences', {
  propertyId: uuid('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  nextNumber: integer('next_number').notNull(),
});

/**
 * The resident's rating of completed work (issue 24 item 5): 1–5 and a comment, once per work order, kept
 * with the vendor and the company who did it then (the vendor's performance reads them). Audited.
 */
export const workOrderRatings = pgTable(
  'work_order_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    vendorId: text('vendor_id').references(() => profiles.id, { onDelete: 'set null' }),
    vendorCompanyId: uuid('vendor_company_id').references(() => vendorCompanies.id, {
      onDelete: 'set null',
    }),
    ratedBy: text('rated_by').references(() => profiles.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('work_order_ratings_work_order_key').on(t.workOrderId),
    check('work_order_ratings_rating_check', sql`${t.rating} between 1 and 5`),
    check('work_order_ratings_comment_check', sql`${t.comment} is null or length(${t.comment}) <= 1000`),
    index('work_order_ratings_company_idx')
      .on(t.vendorCompanyId, t.createdAt)
      .where(sql`${t.vendorCompanyId} is not null`),
  ],
);
