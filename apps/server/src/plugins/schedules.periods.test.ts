import { describe, expect, it } from 'vitest';
import {
  defineSchedule,
  instantOfPeriod,
  isOccurrence,
  latestOccurrence,
  nextOccurrence,
  occurrencesBetween,
  periodKeyOf,
} from './schedules.ts';

const la = 'America/Los_Angeles';
const hour = 3_600_000;
const at = (iso: string) => new Date(iso);
/** The occurrences of `cron` in `timeZone` between two instants (from exclusive, to inclusive). */
const between = (cron: string, timeZone: string, from: string, to: string) =>
  occurrencesBetween(cron, timeZone, at(from), at(to));
const keys = (instants: Date[], timeZone = la) => instants.map((instant) => periodKeyOf(instant, timeZone));

describe('period keys', () => {
  it('name the local time with its offset, to the minute', () => {
    expect(periodKeyOf(at('2026-07-04T14:00:00Z'), la)).toBe('2026-07-04T07:00-07:00');
    expect(periodKeyOf(at('2026-01-15T15:00:00Z'), la)).toBe('2026-01-15T07:00-08:00');
    expect(periodKeyOf(at('2026-01-15T15:00:00Z'), 'UTC')).toBe('2026-01-15T15:00+00:00');
    expect(periodKeyOf(at('2026-01-15T15:00:00Z'), 'Asia/Kolkata')).toBe('2026-01-15T20:30+05:30');
    expect(periodKeyOf(at('2026-01-15T15:00:00Z'), 'America/Chicago')).toBe('2026-01-15T09:00-06:00');
  });

  it('tell the two 01:30s of the fall-back night apart, and read back as the same instant', () => {
    const first = at('2026-11-01T08:30:00Z');
    const second = at('2026-11-01T09:30:00Z');
    expect([periodKeyOf(first, la), periodKeyOf(second, la)]).toEqual([
      '2026-11-01T01:30-07:00',
      '2026-11-01T01:30-08:00',
    ]);
    expect(instantOfPeriod(periodKeyOf(first, la))).toEqual(first);
    expect(instantOfPeriod(periodKeyOf(second, la))).toEqual(second);
  });

  it('cross midnight and the new year in the local time, not in UTC', () => {
    expect(periodKeyOf(at('2027-01-01T05:00:00Z'), la)).toBe('2026-12-31T21:00-08:00');
    expect(periodKeyOf(at('2026-12-31T23:30:00Z'), 'Pacific/Auckland')).toBe('2027-01-01T12:30+13:00');
  });
});

describe('cron in a time zone across daylight saving (America/Los_Angeles)', () => {
  it('fires a daily 07:00 once each day of the spring-forward week, at 07:00 local', () => {
    const fired = between('0 7 * * *', la, '2026-03-06T00:00:00Z', '2026-03-10T23:59:00Z');
    expect(keys(fired)).toEqual([
      '2026-03-06T07:00-08:00',
      '2026-03-07T07:00-08:00',
      '2026-03-08T07:00-07:00',
      '2026-03-09T07:00-07:00',
      '2026-03-10T07:00-07:00',
    ]);
  });

  it('fires a daily 02:30 once on the spring-forward night, though 02:30 does not exist then (at 03:30)', () => {
    const night = between('30 2 * * *', la, '2026-03-08T08:00:00Z', '2026-03-09T07:59:00Z');
    expect(night).toHaveLength(1);
    expect(keys(night)).toEqual(['2026-03-08T03:30-07:00']);
  });

  it('fires a daily 01:30 once on the fall-back night, though 01:30 happens twice (the first)', () => {
    const night = between('30 1 * * *', la, '2026-11-01T07:00:00Z', '2026-11-02T07:59:00Z');
    expect(night).toHaveLength(1);
    expect(keys(night)).toEqual(['2026-11-01T01:30-07:00']);
  });

  it('fires a daily 07:00 once on both nights, 23 and 25 hours after the day before', () => {
    const spring = between('0 7 * * *', la, '2026-03-07T15:00:00Z', '2026-03-08T23:00:00Z');
    const fall = between('0 7 * * *', la, '2026-10-31T14:00:00Z', '2026-11-01T23:00:00Z');
    expect(spring.map((instant) => instant.toISOString())).toEqual(['2026-03-08T14:00:00.000Z']);
    expect(fall.map((instant) => instant.toISOString())).toEqual(['2026-11-01T15:00:00.000Z']);
  });

  it('gives each real hour of the fall-back night its own period, so an hourly job runs each of them', () => {
    const fired = between('0 * * * *', la, '2026-11-01T07:30:00Z', '2026-11-01T10:30:00Z');
    expect(keys(fired)).toEqual([
      '2026-11-01T01:00-07:00',
      '2026-11-01T01:00-08:00',
      '2026-11-01T02:00-08:00',
    ]);
    expect(new Set(keys(fired)).size).toBe(fired.length);
  });
});

describe('finding the period due', () => {
  it('is the latest occurrence at or before now, within the catch-up window', () => {
    const now = at('2026-03-08T14:20:00Z'); // 07:20 local, the spring-forward day
    expect(latestOccurrence('0 7 * * *', la, now, hour)?.toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(latestOccurrence('0 7 * * *', la, at('2026-03-08T14:00:00Z'), hour)?.toISOString()).toBe(
      '2026-03-08T14:00:00.000Z',
    );
    // Missed by more than the window (the server was down): not caught up.
    expect(latestOccurrence('0 7 * * *', la, at('2026-03-08T16:00:00Z'), hour)).toBeUndefined();
  });

  it('never finds the second 01:30 of a fall-back night, whatever the window or the moment of the tick', () => {
    for (const minutes of [1, 15, 30, 59, 60, 90, 120, 360])
      for (const tick of ['2026-11-01T09:30:00Z', '2026-11-01T09:31:00Z', '2026-11-01T10:00:00Z']) {
        const found = latestOccurrence('30 1 * * *', la, at(tick), minutes * 60_000);
        expect(found === undefined || periodKeyOf(found, la) === '2026-11-01T01:30-07:00').toBe(true);
      }
    expect(nextOccurrence('30 1 * * *', la, at('2026-11-01T09:00:00Z'))?.toISOString()).toBe(
      '2026-11-02T09:30:00.000Z',
    );
  });

  it('knows its occurrences from other instants', () => {
    expect(isOccurrence('0 7 * * *', la, at('2026-03-08T14:00:00Z'))).toBe(true);
    expect(isOccurrence('0 7 * * *', la, at('2026-03-08T15:00:00Z'))).toBe(false);
    expect(isOccurrence('30 1 * * *', la, at('2026-11-01T09:30:00Z'))).toBe(false);
  });
});

describe('defining a schedule', () => {
  const valid = {
    name: 'tests.example',
    title: 'Example',
    description: 'An example',
    cron: '0 7 * * *',
    perProperty: true,
    preview: async () => ({ summary: '' }),
    run: async () => ({ summary: '' }),
  };

  it('refuses a bad name, a cron expression without five fields, and one that cannot be read', () => {
    expect(() => defineSchedule({ ...valid, name: 'Example' })).toThrow('dotted lower case');
    expect(() => defineSchedule({ ...valid, cron: '0 0 7 * * *' })).toThrow('five fields');
    expect(() => defineSchedule({ ...valid, cron: '0 25 * * *' })).toThrow();
    expect(() => defineSchedule({ ...valid, perProperty: false, timeZone: 'Mars/Olympus' })).toThrow();
    expect(defineSchedule(valid)).toBe(valid);
  });
});
