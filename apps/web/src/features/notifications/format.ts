import { differenceInSeconds, format, formatDistanceStrict } from 'date-fns';

/** "just now", "5 minutes ago", "3 days ago"; a clock a little ahead counts as now. */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (differenceInSeconds(now, date) < 60) return 'just now';
  return formatDistanceStrict(date, now, { addSuffix: true });
}

/** The exact moment, for a tooltip and the <time> element: "Nov 22, 2026, 14:05". */
export function formatExactTime(iso: string): string {
  return format(new Date(iso), 'MMM d, yyyy, HH:mm');
}

/** The bell's badge: nothing at 0, at most "99+". */
export function formatUnreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** The bell's accessible name, which includes what the badge shows. */
export function bellLabel(count: number): string {
  const badge = formatUnreadBadge(count);
  return badge ? `Notifications, ${badge} unread` : 'Notifications';
}
