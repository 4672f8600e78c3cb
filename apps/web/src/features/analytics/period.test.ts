import { describe, expect, it } from 'vitest';
import { lastDays, periodProblem, quickPeriodOf } from './period.ts';

const today = new Date(2025, 2, 10, 15, 30); // 10 March 2025, local time

describe('the period picker', () => {
  it('counts today as the last of the last N days', () => {
    expect(lastDays(7, today)).toEqual({ from: '2025-03-04', to: '2025-03-10' });
    expect(lastDays(30, today)).toEqual({ from: '2025-02-09', to: '2025-03-10' });
    expect(lastDays(1, today)).toEqual({ from: '2025-03-10', to: '2025-03-10' });
  });

  it('recognises a quick choice, and not a period that ends another day', () => {
    expect(quickPeriodOf({ from: '2025-02-09', to: '2025-03-10' }, today)).toBe(30);
    expect(quickPeriodOf({ from: '2025-02-08', to: '2025-03-09' }, today)).toBeNull();
  });

  it('says what is wrong with a typed period', () => {
    expect(periodProblem('', '2025-03-10')).toBe('Choose a start date');
    expect(periodProblem('2025-03-10', '2025-03-01')).toBe('The end date must be on or after the start date');
    expect(periodProblem('2024-01-01', '2025-01-01')).toBe('Choose a period of at most 366 days');
    expect(periodProblem('0002-01-01', '2024-12-31')).toBe('Choose dates between 2000 and 2099');
    expect(periodProblem('2024-01-01', '2024-12-31')).toBeNull();
  });
});
