/**
 * Local clock times in a time zone, for quiet hours and the digest hour. Intl does the zone rules, so
 * daylight-saving changes come from the platform's time zone data, not from us.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local date ("2026-11-24") and minutes after local midnight of an instant. */
export function localClock(at: Date, timeZone: string): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Whether a local time (minutes) falls in [start, end), a window that may span midnight. */
export function isWithin(minutes: number, start: number, end: number): boolean {
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/** Local wall-clock time minus UTC, in minutes, at an instant. */
function offsetAt(at: Date, timeZone: string): number {
  const { date, minutes } = localClock(at, timeZone);
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a wall-clock reading in a time zone stands for: `wall` is the reading written as if it
 * were UTC ("2026-11-24T09:30:00Z" for 9:30 local). In the hour skipped in spring, the hour after.
 */
export function instantOfWallClock(wall: Date, timeZone: string): Date {
  const first = new Date(wall.getTime() - offsetAt(wall, timeZone) * 60_000);
  return new Date(wall.getTime() - offsetAt(first, timeZone) * 60_000);
}

/**
 * The first instant after `at` whose local time is `minutes` past midnight (at most a day ahead). When
 * that local time does not exist that day (the hour skipped in spring), the instant an hour later.
 */
export function nextLocalTime(at: Date, timeZone: string, minutes: number): Date {
  const startMinute = Math.floor(at.getTime() / 60_000) * 60_000;
  const ahead = (minutes - localClock(at, timeZone).minutes + 1440) % 1440 || 1440;
  const guess = new Date(startMinute + ahead * 60_000);
  // Across a daylight-saving change the wall clock moved by the change: take it back out.
  const corrected = new Date(guess.getTime() - (offsetAt(guess, timeZone) - offsetAt(at, timeZone)) * 60_000);
  if (corrected > at && localClock(corrected, timeZone).minutes === minutes) return corrected;
  return guess;
}

export function toMinutes(clock: string): number {
  const [hours, mins] = clock.split(':').map(Number);
  return hours! * 60 + mins!;
}

export function toClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
