import { describe, expect, it } from 'vitest';
import { isWithin, localClock, nextLocalTime } from './zoned-time.ts';

const la = 'America/Los_Angeles';

describe('zoned time', () => {
  it('reads the local clock of an instant', () => {
    expect(localClock(new Date('2026-11-24T06:30:00Z'), la)).toEqual({
      date: '2026-11-23',
      minutes: 22 * 60 + 30,
    });
    expect(localClock(new Date('2026-11-24T06:30:00Z'), 'Asia/Tokyo')).toEqual({
      date: '2026-11-24',
      minutes: 15 * 60 + 30,
    });
  });

  it('tells whether a time is inside a window that spans midnight', () => {
    expect(isWithin(23 * 60, 22 * 60, 7 * 60)).toBe(true);
    expect(isWithin(6 * 60 + 59, 22 * 60, 7 * 60)).toBe(true);
    expect(isWithin(7 * 60, 22 * 60, 7 * 60)).toBe(false);
    expect(isWithin(12 * 60, 9 * 60, 17 * 60)).toBe(true);
    expect(isWithin(17 * 60, 9 * 60, 17 * 60)).toBe(false);
  });

  it('finds the next 07:00, on an ordinary night and across both daylight-saving changes', () => {
    // 23:00 PST → 07:00 PST the next morning.
    expect(nextLocalTime(new Date('2026-11-24T07:00:00Z'), la, 420).toISOString()).toBe(
      '2026-11-24T15:00:00.000Z',
    );
    // 23:00 PST on 7 March 2026 → 07:00 PDT on 8 March (clocks went forward at 02:00).
    expect(nextLocalTime(new Date('2026-03-08T07:00:00Z'), la, 420).toISOString()).toBe(
      '2026-03-08T14:00:00.000Z',
    );
    // 23:00 PDT on 31 October 2026 → 07:00 PST on 1 November (clocks went back at 02:00).
    expect(nextLocalTime(new Date('2026-11-01T06:00:00Z'), la, 420).toISOString()).toBe(
      '2026-11-01T15:00:00.000Z',
    );
  });

  it('gives a local time skipped in spring as the hour after', () => {
    // 01:00 PST on 8 March 2026; 02:30 does not exist that night.
    expect(nextLocalTime(new Date('2026-03-08T09:00:00Z'), la, 150).toISOString()).toBe(
      '2026-03-08T10:30:00.000Z',
    );
  });

  it('is a day ahead when it is that time now', () => {
    expect(nextLocalTime(new Date('2026-11-24T15:00:00Z'), la, 420).toISOString()).toBe(
      '2026-11-25T15:00:00.000Z',
    );
  });
});
