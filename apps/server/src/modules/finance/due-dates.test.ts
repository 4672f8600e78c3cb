import { describe, expect, it } from 'vitest';
import {
  addDays,
  dueDatesBetween,
  lastDueDate,
  monthSoFar,
  nextDueDate,
  type DueTerms,
} from './due-dates.ts';

const monthly: DueTerms = {
  frequency: 'monthly',
  dueDay: 1,
  startsOn: '2027-01-01',
  endsOn: null,
  installments: null,
};

describe('due dates', () => {
  it('falls due every month on the due day, from the start', () => {
    expect(dueDatesBetween(monthly, null, '2027-03-31').map((date) => date.dueOn)).toEqual([
      '2027-01-01',
      '2027-02-01',
      '2027-03-01',
    ]);
  });

  it('bills a due day of 31 on the last day of shorter months, leap years included', () => {
    const terms = { ...monthly, dueDay: 31, startsOn: '2027-12-15' };
    expect(dueDatesBetween(terms, null, '2028-04-30').map((date) => date.dueOn)).toEqual([
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
    ]);
    expect(dueDatesBetween({ ...terms, startsOn: '2026-12-01' }, null, '2027-02-28').at(-1)?.dueOn).toBe(
      '2027-02-28',
    );
  });

  it('skips a due day before the start in the start month and counts quarters from the start month', () => {
    const terms: DueTerms = { ...monthly, frequency: 'quarterly', dueDay: 1, startsOn: '2027-01-15' };
    expect(dueDatesBetween(terms, null, '2027-12-31').map((date) => date.dueOn)).toEqual([
      '2027-04-01',
      '2027-07-01',
      '2027-10-01',
    ]);
  });

  it('yearly dates, and an end date that stops the schedule', () => {
    const terms: DueTerms = { ...monthly, frequency: 'yearly', dueDay: 15, startsOn: '2027-03-01' };
    expect(dueDatesBetween(terms, null, '2030-12-31').map((date) => date.dueOn)).toEqual([
      '2027-03-15',
      '2028-03-15',
      '2029-03-15',
      '2030-03-15',
    ]);
    expect(dueDatesBetween({ ...monthly, endsOn: '2027-02-15' }, null, '2027-12-31')).toHaveLength(2);
  });

  it('numbers installments from the first due date, whatever part is asked for, and stops after the last', () => {
    const special: DueTerms = { ...monthly, installments: 3 };
    expect(dueDatesBetween(special, '2027-01-01', '2027-12-31')).toEqual([
      { dueOn: '2027-02-01', period: '2027-02', installment: 2 },
      { dueOn: '2027-03-01', period: '2027-03', installment: 3 },
    ]);
    expect(lastDueDate(special)?.dueOn).toBe('2027-03-01');
    expect(nextDueDate(special, '2027-03-01')).toBeNull();
  });

  it('the next due date after a day, and none for a schedule with no end', () => {
    expect(nextDueDate(monthly, '2027-05-01')).toEqual({
      dueOn: '2027-06-01',
      period: '2027-06',
      installment: null,
    });
    expect(nextDueDate(monthly, null)?.dueOn).toBe('2027-01-01');
    expect(lastDueDate(monthly)).toBeNull();
  });
});

describe('calendar days', () => {
  it('moves a day across months and years, and reads a month so far', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(monthSoFar('2028-02', '2028-06-10')).toEqual({
      from: '2028-02-01',
      lastDay: '2028-02-29',
      through: '2028-02-29',
      isPartial: false,
    });
    expect(monthSoFar('2026-11', '2026-11-29')).toEqual({
      from: '2026-11-01',
      lastDay: '2026-11-30',
      through: '2026-11-29',
      isPartial: true,
    });
    // On its last day a month is still the month so far: that day's entries are still coming.
    expect(monthSoFar('2026-11', '2026-11-30')).toMatchObject({ through: '2026-11-30', isPartial: true });
    expect(monthSoFar('2026-11', '2026-12-01')).toMatchObject({ through: '2026-11-30', isPartial: false });
  });
});
