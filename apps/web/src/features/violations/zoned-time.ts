/**
 * Times typed for an association, in the association's own time zone (a hearing at 6 PM in Austin is
 * at 6 PM in Austin, wherever its manager sits). The browser's Intl data knows every zone's offsets.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** The zone's offset at a moment, in minutes east of UTC ("GMT-08:00" is -480). */
function offsetMinutesAt(moment: Date, timeZone: string): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(moment)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{1,2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * A wall-clock time as a datetime-local input gives it ("2026-12-15T18:00"), read in `timeZone`, as an
 * ISO moment with that day's offset ("2026-12-15T18:00:00-06:00"); null when it is not such a time.
 */
export function zonedIsoOf(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59)
    return null;
  // The offset at the first guess, then at the moment it gives: they differ only next to a DST change.
  const first = offsetMinutesAt(check, timeZone);
  const offset = offsetMinutesAt(new Date(asUtc - first * 60_000), timeZone);
  const sign = offset < 0 ? '-' : '+';
  const size = Math.abs(offset);
  return `${local}:00${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

/** A moment as people of the association read it: "Dec 15, 2026, 6:00 PM CST". */
export function formatInZone(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** The browser's own zone: used until (or when) the association's is not known. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
