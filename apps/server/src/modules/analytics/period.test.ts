import { describe, expect, it } from 'vitest';
import { nextDay, periodInstants, startOfDayIn } from './period.ts';

describe('a period in a time zone', () => {
  it('starts at UTC midnight in UTC', () => {
    expect(startOfDayIn('2025-01-31', 'UTC').toISOString()).toBe('2025-01-31T00:00:00.000Z');
  });

  it("starts at the zone's own midnight, in winter and in summer", () => {
    expect(startOfDayIn('2025-01-15', 'America/Los_Angeles').toISOString()).toBe('2025-01-15T08:00:00.000Z');
    expect(startOfDayIn('2025-07-15', 'America/Los_Angeles').toISOString()).toBe('2025-07-15T07:00:00.000Z');
    expect(startOfDayIn('2025-07-15', 'Asia/Kolkata').toISOString()).toBe('2025-07-14T18:30:00.000Z');
  });

  it('covers the 23 hours of the day clocks spring forward and the 25 of the day they fall back', () => {
    const spring = periodInstants('2025-03-09', '2025-03-09', 'America/New_York');
    expect(spring.startsAt.toISOString()).toBe('2025-03-09T05:00:00.000Z');
    expect(spring.endsBefore.getTime() - spring.startsAt.getTime()).toBe(23 * 3_600_000);
    const autumn = periodInstants('2025-11-02', '2025-11-02', 'America/New_York');
    expect(autumn.endsBefore.getTime() - autumn.startsAt.getTime()).toBe(25 * 3_600_000);
  });

  it('ends before the day after the last day, across months and leap days', () => {
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2024-12-31')).toBe('2025-01-01');
    expect(periodInstants('2024-02-01', '2024-02-29', 'UTC').endsBefore.toISOString()).toBe(
      '2024-03-01T00:00:00.000Z',
    );
  });
});
