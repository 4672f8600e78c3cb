import type { WorkOrder } from '@commonwise/contracts';
import type { MantineColor } from '@mantine/core';
import { format } from 'date-fns';

export const workOrderStatusLabels: Record<WorkOrder['status'], string> = {
  new: 'New',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  pending: 'Pending',
};

/** SPEC §4: each work order status has its own badge colour; anything else is neutral. */
export function workOrderStatusColor(status: string): MantineColor {
  const colors: Record<string, MantineColor> = {
    new: 'blue',
    in_progress: 'yellow',
    completed: 'green',
    cancelled: 'red',
    pending: 'orange',
  };
  return colors[status] ?? 'gray';
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

/** A date-only value ('2025-01-05') as 'Jan 5, 2025', read as a local date (no time-zone shift). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return format(new Date(year, month - 1, date), 'MMM d, yyyy');
}

const openStatuses: readonly string[] = ['new', 'pending', 'in_progress'];

export function isOpen(status: string): boolean {
  return openStatuses.includes(status);
}

/** Whole days from today to a date-only value (negative: past). */
export function daysUntil(day: string, today = new Date()): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const due = Date.UTC(year, month - 1, date);
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((due - now) / 86_400_000);
}
