import { z } from 'zod';

export const workOrderStatuses = ['new', 'in_progress', 'completed', 'cancelled', 'pending'] as const;
export const workOrderStatusSchema = z.enum(workOrderStatuses);
export type WorkOrderStatus = z.infer<typeof workOrderStatusSchema>;

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
export const roomParticipantRoles = ['resident', 'manager', 'vendor', 'admin'] as const;
