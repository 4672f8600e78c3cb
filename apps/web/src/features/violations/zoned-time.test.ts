import { describe, expect, it } from 'vitest';
import { formatInZone, zonedIsoOf } from './zoned-time.ts';

describe('zonedIsoOf', () => {
  it('reads a typed time in the association’s zone, with that day’s offset', () => {
    expect(zonedIsoOf('2026-12-15T18:00', 'America/Chicago')).toBe('2026-12-15T18:00:00-06:00');
    expect(zonedIsoOf('2026-07-15T18:00', 'America/Chicago')).toBe('2026-07-15T18:00:00-05:00');
    expect(zonedIsoOf('2026-07-15T18:00', 'Asia/Kolkata')).toBe('2026-07-15T18:00:00+05:30');
    expect(zonedIsoOf('2026-07-15T18:00', 'UTC')).toBe('2026-07-15T18:00:00+00:00');
  });

  it('uses the offset in force after a daylight-saving change on that day', () => {
    // March 8, 2026: Chicago moves from -06:00 to -05:00 at 2 AM.
    expect(zonedIsoOf('2026-03-08T01:30', 'America/Chicago')).toBe('2026-03-08T01:30:00-06:00');
    expect(zonedIsoOf('2026-03-08T18:00', 'America/Chicago')).toBe('2026-03-08T18:00:00-05:00');
  });

  it('refuses what is not a date and time', () => {
    expect(zonedIsoOf('', 'America/Chicago')).toBeNull();
    expect(zonedIsoOf('2026-02-30T18:00', 'America/Chicago')).toBeNull();
    expect(zonedIsoOf('2026-12-15T25:00', 'America/Chicago')).toBeNull();
  });
});

describe('formatInZone', () => {
  it('shows a moment as the association reads it', () => {
    expect(formatInZone('2026-12-16T00:00:00.000Z', 'America/Chicago')).toBe('Dec 15, 2026, 6:00 PM CST');
  });
});
