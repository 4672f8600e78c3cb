import { addDays, addMonths, format, startOfMonth } from 'date-fns';

// Sample records keep their shape but not a fixed calendar: an 'Open' bid whose deadline passed a
// year ago reads as a bug. Dates are counted from today.

/** 'Jul 18, 2025' for today plus `days` (negative: in the past). */
export function sampleDay(days: number, today = new Date()): string {
  return format(addDays(today, days), 'MMM d, yyyy');
}

/** 'Sat, Jun 7' for today plus `days`. */
export function sampleWeekday(days: number, today = new Date()): string {
  return format(addDays(today, days), 'EEE, MMM d');
}

/** 'Sep 2026' for this month plus `months`. */
export function sampleMonth(months: number, today = new Date()): string {
  return format(addMonths(startOfMonth(today), months), 'MMM yyyy');
}
