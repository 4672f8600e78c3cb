import { Temporal } from 'temporal-polyfill';
import { RRuleTemporal } from 'rrule-temporal';
import { eventRepeatCountMax, eventRepeatYearsMax } from '@commonwise/contracts';
import { AppError } from '../../lib/errors.ts';

/**
 * Event time on the association's clock (issue 23 item 4, decisions 0064 §2 and 0065). Everything here
 * works on Temporal values with an explicit zone, never on the process's: a weekly 18:00 in Chicago is
 * 00:00Z before the March change and 23:00Z after it, whatever `TZ` the server runs under. Recurrence is
 * expanded by rrule-temporal (the `rrule` package gives wrong instants off UTC).
 */

export { Temporal };

const dateTimeFormat = (zone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: zone });

/** "6:00 PM on November 9, 2027", said of a wall-clock time. */
const said = (local: Temporal.PlainDateTime) =>
  `${local.toLocaleString('en-US', { hour: 'numeric', minute: '2-digit' })} on ${local.toLocaleString('en-US', { dateStyle: 'long' })}`;

/** A wall-clock time as we key it and send it: 2027-11-09T18:00. */
export const localKeyOf = (value: Temporal.ZonedDateTime | Temporal.PlainDateTime) =>
  (value instanceof Temporal.ZonedDateTime ? value.toPlainDateTime() : value).toString({
    smallestUnit: 'minute',
  });

/** A `timestamp without time zone` as the database returns it ("2027-11-09 18:00:00"), as a wall clock. */
export const plainOfDb = (value: string) => Temporal.PlainDateTime.from(value.replace(' ', 'T'));

/** The database form of a wall-clock time. */
export const dbOfPlain = (value: Temporal.PlainDateTime) => value.toString({ smallestUnit: 'second' });

/** A wall-clock date and time as given (2027-11-09T18:00), refusing dates that do not exist (Feb 30). */
export function plainOf(value: string, field: string): Temporal.PlainDateTime {
  try {
    return Temporal.PlainDateTime.from(value, { overflow: 'reject' });
  } catch {
    throw new AppError(422, 'INVALID_DATE', `${value.slice(0, 10)} is not a date on the calendar.`, {
      fields: { [field]: 'Choose a date that exists' },
    });
  }
}

/**
 * The instant a wall-clock time is in the zone. A time the clocks skip (the spring-forward gap) or show
 * twice (the fall-back hour) is refused, saying why, rather than moved an hour as `Date` arithmetic would.
 */
export function zonedOf(local: Temporal.PlainDateTime, zone: string, field: string): Temporal.ZonedDateTime {
  try {
    return local.toZonedDateTime(zone, { disambiguation: 'reject' });
  } catch {
    const earlier = local.toZonedDateTime(zone, { disambiguation: 'earlier' });
    const isGap = !earlier.toPlainDateTime().equals(local);
    throw new AppError(
      422,
      'TIME_NOT_IN_ZONE',
      isGap
        ? `${said(local)} does not exist in ${zone}: the clocks spring forward an hour that night for daylight saving time. Choose another time.`
        : `${said(local)} happens twice in ${zone}: the clocks fall back an hour that night when daylight saving time ends. Choose another time.`,
      {
        fields: { [field]: isGap ? 'This time is skipped that night' : 'This time happens twice that night' },
      },
    );
  }
}

const weekday = '(MO|TU|WE|TH|FR|SA|SU)';
const numberList =
  (min: number, max: number, signed = false) =>
  (value: string) =>
    value.split(',').every((part) => {
      if (!/^[+-]?\d{1,3}$/.test(part)) return false;
      const n = Number(part);
      return (signed ? Math.abs(n) >= min && Math.abs(n) <= max : n >= min && n <= max) && n !== 0;
    });
/** The rule parts we accept, each with its value's form (RFC 5545 §3.3.10; no sub-daily frequencies). */
const ruleParts: Record<string, (value: string) => boolean> = {
  FREQ: (value) => /^(DAILY|WEEKLY|MONTHLY|YEARLY)$/.test(value),
  INTERVAL: (value) => /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 366,
  COUNT: (value) => /^\d{1,4}$/.test(value) && Number(value) >= 1,
  UNTIL: (value) => /^\d{8}(T\d{6}Z?)?$/.test(value),
  BYDAY: (value) => value.split(',').every((part) => new RegExp(`^([+-]?[1-5])?${weekday}$`).test(part)),
  BYMONTHDAY: numberList(1, 31, true),
  BYMONTH: numberList(1, 12),
  BYSETPOS: numberList(1, 366, true),
  BYWEEKNO: numberList(1, 53, true),
  BYYEARDAY: numberList(1, 366, true),
  WKST: (value) => new RegExp(`^${weekday}$`).test(value),
};

const badRule = (message: string) =>
  new AppError(422, 'INVALID_REPEAT', message, { fields: { repeat: 'Check the repeat rule' } });

export type ParsedRule = {
  /** The rule as saved and sent to calendars: UNTIL in UTC, as RFC 5545 requires with a TZID start. */
  body: string;
  rule: RRuleTemporal;
  isBounded: boolean;
};

const compactOf = (value: Temporal.PlainDateTime | Temporal.ZonedDateTime) => {
  const plain = value instanceof Temporal.ZonedDateTime ? value.toPlainDateTime() : value;
  return plain.toString({ smallestUnit: 'second' }).replace(/[-:]/g, '');
};

/** The rule over a start, for expansion (the rule body is one we saved, so already checked). */
export function ruleOf(body: string, start: Temporal.ZonedDateTime): RRuleTemporal {
  return new RRuleTemporal({
    rruleString: `DTSTART;TZID=${start.timeZoneId}:${compactOf(start)}\nRRULE:${body}`,
    temporal: Temporal,
  });
}

/**
 * Checks a repeat rule strictly (rrule-temporal ignores parts it cannot read, such as COUNT=abc) and
 * caps it: at most 500 occurrences, or ending within 5 years of the start. A rule with no end is allowed:
 * lists and feeds expand it within a window. The start must be one of its occurrences (RFC 5545 leaves a
 * start off the rule undefined, and calendar apps disagree about it).
 */
export function parseRule(input: string, start: Temporal.ZonedDateTime): ParsedRule {
  const parts = new Map<string, string>();
  for (const part of input.split(';')) {
    const [name, value, ...rest] = part.split('=');
    if (!name || value === undefined || value === '' || rest.length > 0)
      throw badRule(`“${part}” is not a rule part. A rule looks like FREQ=WEEKLY;COUNT=10.`);
    const check = ruleParts[name];
    if (!check)
      throw badRule(
        name === 'FREQ' || !['HOURLY', 'MINUTELY', 'SECONDLY'].includes(value)
          ? `${name} is not a rule part we support. Use FREQ, INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH or BYSETPOS.`
          : 'An event repeats at most daily.',
      );
    if (!check(value))
      throw badRule(
        name === 'FREQ'
          ? 'An event repeats daily, weekly, monthly or yearly (FREQ=DAILY, WEEKLY, MONTHLY or YEARLY).'
          : `${name}=${value} is not a valid value for ${name}.`,
      );
    if (parts.has(name)) throw badRule(`${name} is given twice.`);
    parts.set(name, value);
  }
  if (!parts.has('FREQ')) throw badRule('Say how often it repeats: FREQ=DAILY, WEEKLY, MONTHLY or YEARLY.');
  if (parts.has('COUNT') && parts.has('UNTIL'))
    throw badRule('Give either how many times it happens (COUNT) or until when (UNTIL), not both.');
  // Parts that only some frequencies may carry (RFC 5545 §3.3.10): calendar apps read others differently.
  const freq = parts.get('FREQ')!;
  if (/[+-]?\d/.test(parts.get('BYDAY') ?? '') && freq !== 'MONTHLY' && freq !== 'YEARLY')
    throw badRule('A numbered day (such as 2TU, the second Tuesday) goes only with FREQ=MONTHLY or YEARLY.');
  if (parts.has('BYWEEKNO') && freq !== 'YEARLY') throw badRule('BYWEEKNO goes only with FREQ=YEARLY.');
  if (parts.has('BYYEARDAY') && freq !== 'YEARLY') throw badRule('BYYEARDAY goes only with FREQ=YEARLY.');
  if (parts.has('BYMONTHDAY') && freq === 'WEEKLY')
    throw badRule('BYMONTHDAY does not go with FREQ=WEEKLY: use FREQ=MONTHLY.');
  const count = parts.get('COUNT');
  if (count !== undefined && Number(count) > eventRepeatCountMax)
    throw badRule(`An event repeats at most ${eventRepeatCountMax} times.`);
  const until = parts.get('UNTIL');
  if (until !== undefined) {
    // A date, or a time on the association's clock, means the end of it there; a Z time is an instant.
    // A date or time that does not exist (Feb 30, 25:00) is refused, not moved.
    let untilInstant: Temporal.Instant;
    try {
      const date = Temporal.PlainDate.from(
        { year: +until.slice(0, 4), month: +until.slice(4, 6), day: +until.slice(6, 8) },
        { overflow: 'reject' },
      );
      const time =
        until.length > 8
          ? Temporal.PlainTime.from(
              { hour: +until.slice(9, 11), minute: +until.slice(11, 13), second: +until.slice(13, 15) },
              { overflow: 'reject' },
            )
          : Temporal.PlainTime.from('23:59:59');
      const wallClock = date.toPlainDateTime(time);
      untilInstant = until.endsWith('Z')
        ? wallClock.toZonedDateTime('UTC').toInstant()
        : wallClock.toZonedDateTime(start.timeZoneId).toInstant();
    } catch {
      throw badRule(`UNTIL=${until} is not a real date and time.`);
    }
    if (Temporal.Instant.compare(untilInstant, start.toInstant()) < 0)
      throw badRule('The repeat ends (UNTIL) before the event starts.');
    if (Temporal.Instant.compare(untilInstant, start.add({ years: eventRepeatYearsMax }).toInstant()) > 0)
      throw badRule(`A repeating event ends within ${eventRepeatYearsMax} years of its start.`);
    parts.set('UNTIL', untilInstant.toString({ smallestUnit: 'second' }).replace(/[-:]/g, ''));
  }
  const body = [...parts].map(([name, value]) => `${name}=${value}`).join(';');
  let rule: RRuleTemporal;
  try {
    rule = ruleOf(body, start);
  } catch (error) {
    throw badRule(`The repeat rule cannot be read: ${(error as Error).message}.`);
  }
  let first: Temporal.ZonedDateTime | null;
  try {
    first = rule.next(start.subtract({ seconds: 1 }));
  } catch {
    // rrule-temporal gives up on a rule whose parts never meet (February 30th, a 5th of 3).
    throw badRule('This rule never happens. Check its days and end.');
  }
  if (!first || !first.toInstant().equals(start.toInstant()))
    throw badRule(
      first
        ? `The first date must be one the rule repeats on: it would first happen on ${dateTimeFormat(start.timeZoneId).format(new Date(first.epochMilliseconds))}. Move the start there, or change the rule.`
        : 'This rule never happens. Check its days and end.',
    );
  return { body, rule, isBounded: parts.has('COUNT') || parts.has('UNTIL') };
}

/** When the last occurrence ends; null when the rule has no end. */
export function lastEndOf(parsed: ParsedRule, durationMinutes: number): Temporal.Instant | null {
  if (!parsed.isBounded) return null;
  let all: Temporal.ZonedDateTime[];
  try {
    all = parsed.rule.all();
  } catch {
    throw badRule('This rule cannot be expanded. Check its days and end.');
  }
  const last = all[all.length - 1];
  return last ? last.add({ minutes: durationMinutes }).toInstant() : null;
}

export type EventTiming = {
  timeZone: string;
  startsLocal: string;
  durationMinutes: number;
  rrule: string | null;
};

/** The event's first start, in its zone. */
export const firstStartOf = (event: EventTiming) =>
  plainOfDb(event.startsLocal).toZonedDateTime(event.timeZone, { disambiguation: 'compatible' });

/**
 * The occurrences (starts) of an event that overlap [from, to): a single event's one, or the rule's,
 * expanded by rrule-temporal in the event's zone.
 */
export function occurrencesBetween(
  event: EventTiming,
  from: Temporal.Instant,
  to: Temporal.Instant,
): Temporal.ZonedDateTime[] {
  const start = firstStartOf(event);
  const overlaps = (occurrence: Temporal.ZonedDateTime) =>
    Temporal.Instant.compare(occurrence.toInstant(), to) < 0 &&
    Temporal.Instant.compare(occurrence.add({ minutes: event.durationMinutes }).toInstant(), from) > 0;
  if (!event.rrule) return overlaps(start) ? [start] : [];
  const after = from.subtract({ minutes: event.durationMinutes });
  return ruleOf(event.rrule, start)
    .between(after.toZonedDateTimeISO(event.timeZone), to.toZonedDateTimeISO(event.timeZone), true)
    .filter(overlaps);
}

/** Whether a wall-clock start is one of the event's occurrences; its instant if so. */
export function occurrenceOf(
  event: EventTiming,
  local: Temporal.PlainDateTime,
): Temporal.ZonedDateTime | null {
  const start = firstStartOf(event);
  const candidate = local.toZonedDateTime(event.timeZone, { disambiguation: 'compatible' });
  if (!event.rrule) return candidate.toPlainDateTime().equals(start.toPlainDateTime()) ? start : null;
  const found = ruleOf(event.rrule, start).between(
    candidate.subtract({ hours: 2 }),
    candidate.add({ hours: 2 }),
    true,
  );
  return found.find((occurrence) => occurrence.toPlainDateTime().equals(local)) ?? null;
}
