import {
  maintenanceCategoryLabels,
  taskAssigneeTypes,
  taskStatuses,
  workOrderStatusLabels,
  type WorkOrder,
  type WorkOrderTask,
} from '@commonwise/contracts';
import type { MantineColor } from '@mantine/core';
import { humanize } from '../../lib/format.ts';

// The labels and colours of work orders and their tasks, one copy for every screen that shows them
// (chat, work rooms, portals). Status labels come from @commonwise/contracts' workOrderStatusLabels.

/** SPEC §9: the work order id is shown as its last 8 characters. */
export function shortWorkOrderId(id: string): string {
  return id.slice(-8);
}

/**
 * How a work order is named on every screen (issue 26): its reference people say ("WC-1042") beside
 * the spec's last 8 characters of its id — "WC-1042 · #3ec11b30".
 */
export function formatWorkOrderNumber(workOrder: { id: string; reference: string }): string {
  return `${workOrder.reference} · #${shortWorkOrderId(workOrder.id)}`;
}

/** SPEC §4: each work order status has its own badge colour. */
export const workOrderStatusColors: Record<WorkOrder['status'], MantineColor> = {
  new: 'blue',
  in_progress: 'yellow',
  completed: 'green',
  cancelled: 'red',
  pending: 'orange',
};

/** SPEC §4: each work order status has its own badge colour; anything else is neutral. */
export function getWorkOrderStatusColor(status: string): MantineColor {
  return Object.hasOwn(workOrderStatusColors, status)
    ? (workOrderStatusColors as Record<string, MantineColor>)[status]!
    : 'gray';
}

export function getWorkOrderStatusLabel(status: string): string {
  return Object.hasOwn(workOrderStatusLabels, status)
    ? (workOrderStatusLabels as Record<string, string>)[status]!
    : humanize(status);
}

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

export const taskStatusLabels: Record<WorkOrderTask['taskStatus'], string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const taskStatusColors: Record<WorkOrderTask['taskStatus'], MantineColor> = {
  pending: 'gray',
  in_progress: 'yellow',
  completed: 'green',
  cancelled: 'red',
};

export const taskStatusOptions = taskStatuses.map((status) => ({
  value: status,
  label: taskStatusLabels[status],
}));

export const assigneeTypeLabels: Record<WorkOrderTask['assignedToType'], string> = {
  manager: 'Manager',
  vendor: 'Vendor',
  resident: 'Resident',
};

export const assigneeTypeOptions = taskAssigneeTypes.map((type) => ({
  value: type,
  label: assigneeTypeLabels[type],
}));

/** 'Vendor: Pat Plumber', or 'Vendor' when the task is given to no one in particular. */
export function formatAssignee(task: Pick<WorkOrderTask, 'assignedToType' | 'assignedToName'>): string {
  return `${assigneeTypeLabels[task.assignedToType]}${task.assignedToName ? `: ${task.assignedToName}` : ''}`;
}

/** 'hvac' → 'Heating and cooling'; a category the assistant does not know reads as its words. */
export function getCategoryLabel(category: string): string {
  return Object.hasOwn(maintenanceCategoryLabels, category)
    ? (maintenanceCategoryLabels as Record<string, string>)[category]!
    : humanize(category);
}

/** 'plumbing' and 'leak' → 'Plumbing / Leak': a work order's categories as people read them. */
export function formatCategories(workOrder: Pick<WorkOrder, 'mainCategory' | 'subcategory'>): string {
  const main = humanize(workOrder.mainCategory);
  return workOrder.subcategory ? `${main} / ${humanize(workOrder.subcategory)}` : main;
}
