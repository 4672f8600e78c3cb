import { z } from 'zod';
import { pageFields, pageQueryFields, searchField } from './paging.ts';

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

export const workflowTypes = ['maintenance_request', 'work_order', 'lease_inquiry', 'other'] as const;
export const workflowStatuses = ['active', 'pending_human', 'completed', 'cancelled'] as const;
export const chatMessageRoles = ['user', 'assistant', 'system'] as const;
// Developers take part in rooms they are invited to (DESIGN.md §5); nobody else's role is a room role.
export const roomParticipantRoles = ['resident', 'manager', 'vendor', 'admin', 'developer'] as const;

export const workOrderPriorities = ['low', 'normal', 'high', 'emergency'] as const;
export const workOrderPrioritySchema = z.enum(workOrderPriorities);

export const workOrderSchema = z.object({
  id: z.uuid(),
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
export const workOrderListSchema = z.object({ workOrders: z.array(workOrderSchema), ...pageFields });
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

/** A work order with what its side panel shows. */
export const workOrderDetailSchema = z.object({
  workOrder: workOrderSchema,
  tasks: z.array(workOrderTaskSchema),
  activity: z.array(workOrderActivitySchema),
  rooms: z.array(workRoomSummarySchema),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetailSchema>;

export const createTaskSchema = z.object({
  taskDescription: z
    .string({ error: 'Describe the task' })
    .trim()
    .min(1, 'Describe the task')
    .max(1000, 'The task description must be at most 1000 characters'),
  assignedToType: z.enum(taskAssigneeTypes, 'Choose who the task is for: manager, vendor or resident'),
  assignedToId: z.string().min(1).max(100, 'That is not a valid user id').nullable().optional(),
});
export type CreateTask = z.input<typeof createTaskSchema>;
export const updateTaskSchema = z.object({ taskStatus: z.enum(taskStatuses, 'Choose a task status') });
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

/** null takes the work order away from its vendor. */
export const assignVendorSchema = z.object({
  vendorId: z
    .string({ error: 'Choose a vendor' })
    .trim()
    .min(1, 'Choose a vendor')
    .max(100, 'That is not a valid user id')
    .nullable(),
});
export type AssignVendor = z.infer<typeof assignVendorSchema>;

/** The vendors a work order can be given to (active accounts with the vendor role). */
export const vendorOptionsSchema = z.object({
  vendors: z.array(z.object({ id: z.string(), fullName: z.string(), email: z.string() })),
});
export type VendorOptions = z.infer<typeof vendorOptionsSchema>;
