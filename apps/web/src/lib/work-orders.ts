import { workOrderStatusLabels, type WorkOrder } from '@commonwise/contracts';
import type { MantineColor } from '@mantine/core';
import { humanize } from './format.ts';

const workOrderStatusColors: Record<string, MantineColor> = {
  new: 'blue',
  in_progress: 'yellow',
  completed: 'green',
  cancelled: 'red',
  pending: 'orange',
};

/** SPEC §4: each work order status has its own badge colour; anything else is neutral. */
export function getWorkOrderStatusColor(status: string): MantineColor {
  return Object.hasOwn(workOrderStatusColors, status) ? workOrderStatusColors[status]! : 'gray';
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

/** 'plumbing' and 'leak' → 'Plumbing / Leak': a work order's categories as people read them. */
export function formatCategories(workOrder: Pick<WorkOrder, 'mainCategory' | 'subcategory'>): string {
  const main = humanize(workOrder.mainCategory);
  return workOrder.subcategory ? `${main} / ${humanize(workOrder.subcategory)}` : main;
}
