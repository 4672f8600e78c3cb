import { openWorkOrderStatuses } from '@commonwise/contracts';

// Whether a work order still needs the vendor, and how far off its due date is.

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
