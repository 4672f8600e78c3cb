import { maintenanceCategoryLabels, type WorkOrder, type WorkOrderTask } from '@commonwise/contracts';
import type { MantineColor } from '@mantine/core';
import { format, parseISO } from 'date-fns';

// Labels for the work order figures the board and manager portals show. (The chat feature has its
// own copy for its panel: features may not import each other.)

export const workOrderStatusLabels: Record<WorkOrder['status'], string> = {
  new: 'New',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  pending: 'Pending',
};

/** SPEC §4: each work order status has its own badge colour. */
export const workOrderStatusColors: Record<WorkOrder['status'], MantineColor> = {
  new: 'blue',
  in_progress: 'yellow',
  completed: 'green',
  cancelled: 'red',
  pending: 'orange',
};

export const taskStatusLabels: Record<WorkOrderTask['taskStatus'], string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const taskStatusColors: Record<WorkOrderTask['taskStatus'], MantineColor> = {
  pending: 'orange',
  in_progress: 'yellow',
  completed: 'green',
  cancelled: 'gray',
};

export const assigneeTypeLabels: Record<WorkOrderTask['assignedToType'], string> = {
  manager: 'Manager',
  vendor: 'Vendor',
  resident: 'Resident',
};

export const priorityLabels: Record<WorkOrder['priority'], string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  emergency: 'Emergency',
};

export const priorityColors: Record<WorkOrder['priority'], MantineColor> = {
  low: 'gray',
  normal: 'blue',
  high: 'orange',
  emergency: 'red',
};

/** 'plumbing' → 'Plumbing'; a category the assistant does not know reads as its words. */
export function getCategoryLabel(category: string): string {
  const known = (maintenanceCategoryLabels as Record<string, string>)[category];
  if (known) return known;
  const words = category.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : category;
}

/** "6.0 days" from 144 hours; under a day in hours. */
export function formatDuration(hours: number): string {
  const [value, unit] = hours >= 24 ? [hours / 24, 'day'] : [hours, 'hour'];
  const rounded = value.toFixed(1);
  return `${rounded} ${rounded === '1.0' ? unit : `${unit}s`}`;
}

/** SPEC §9 date format; a date without a time (a due date) is that day wherever the reader is. */
export function formatDate(iso: string): string {
  return format(parseISO(iso), 'MMM d, yyyy');
}

export function formatDateTime(iso: string): string {
  return format(parseISO(iso), 'MMM d, h:mm a');
}

/** SPEC §2: a work order's number is the last 8 characters of its id. */
export function shortWorkOrderId(id: string): string {
  return `#${id.slice(-8)}`;
}
