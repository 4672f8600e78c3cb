import { Temporal } from 'temporal-polyfill';
import type { AmenityHours, AmenityLimitPeriod, ErrorAlternative } from '@commonwise/contracts';

/**
 * The booking rules of an amenity, as pure functions on Temporal values (issue 23 item 5; decisions
 * 0064 §2 and 0066): a request's wall-clock times on the amenity's clock, its opening hours, slot grid,
 * durations, how far ahead, blackouts. Nothing here reads the process's time zone or the database, so the
 * property tests (rules.property.test.ts) exercise the same code the service runs.
 */

export { Temporal };

export type AmenityRules = {
  name: string;
  timeZone: string;
  capacityMode: 'exclusive' | 'shared';
  capacity: number;
  slotMinutes: number;
  minMinutes: number;
  maxMinutes: number;
  leadMinutes: number;
  advanceDays: number;
  hours: AmenityHours[];
};

export type Blackout = { startsAt: Temporal.Instant; endsAt: Temporal.Instant; reason: string };
/** A time already taken: an exclusive amenity's booking, or a shared one's slot at capacity. */
export type Busy = { startsAt: Temporal.Instant; endsAt: Temporal.Instant; people: number };

/** Why a request is refused: a status, a code the UI and the assistant key on, and words for a person. */
export type Refusal = { status: 403 | 409 | 422; code: string; message: string; field?: string };

export type BookingTimes = { start: Temporal.ZonedDateTime; end: Temporal.ZonedDateTime };

const weekdayNames = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];

/** "9:00 AM" for a minute of the day (1440 is midnight at the day's end). */
export function clockOf(minuteOfDay: number): string {
  const hour = Math.floor(minuteOfDay / 60) % 24;
  const minute = minuteOfDay % 60;
  const suffix = hour < 12 ? 'AM' : 'PM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minute).padStart(2, '0')} ${suffix}`;
}
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** "Saturday, March 6, 2027 at 2:00 PM", said on the amenity's clock. */
export function sayWhen(value: Temporal.ZonedDateTime): string {
  const date = value.toPlainDate().toLocaleString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  return `${date} at ${clockOf(value.hour * 60 + value.minute)}`;
}

/** `YYYY-MM-DDTHH:mm`, the wall-clock form requests and answers use. */
export const localOf = (value: Temporal.ZonedDateTime | Temporal.PlainDateTime) =>
  (value instanceof Temporal.ZonedDateTime ? value.toPlainDateTime() : value).toString({
    smallestUnit: 'minute',
  });

/**
 * The instant a wall-clock time is on the amenity's clock. A date that does not exist, a time the clocks
 * skip (spring forward) or show twice (fall back) is a refusal saying which.
 */
export function zonedOrRefusal(local: string, zone: string, field: string): Temporal.ZonedDateTime | Refusal {
  let plain: Temporal.PlainDateTime;
  try {
    plain = Temporal.PlainDateTime.from(local, { overflow: 'reject' });
  } catch {
    return {
      status: 422,
      code: 'INVALID_DATE',
      message: `${local.slice(0, 10)} is not a date on the calendar. Choose a date that exists.`,
      field,
    };
  }
  try {
    return plain.toZonedDateTime(zone, { disambiguation: 'reject' });
  } catch {
    const earlier = plain.toZonedDateTime(zone, { disambiguation: 'earlier' });
    const isGap = !earlier.toPlainDateTime().equals(plain);
    const said = `${clockOf(plain.hour * 60 + plain.minute)} on ${plain.toPlainDate().toLocaleString('en-US', { dateStyle: 'long' })}`;
    return {
      status: 422,
      code: 'TIME_NOT_IN_ZONE',
      message: isGap
        ? `${said} does not exist in ${zone}: the clocks spring forward an hour that night for daylight saving time. Choose a time before or after the change.`
        : `${said} happens twice in ${zone}: the clocks fall back an hour that night. Choose a time before or after the repeated hour.`,
      field,
    };
  }
}

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && 'code' in value && 'status' in value;

function durationWords(minutes: number): string {
  if (minutes % 60 === 0) return `${minutes / 60} ${minutes === 60 ? 'hour' : 'hours'}`;
  return `${minutes} minutes`;
}

/** The opening periods of an ISO weekday, in minutes of the day, earliest first. */
export function periodsOf(rules: Pick<AmenityRules, 'hours'>, weekday: number): [number, number][] {
  return rules.hours
    .filter((hours) => hours.weekday === weekday)
    .map((hours): [number, number] => [minutesOf(hours.opens), minutesOf(hours.closes)])
    .sort((a, b) => a[0] - b[0]);
}

function hoursWords(rules: AmenityRules, weekday: number): string {
  const periods = periodsOf(rules, weekday);
  const day = weekdayNames[weekday - 1]!;
  if (periods.length === 0) return `${rules.name} is closed on ${day}.`;
  return `${rules.name} is open ${periods.map(([opens, closes]) => `${clockOf(opens)}–${clockOf(closes)}`).join(' and ')} on ${day}.`;
}

/**
 * The rules a request's times must meet, before any other booking is looked at: real times on the
 * amenity's clock, the end after the start, no clock change inside, a whole number of slots between the
 * shortest and longest booking, on the slot grid inside one opening period, between the lead time and the
 * advance window, outside blackouts, and no more people than a shared amenity holds.
 */
export function checkTimes(
  rules: AmenityRules,
  request: { startsLocal: string; endsLocal: string; headcount: number },
  now: Temporal.Instant,
  blackouts: Blackout[],
): BookingTimes | Refusal {
  const start = zonedOrRefusal(request.startsLocal, rules.timeZone, 'startsLocal');
  if (isRefusal(start)) return start;
  const end = zonedOrRefusal(request.endsLocal, rules.timeZone, 'endsLocal');
  if (isRefusal(end)) return end;
  const wallMinutes = start
    .toPlainDateTime()
    .until(end.toPlainDateTime(), { largestUnit: 'minutes' }).minutes;
  if (wallMinutes <= 0)
    return {
      status: 422,
      code: 'ENDS_BEFORE_START',
      message: `A booking must end after it starts: ${clockOf(end.hour * 60 + end.minute)} is not after ${clockOf(start.hour * 60 + start.minute)}. Choose an end time later than the start.`,
      field: 'endsLocal',
    };
  const realMinutes = start.until(end, { largestUnit: 'minutes' }).minutes;
  if (realMinutes !== wallMinutes)
    return {
      status: 422,
      code: 'SPANS_CLOCK_CHANGE',
      message: `The clocks change for daylight saving time during this booking, so ${clockOf(start.hour * 60 + start.minute)}–${clockOf(end.hour * 60 + end.minute)} would last ${durationWords(realMinutes)}, not ${durationWords(wallMinutes)}. Book a time that ends before the change or starts after it.`,
      field: 'endsLocal',
    };
  if (realMinutes % rules.slotMinutes !== 0)
    return {
      status: 422,
      code: 'NOT_WHOLE_SLOTS',
      message: `${rules.name} is booked in ${durationWords(rules.slotMinutes)} slots: choose an end time a whole number of slots after the start.`,
      field: 'endsLocal',
    };
  if (realMinutes < rules.minMinutes)
    return {
      status: 422,
      code: 'TOO_SHORT',
      message: `A booking of ${rules.name} lasts at least ${durationWords(rules.minMinutes)}.`,
      field: 'endsLocal',
    };
  if (realMinutes > rules.maxMinutes)
    return {
      status: 422,
      code: 'TOO_LONG',
      message: `A booking of ${rules.name} lasts at most ${durationWords(rules.maxMinutes)}: choose an end time within ${durationWords(rules.maxMinutes)} of the start.`,
      field: 'endsLocal',
    };
  const weekday = start.dayOfWeek;
  const startMinute = start.hour * 60 + start.minute;
  const sameDay = end.toPlainDate().equals(start.toPlainDate());
  const endsAtMidnight =
    !sameDay &&
    end.toPlainDate().equals(start.toPlainDate().add({ days: 1 })) &&
    end.hour === 0 &&
    end.minute === 0;
  const endMinute = sameDay ? end.hour * 60 + end.minute : endsAtMidnight ? 1440 : Infinity;
  const period = periodsOf(rules, weekday).find(
    ([opens, closes]) => opens <= startMinute && endMinute <= closes,
  );
  if (!period)
    return {
      status: 422,
      code: 'OUTSIDE_HOURS',
      message: `That time is outside the opening hours. ${hoursWords(rules, weekday)}`,
      field: 'startsLocal',
    };
  if ((startMinute - period[0]) % rules.slotMinutes !== 0)
    return {
      status: 422,
      code: 'NOT_ON_SLOT',
      message: `Bookings of ${rules.name} start on the ${durationWords(rules.slotMinutes)} slots from ${clockOf(period[0])}.`,
      field: 'startsLocal',
    };
  const startInstant = start.toInstant();
  if (Temporal.Instant.compare(startInstant, now) <= 0)
    return {
      status: 422,
      code: 'IN_THE_PAST',
      message: 'That time has passed. Choose a time later today or on another day.',
      field: 'startsLocal',
    };
  const earliest = now.add({ minutes: rules.leadMinutes });
  if (Temporal.Instant.compare(startInstant, earliest) < 0)
    return {
      status: 422,
      code: 'TOO_SOON',
      message: `${rules.name} must be booked at least ${durationWords(rules.leadMinutes)} ahead: the earliest start is ${sayWhen(earliest.toZonedDateTimeISO(rules.timeZone))}.`,
      field: 'startsLocal',
    };
  const latest = now.toZonedDateTimeISO(rules.timeZone).add({ days: rules.advanceDays });
  if (Temporal.ZonedDateTime.compare(start, latest) > 0)
    return {
      status: 422,
      code: 'TOO_FAR_AHEAD',
      message: `${rules.name} can be booked at most ${rules.advanceDays} days ahead: up to ${sayWhen(latest)}.`,
      field: 'startsLocal',
    };
  const endInstant = end.toInstant();
  const closed = blackouts.find(
    (blackout) =>
      Temporal.Instant.compare(blackout.startsAt, endInstant) < 0 &&
      Temporal.Instant.compare(blackout.endsAt, startInstant) > 0,
  );
  if (closed)
    return {
      status: 422,
      code: 'BLACKOUT',
      message: `${rules.name} is closed from ${sayWhen(closed.startsAt.toZonedDateTimeISO(rules.timeZone))} to ${sayWhen(closed.endsAt.toZonedDateTimeISO(rules.timeZone))}: ${closed.reason}. Choose a time outside it.`,
      field: 'startsLocal',
    };
  if (rules.capacityMode === 'shared' && request.headcount > rules.capacity)
    return {
      status: 422,
      code: 'OVER_CAPACITY',
      message: `${rules.name} holds at most ${rules.capacity} people at once.`,
      field: 'headcount',
    };
  return { start, end };
}

/** The slots of a day on the amenity's clock: each opening period cut into slots that really exist. */
export function slotsOfDay(rules: AmenityRules, date: Temporal.PlainDate): BookingTimes[] {
  const slots: BookingTimes[] = [];
  for (const [opens, closes] of periodsOf(rules, date.dayOfWeek)) {
    for (let minute = opens; minute + rules.slotMinutes <= closes; minute += rules.slotMinutes) {
      const start = zonedOrRefusal(
        localOf(date.toPlainDateTime().add({ minutes: minute })),
        rules.timeZone,
        's',
      );
      const end = zonedOrRefusal(
        localOf(date.toPlainDateTime().add({ minutes: minute + rules.slotMinutes })),
        rules.timeZone,
        'e',
      );
      // A slot in, or across, the hour the clocks skip or repeat is not offered.
      if (isRefusal(start) || isRefusal(end)) continue;
      if (start.until(end, { largestUnit: 'minutes' }).minutes !== rules.slotMinutes) continue;
      slots.push({ start, end });
    }
  }
  return slots;
}

/** People already in [start, end): the most at any moment of it. */
export function peopleDuring(busy: Busy[], start: Temporal.Instant, end: Temporal.Instant): number {
  const overlapping = busy.filter(
    (item) =>
      Temporal.Instant.compare(item.startsAt, end) < 0 && Temporal.Instant.compare(item.endsAt, start) > 0,
  );
  let most = 0;
  for (const point of overlapping.map((item) => item.startsAt).concat([start])) {
    if (Temporal.Instant.compare(point, start) < 0 || Temporal.Instant.compare(point, end) >= 0) continue;
    const people = overlapping
      .filter(
        (item) =>
          Temporal.Instant.compare(item.startsAt, point) <= 0 &&
          Temporal.Instant.compare(item.endsAt, point) > 0,
      )
      .reduce((sum, item) => sum + item.people, 0);
    most = Math.max(most, people);
  }
  return most;
}

/** Whether [start, end) is free for `headcount` more people. */
export function isFree(
  rules: Pick<AmenityRules, 'capacityMode' | 'capacity'>,
  busy: Busy[],
  start: Temporal.Instant,
  end: Temporal.Instant,
  headcount: number,
): boolean {
  const people = peopleDuring(busy, start, end);
  return rules.capacityMode === 'exclusive' ? people === 0 : people + headcount <= rules.capacity;
}

/**
 * The next free times of the same length as the one asked for, from its start on (the same day first,
 * then the days after, up to `days`), each one a request that the rules would accept.
 */
export function nextFreeTimes(
  rules: AmenityRules,
  from: Temporal.ZonedDateTime,
  durationMinutes: number,
  headcount: number,
  busy: Busy[],
  blackouts: Blackout[],
  now: Temporal.Instant,
  options: { count?: number; days?: number } = {},
): ErrorAlternative[] {
  const count = options.count ?? 3;
  const days = Math.min(options.days ?? 14, rules.advanceDays + 1);
  const found: ErrorAlternative[] = [];
  const firstDate = from.toPlainDate();
  for (let day = 0; day <= days && found.length < count; day++) {
    const date = firstDate.add({ days: day });
    for (const slot of slotsOfDay(rules, date)) {
      if (found.length >= count) break;
      if (Temporal.ZonedDateTime.compare(slot.start, from) < 0) continue;
      const endLocal = slot.start.toPlainDateTime().add({ minutes: durationMinutes });
      const checked = checkTimes(
        rules,
        { startsLocal: localOf(slot.start), endsLocal: localOf(endLocal), headcount },
        now,
        blackouts,
      );
      if (isRefusal(checked)) continue;
      if (!isFree(rules, busy, checked.start.toInstant(), checked.end.toInstant(), headcount)) continue;
      found.push(alternativeOf(checked));
    }
  }
  return found;
}

export function alternativeOf(times: BookingTimes): ErrorAlternative {
  const day = times.start
    .toPlainDate()
    .toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
  return {
    label: `${day}, ${clockOf(times.start.hour * 60 + times.start.minute)}–${clockOf(
      times.end.toPlainDate().equals(times.start.toPlainDate())
        ? times.end.hour * 60 + times.end.minute
        : 1440,
    )}`,
    startsLocal: localOf(times.start),
    endsLocal: localOf(times.end),
    startsAt: times.start.toInstant().toString(),
    endsAt: times.end.toInstant().toString(),
  };
}

/** The day, ISO week (Monday first) or month on the amenity's clock that a start falls in. */
export function periodAround(
  start: Temporal.ZonedDateTime,
  period: AmenityLimitPeriod,
): { from: Temporal.Instant; to: Temporal.Instant } {
  const date = start.toPlainDate();
  const first =
    period === 'day'
      ? date
      : period === 'week'
        ? date.subtract({ days: date.dayOfWeek - 1 })
        : date.with({ day: 1 });
  const next =
    period === 'day'
      ? first.add({ days: 1 })
      : period === 'week'
        ? first.add({ weeks: 1 })
        : first.add({ months: 1 });
  const startOfDay = (value: Temporal.PlainDate) =>
    value.toZonedDateTime({ timeZone: start.timeZoneId }).toInstant();
  return { from: startOfDay(first), to: startOfDay(next) };
}

export const limitCodeOf = (per: 'unit' | 'person', period: AmenityLimitPeriod) =>
  `LIMIT_PER_${per.toUpperCase()}_${period.toUpperCase()}`;

/**
 * Opening hours a manager gives: each period's opening before its closing (the contract checks the form),
 * and no two periods of a day overlapping.
 */
export function hoursRefusal(hours: AmenityHours[]): Refusal | null {
  for (const [index, period] of hours.entries()) {
    if (minutesOf(period.opens) >= minutesOf(period.closes))
      return {
        status: 422,
        code: 'HOURS_ORDER',
        message: `On ${weekdayNames[period.weekday - 1]} it opens at ${period.opens} and closes at ${period.closes}: it must open before it closes.`,
        field: `hours.${index}`,
      };
  }
  for (let weekday = 1; weekday <= 7; weekday++) {
    const periods = periodsOf({ hours }, weekday);
    for (let index = 1; index < periods.length; index++)
      if (periods[index]![0] < periods[index - 1]![1])
        return {
          status: 422,
          code: 'HOURS_OVERLAP',
          message: `The opening hours on ${weekdayNames[weekday - 1]} overlap (${clockOf(periods[index - 1]![0])}–${clockOf(periods[index - 1]![1])} and ${clockOf(periods[index]![0])}–${clockOf(periods[index]![1])}). Give each period once.`,
          field: 'hours',
        };
  }
  return null;
}
