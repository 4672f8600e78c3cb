import { describe, expect, it } from 'vitest';
import { sampleDay, sampleMonth, sampleWeekday } from './sample-dates.ts';

describe('sample dates', () => {
  const today = new Date(2025, 5, 9, 12);
  it('counts from today', () => {
    expect(sampleDay(12, today)).toBe('Jun 21, 2025');
    expect(sampleDay(-40, today)).toBe('Apr 30, 2025');
    expect(sampleWeekday(5, today)).toBe('Sat, Jun 14');
    expect(sampleMonth(-7, today)).toBe('Nov 2024');
  });
});
