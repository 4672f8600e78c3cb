/**
 * A period of calendar days as the instants it covers, in the caller's time zone: a manager in
 * California who picks "today" means their midnight to midnight, not UTC's.
 */

/** The zone's offset from UTC at that instant, in milliseconds (UTC+2 → 7,200,000). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  const wallClockAsUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wallClockAsUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day ('2025-03-09') begins in a time zone. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const wallClock = Date.parse(`${day}T00:00:00Z`);
  // The offset at midnight may differ from the offset at the first guess (a DST change that day).
  const firstGuess = wallClock - offsetAt(wallClock, timeZone);
  return new Date(wallClock - offsetAt(firstGuess, timeZone));
}

/** The day after a calendar day. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** From the start of `from` up to (not including) the start of the day after `to`. */
export function periodInstants(from: string, to: string, timeZone: string) {
  return { startsAt: startOfDayIn(from, timeZone), endsBefore: startOfDayIn(nextDay(to), timeZone) };
}
