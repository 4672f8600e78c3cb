import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  activityTypes,
  taskAssigneeTypes,
  taskStatuses,
  workOrderPriorities,
  workOrderStatuses,
} from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { properties } from './properties.ts';
import { inList } from './sql.ts';

export const workOrders = pgTable(
  'work_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    residentId: text('resident_id').references(() => profiles.id, { onDelete: 'set null' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    vendorId: text('vendor_id').references(() => profiles.id, { onDelete: 'set null' }),
    summary: text('summary').notNull(),
    mainCategory: text('main_category').notNull(),
    subcategory: text('subcategory'),
    status: text('status', { enum: workOrderStatuses }).notNull().default('new'),
    priority: text('priority', { enum: workOrderPriorities }).notNull().default('normal'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    dueDate: date('due_date'),
  },
  (t) => [
    check('work_orders_status_check', sql`${t.status} in ${inList(workOrderStatuses)}`),
    check('work_orders_priority_check', sql`${t.priority} in ${inList(workOrderPriorities)}`),
    index('work_orders_resident_created_idx').on(t.residentId, t.createdAt),
    index('work_orders_vendor_id_idx').on(t.vendorId),
    index('work_orders_property_id_idx').on(t.propertyId),
    index('work_orders_created_at_idx').on(t.createdAt),
  ],
);

export const workOrderTasks = pgTable(
  'work_order_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    assignedToType: text('assigned_to_type', { enum: taskAssigneeTypes }).notNull(),
    assignedToId: text('assigned_to_id').references(() => profiles.id, { onDelete: 'set null' }),
    taskDescription: text('task_description').notNull(),
    taskStatus: text('task_status', { enum: taskStatuses }).notNull().default('pending'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('work_order_tasks_assignee_type_check', sql`${t.assignedToType} in ${inList(taskAssigneeTypes)}`),
    check('work_order_tasks_status_check', sql`${t.taskStatus} in ${inList(taskStatuses)}`),
    index('work_order_tasks_work_order_id_idx').on(t.workOrderId),
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
  ],
);
