import { z } from 'zod';
import { pageFields, pageQueryFields, searchField } from './paging.ts';
import { attachmentIdsField, attachmentSchema } from './attachments.ts';
import { expiryStandingSchema, overrideReasonMinLength, vendorTradeSchema } from './vendors.ts';

export const workOrderStatuses = ['new', 'in_progress', 'completed', 'cancelled', 'pending'] as const;
export const workOrderStatusSchema = z.enum(workOrderStatuses);
export type WorkOrderStatus = z.infer<typeof workOrderStatusSchema>;
export const workOrderStatusLabels: Record<WorkOrderStatus, string> = {
  new: 'New',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  pending: 'Pending',
};

export const taskStatuses = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export const taskAssigneeTypes = ['manager', 'vendor', 'resident'] as const;
export const activityTypes = [
  'created',
  'assigned',
  'reassigned',
  'status_changed',
  'task_completed',
  'message_sent',
  'escalated',
  'completed',
] as const;

/**
 * What a conversation is about, for its badges (issue 26): a rules question answered from the
 * documents is a `rules_question`, a question about a request already made a `request_status`, a
 * staff member's question about their properties a `staff_question`.
 */
export const workflowTypes = [
  'maintenance_request',
  'work_order',
  'lease_inquiry',
  'rules_question',
  'request_status',
  'staff_question',
  'other',
] as const;
/** `answered`: a question answered, with nothing left to do (a work order 'completed' means work done). */
export const workflowStatuses = ['active', 'pending_human', 'answered', 'completed', 'cancelled'] as const;
/** Where a request's problem is: the resident's own unit or a common area (the assistant's reading). */
export const workOrderLocationKinds = ['unit', 'common_area'] as const;
export const chatMessageRoles = ['user', 'assistant', 'system'] as const;
// Developers take part in rooms they are invited to (DESIGN.md §5); nobody else's role is a room role.
export const roomParticipantRoles = ['resident', 'manager', 'vendor', 'admin', 'developer'] as const;

export const workOrderPriorities = ['low', 'normal', 'high', 'emergency'] as const;
export const workOrderPrioritySchema = z.enum(workOrderPriorities);

/**
 * A work order's reference as people say and write it (issue 26): its association's prefix and its
 * number there, "WC-1042". Shown beside the spec's last-8-characters id; the work-order list's `q`
 * finds it. The one spelling of it, for screens, notifications and the assistant.
 */
export function formatWorkOrderReference(order: {
  referencePrefix: string;
  referenceNumber: number;
}): string {
  return `${order.referencePrefix}-${order.referenceNumber}`;
}

/** "WC-1042" (any case, with or without a leading #) → its prefix and number; otherwise undefined. */
export function parseWorkOrderReference(text: string): { prefix: string; number: number } | undefined {
  const match = /^#?([a-z0-9]{1,12})-(\d{1,9})$/i.exec(text.trim());
  return match ? { prefix: match[1]!.toUpperCase(), number: Number(match[2]) } : undefined;
}

export const workOrderSchema = z.object({
  id: z.uuid(),
  /** "WC-1042": formatWorkOrderReference. */
  reference: z.string(),
  residentId: z.string().nullable(),
  propertyId: z.uuid(),
  vendorId: z.string().nullable(),
  summary: z.string(),
  mainCategory: z.string(),
  subcategory: z.string().nullable(),
  status: workOrderStatusSchema,
  priority: workOrderPrioritySchema,
  createdAt: z.iso.datetime(),
  dueDate: z.iso.date().nullable(),
  property: z.object({ name: z.string(), address: z.string() }),
});
export type WorkOrder = z.infer<typeof workOrderSchema>;
/** At most this many of a search's matches are counted: past it the total says "at least". */
export const workOrderSearchCountCap = 1000;
export const workOrderListSchema = z.object({
  workOrders: z.array(workOrderSchema),
  ...pageFields,
  /** True when a search (`q`) matched more than `total` work orders (`workOrderSearchCountCap`). */
  totalIsCapped: z.boolean(),
});
export type WorkOrderList = z.infer<typeof workOrderListSchema>;
/**
 * The work orders the caller may see, newest first; `q` matches the summary, the property's name or
 * the id's beginning; `status` keeps one status.
 */
export const workOrderListQuerySchema = z.object({
  q: searchField,
  status: z.enum(workOrderStatuses, 'Choose one of the work order statuses').optional(),
  ...pageQueryFields(50),
});
export type WorkOrderListQuery = z.input<typeof workOrderListQuerySchema>;
export const workOrderIdParamsSchema = z.object({ id: z.uuid('That is not a valid work order id') });

export const workOrderTaskSchema = z.object({
  id: z.uuid(),
  workOrderId: z.uuid(),
  assignedToType: z.enum(taskAssigneeTypes),
  assignedToId: z.string().nullable(),
  assignedToName: z.string().nullable(),
  taskDescription: z.string(),
  taskStatus: z.enum(taskStatuses),
  completedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  dueDate: z.iso.date().nullable(),
  /** What the person who completed it wrote. */
  completionNote: z.string().nullable(),
  /** A problem raised on the task for the manager, until it is cleared. */
  flagReason: z.string().nullable(),
  flaggedAt: z.iso.datetime().nullable(),
  /** Photos and files kept with its completion (before/after); absent when there are none. */
  attachments: z.array(attachmentSchema).optional(),
});
export type WorkOrderTask = z.infer<typeof workOrderTaskSchema>;

export const workOrderActivitySchema = z.object({
  id: z.uuid(),
  workOrderId: z.uuid(),
  activityType: z.enum(activityTypes),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  description: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  actorName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type WorkOrderActivity = z.infer<typeof workOrderActivitySchema>;

export const workRoomSummarySchema = z.object({
  id: z.uuid(),
  roomName: z.string(),
  roomType: z.string(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
});

/**
 * A work order with its rooms (one, opened with it by the conversation). Its tasks and activity grow
 * without bound and are read a page at a time from their own endpoints.
 */
export const workOrderDetailSchema = z.object({
  workOrder: workOrderSchema,
  rooms: z.array(workRoomSummarySchema),
  /**
   * What the caller may do here, decided by their memberships (issue 26): the screens offer only
   * these, whatever the caller's global role. `canManage`: the property's managers and admins (the
   * work order, its tasks, internal notes). `canWorkOnTasks`: they and the work order's vendor (start,
   * complete, flag).
   */
  permissions: z.object({ canManage: z.boolean(), canWorkOnTasks: z.boolean() }),
  /** Who asked (with the units they live in or own at the property today) and who does the work. */
  resident: z.object({ id: z.string(), fullName: z.string(), units: z.array(z.string()) }).nullable(),
  vendor: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  /**
   * Requests linked to this one (issue 26: a resident said a report was a new problem beside an open
   * one): those of them the caller may see, with their reference, title and status.
   */
  related: z
    .array(
      z.object({ id: z.uuid(), reference: z.string(), summary: z.string(), status: workOrderStatusSchema }),
    )
    .optional(),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetailSchema>;

/** A work order's tasks, oldest first (the order they were given), a page at a time with the total. */
export const workOrderTaskListQuerySchema = z.object({ ...pageQueryFields(20) });
export type WorkOrderTaskListQuery = z.input<typeof workOrderTaskListQuerySchema>;
export const workOrderTaskListSchema = z.object({ tasks: z.array(workOrderTaskSchema), ...pageFields });
export type WorkOrderTaskList = z.infer<typeof workOrderTaskListSchema>;

/**
 * A work order's activity, newest first, read backwards like a conversation: the newest `limit`, or
 * those older than the entry `before` (a cursor: entries added meanwhile do not shift the pages).
 */
export const workOrderActivityQuerySchema = z.object({
  before: z.uuid('That is not a valid activity entry id').optional(),
  limit: pageQueryFields(20).limit,
});
export type WorkOrderActivityQuery = z.input<typeof workOrderActivityQuerySchema>;
export const workOrderActivityPageSchema = z.object({
  activity: z.array(workOrderActivitySchema),
  hasMore: z.boolean(),
});
export type WorkOrderActivityPage = z.infer<typeof workOrderActivityPageSchema>;

const taskDescriptionField = z
  .string({ error: 'Describe the task' })
  .trim()
  .min(1, 'Describe the task')
  .max(1000, 'The task description must be at most 1000 characters');
const taskAssigneeTypeField = z.enum(
  taskAssigneeTypes,
  'Choose who the task is for: manager, vendor or resident',
);
const taskAssigneeIdField = z.string().min(1).max(100, 'That is not a valid user id').nullable().optional();
const taskDueDateField = z.iso.date('Enter the due date as a date').nullable().optional();

export const createTaskSchema = z.object({
  taskDescription: taskDescriptionField,
  assignedToType: taskAssigneeTypeField,
  assignedToId: taskAssigneeIdField,
  dueDate: taskDueDateField,
});
export type CreateTask = z.input<typeof createTaskSchema>;

/** A task's status; `note` is kept with a completion ("what was done"). */
export const updateTaskSchema = z.object({
  taskStatus: z.enum(taskStatuses, 'Choose a task status'),
  note: z.string().trim().max(2000, 'The note must be at most 2000 characters').optional(),
  /** Photos of the work (uploaded to the task first), kept with this change. */
  attachmentIds: attachmentIdsField,
});
export type UpdateTask = z.input<typeof updateTaskSchema>;

/** A manager's changes to a task (issue 26): what, who and when; the fields left out stay as they are. */
export const updateTaskDetailsSchema = z
  .object({
    taskDescription: taskDescriptionField.optional(),
    assignedToType: taskAssigneeTypeField.optional(),
    assignedToId: taskAssigneeIdField,
    dueDate: taskDueDateField,
  })
  .refine((input) => input.assignedToId === undefined || input.assignedToType !== undefined, {
    message: 'Choose who the task is for: manager, vendor or resident',
    path: ['assignedToType'],
  });
export type UpdateTaskDetails = z.input<typeof updateTaskDetailsSchema>;

/** Raises a problem on a task for the manager (null clears it). */
export const flagTaskSchema = z.object({
  reason: z
    .string({ error: 'Say what the problem is' })
    .trim()
    .min(1, 'Say what the problem is')
    .max(1000, 'The reason must be at most 1000 characters')
    .nullable(),
});
export type FlagTask = z.input<typeof flagTaskSchema>;

/** Who a task of this work order can be given to: its property's managers and its vendor. */
export const taskAssigneesSchema = z.object({
  people: z.array(
    z.object({ id: z.string(), fullName: z.string(), assignedToType: z.enum(taskAssigneeTypes) }),
  ),
});
export type TaskAssignees = z.infer<typeof taskAssigneesSchema>;
export const taskIdParamsSchema = z.object({ id: z.uuid('That is not a valid task id') });

/**
 * Where a work order may go from each status (issue 8): completed and cancelled are final. The
 * server refuses any other change; the UI offers only these.
 */
export const workOrderTransitions: Record<WorkOrderStatus, readonly WorkOrderStatus[]> = {
  new: ['in_progress', 'cancelled', 'pending'],
  pending: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'pending', 'cancelled'],
  completed: [],
  cancelled: [],
};

export function canChangeWorkOrderStatus(from: WorkOrderStatus, to: WorkOrderStatus): boolean {
  return workOrderTransitions[from].includes(to);
}

export const changeWorkOrderStatusSchema = z.object({
  status: z.enum(workOrderStatuses, 'Choose a status: new, in_progress, completed, cancelled or pending'),
});
export type ChangeWorkOrderStatus = z.infer<typeof changeWorkOrderStatusSchema>;

/**
 * null takes the work order away from its vendor. A vendor whose certificate of insurance has expired is
 * refused (409 VENDOR_INSURANCE_EXPIRED) unless a manager gives `overrideReason`, which is recorded for
 * the staff alone (issue 24 item 1); a reason where nothing needs overriding is refused.
 */
export const assignVendorSchema = z.object({
  vendorId: z
    .string({ error: 'Choose a vendor' })
    .trim()
    .min(1, 'Choose a vendor')
    .max(100, 'That is not a valid user id')
    .nullable(),
  overrideReason: z
    .string('The reason must be text')
    .trim()
    // Counted in characters as people (and the database's check) count them, not UTF-16 units.
    .refine(
      (reason) => [...reason].length >= overrideReasonMinLength,
      `Say in a sentence why the vendor is assigned anyway (at least ${overrideReasonMinLength} characters)`,
    )
    .max(500, 'The reason must be at most 500 characters')
    .optional(),
});
export type AssignVendor = z.infer<typeof assignVendorSchema>;

/**
 * The vendors a work order can be given to: every active vendor account, those whose company serves the
 * work order's association first, each with its company and its certificate of insurance on the
 * association's date (an expired one needs an override; a missing one is only a warning).
 */
export const vendorOptionSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  /** Its company; an inactive one cannot be given new work (409 VENDOR_INACTIVE). */
  company: z.object({ id: z.uuid(), name: z.string(), isActive: z.boolean() }).nullable(),
  servesProperty: z.boolean(),
  trades: z.array(vendorTradeSchema),
  insurance: expiryStandingSchema,
});
export type VendorOption = z.infer<typeof vendorOptionSchema>;
export const vendorOptionsSchema = z.object({ vendors: z.array(vendorOptionSchema) });
export type VendorOptions = z.infer<typeof vendorOptionsSchema>;

/** A manager's change to a work order's priority or due date (null clears it); left out stays as is. */
export const updateWorkOrderSchema = z
  .object({
    priority: z.enum(workOrderPriorities, 'Choose a priority: low, normal, high or emergency').optional(),
    dueDate: z.iso.date('Enter the due date as a date').nullable().optional(),
  })
  .refine((input) => input.priority !== undefined || input.dueDate !== undefined, {
    message: 'Change the priority or the due date',
    path: ['priority'],
  });
export type UpdateWorkOrder = z.input<typeof updateWorkOrderSchema>;

/**
 * Notes the property's staff keep on a work order (issue 26): only its managers and admins read or
 * write them, through these routes alone; the activity, rooms and every other answer leave them out.
 */
export const internalNoteSchema = z.object({
  id: z.uuid(),
  workOrderId: z.uuid(),
  body: z.string(),
  authorName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type InternalNote = z.infer<typeof internalNoteSchema>;
export const internalNoteListSchema = z.object({ notes: z.array(internalNoteSchema), hasMore: z.boolean() });
export type InternalNoteList = z.infer<typeof internalNoteListSchema>;
export const internalNoteListQuerySchema = z.object({ limit: pageQueryFields(50).limit });
export const createInternalNoteSchema = z.object({
  body: z
    .string({ error: 'Write the note' })
    .trim()
    .min(1, 'Write the note')
    .max(4000, 'The note must be at most 4000 characters'),
});
export type CreateInternalNote = z.input<typeof createInternalNoteSchema>;

/**
 * The resident's rating of completed work (issue 24 item 5): 1 to 5 stars and an optional comment, once
 * per work order, by the resident who asked, once it is completed. Read by them and the association's
 * staff (the vendor's performance), not by the vendor.
 */
export const workOrderRatingInputSchema = z.object({
  rating: z
    .number('Choose 1 to 5 stars')
    .int('Choose 1 to 5 stars')
    .min(1, 'Choose 1 to 5 stars')
    .max(5, 'Choose 1 to 5 stars'),
  comment: z
    .string('The comment must be text')
    .trim()
    .max(1000, 'The comment must be at most 1000 characters')
    .optional(),
});
export type WorkOrderRatingInput = z.input<typeof workOrderRatingInputSchema>;
export const workOrderRatingSchema = z.object({
  rating: z.number().int(),
  comment: z.string().nullable(),
  ratedBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  vendorName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type WorkOrderRating = z.infer<typeof workOrderRatingSchema>;
/** A work order's rating, if given, and whether the caller may give it now. */
export const workOrderRatingStateSchema = z.object({
  rating: workOrderRatingSchema.nullable(),
  canRate: z.boolean(),
});
export type WorkOrderRatingState = z.infer<typeof workOrderRatingStateSchema>;
