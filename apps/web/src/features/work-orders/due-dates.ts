import { openWorkOrderStatuses, type VendorWorkOrder } from '@commonwise/contracts';

// Whether a work order still needs the vendor, how far off its due date is, and the vendor's counts.

const openStatuses: readonly string[] = openWorkOrderStatuses;

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

/** Live counts from the same list: what is open, what is due within a week, what is done. */
export function summarise(orders: VendorWorkOrder[], today = new Date()) {
  const open = orders.filter((order) => isOpen(order.status));
  return {
    open: open.length,
    dueSoon: open.filter((order) => order.dueDate !== null && daysUntil(order.dueDate, today) <= 7).length,
    completed: orders.filter((order) => order.status === 'completed').length,
  };
}
