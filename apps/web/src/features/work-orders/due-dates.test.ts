import { describe, expect, it } from 'vitest';
import { daysUntil } from './due-dates.ts';

const today = new Date(2026, 2, 18, 15, 30); // local time, so the days do not depend on the time zone

describe('due dates', () => {
  it('counts whole calendar days to a due date, negative once it has passed', () => {
    expect(daysUntil('2026-03-18', today)).toBe(0);
    expect(daysUntil('2026-03-25', today)).toBe(7);
    expect(daysUntil('2026-03-17', today)).toBe(-1);
  });
});
