import {
  bidInvitationStatusLabels,
  bidRequestStatusLabels,
  type BidInvitationStatus,
  type BidRequestStatus,
  type BidStatus,
} from '@commonwise/contracts';

export const requestStatusColors: Record<BidRequestStatus, string> = {
  open: 'blue',
  awaiting_board: 'yellow',
  awarded: 'green',
  cancelled: 'gray',
};
export const invitationStatusColors: Record<BidInvitationStatus, string> = {
  invited: 'gray',
  declined: 'red',
  bid: 'green',
  withdrawn: 'orange',
};
export const bidStatusColors: Record<BidStatus, string> = {
  submitted: 'blue',
  withdrawn: 'gray',
  awarded: 'green',
  not_awarded: 'gray',
};
export { bidInvitationStatusLabels, bidRequestStatusLabels };

/** "CST": the zone's short name at that moment (daylight saving changes it). */
export function zoneAbbreviation(timeZone: string | undefined, at: string | number = Date.now()): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(at))
      .find((part) => part.type === 'timeZoneName')?.value ??
    timeZone ??
    ''
  );
}

/**
 * "Thu, Mar 4, 2026, 5:00 PM CST": a moment on the association's clock, where the work is (on the
 * reader's own when the zone is not known).
 */
export function formatMomentIn(at: string, timeZone?: string): string {
  const date = new Date(at);
  const text = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(date);
  return `${text} ${zoneAbbreviation(timeZone, at)}`;
}

/** "Sat, Mar 6, 9:00 AM – 12:00 PM CST"; a window over days names both days. */
export function formatWindowIn(from: string, to: string, timeZone?: string): string {
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone,
  });
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
  const start = new Date(from);
  const end = new Date(to);
  const sameDay = day.format(start) === day.format(end);
  return `${day.format(start)}, ${time.format(start)} – ${sameDay ? '' : `${day.format(end)}, `}${time.format(end)} ${zoneAbbreviation(timeZone, from)}`;
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

function spanWords(ms: number): string {
  if (ms < hour) {
    const minutes = Math.max(1, Math.round(ms / minute));
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  if (ms < 2 * day) {
    const hours = Math.round(ms / hour);
    return `${hours} hour${hours === 1 ? '' : 's'}`;
  }
  const days = Math.round(ms / day);
  return `${days} days`;
}

/** "Due in 3 days", "Due in 5 hours", "Closed 2 days ago": the due time from now. */
export function dueRelative(dueAt: string, now: Date = new Date()): string {
  const left = Date.parse(dueAt) - now.getTime();
  return left > 0 ? `Due in ${spanWords(left)}` : `Closed ${spanWords(-left)} ago`;
}

/** Whether the due time is close (under a day) and still ahead: the list marks it. */
export const isDueSoon = (dueAt: string, now: Date = new Date()) => {
  const left = Date.parse(dueAt) - now.getTime();
  return left > 0 && left < day;
};

function zonedParts(at: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far the zone's clock is ahead of UTC at that instant, in ms. */
function zoneOffset(at: number, timeZone: string): number {
  const p = zonedParts(at, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
}

/**
 * A wall-clock time typed in a datetime-local field ("2026-03-04T17:00"), read on the association's
 * clock, as an instant (ISO); null when it is not a time.
 */
export function isoFromZonedLocal(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // Two passes settle a guess made on the wrong side of a daylight-saving change.
  let at = asUtc - zoneOffset(asUtc, timeZone);
  at = asUtc - zoneOffset(at, timeZone);
  return new Date(at).toISOString();
}

/** An instant as a datetime-local value on the association's clock ("2026-03-04T17:00"). */
export function zonedLocalOf(at: number | string, timeZone: string): string {
  const p = zonedParts(typeof at === 'string' ? Date.parse(at) : at, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}
