import { differenceInMilliseconds, format } from 'date-fns';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/** SPEC §9: message times are hour:minute. */
export function formatMessageTime(iso: string): string {
  return format(new Date(iso), 'h:mm a');
}

/**
 * SPEC §4: a thread's time label is the time under 24 hours, the weekday under 7 days, else month
 * and day. A time in the future (a clock a little ahead) counts as recent.
 */
export function formatThreadTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const age = differenceInMilliseconds(now, date);
  if (age < dayMs) return format(date, 'h:mm a');
  if (age < 7 * dayMs) return format(date, 'EEEE');
  return format(date, 'MMM d');
}

/** SPEC §9 date format. */
export function formatDate(isoOrDate: string): string {
  // A bare date (due dates) is a calendar day, not midnight UTC: read it in local time.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(isoOrDate)
    ? new Date(`${isoOrDate}T00:00:00`)
    : new Date(isoOrDate);
  return format(date, 'MMM d, yyyy');
}

export function formatDateTime(iso: string): string {
  return format(new Date(iso), 'MMM d, h:mm a');
}

/** "6.0 days" from 144 hours; under a day in hours. */
export function formatDuration(hours: number): string {
  const [value, unit] = hours >= 24 ? [hours / 24, 'day'] : [hours, 'hour'];
  const rounded = value.toFixed(1);
  return `${rounded} ${rounded === '1.0' ? unit : `${unit}s`}`;
}

/** 'asking_location' → 'Asking location': a stored identifier, readable. */
export function humanize(identifier: string): string {
  const words = identifier.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : identifier;
}

/**
 * Today as YYYY-MM-DD on a time zone's clock (an association's: dates it checks are its days, wherever the
 * reader is); the browser's day when the zone is not known.
 */
export function todayIn(timeZone?: string | null): string {
  return new Intl.DateTimeFormat('en-CA', timeZone ? { timeZone } : {}).format(new Date());
}
