import type { VendorWorkOrder } from '@commonwise/contracts';
import { describe, expect, it } from 'vitest';
import { daysUntil, summarise } from './due-dates.ts';

const today = new Date(2026, 2, 18, 15, 30); // local time, so the days do not depend on the time zone
const order = (status: string, dueDate: string | null) => ({ status, dueDate }) as VendorWorkOrder;

describe('vendor work counts', () => {
  it('counts whole calendar days to a due date, negative once it has passed', () => {
    expect(daysUntil('2026-03-18', today)).toBe(0);
    expect(daysUntil('2026-03-25', today)).toBe(7);
    expect(daysUntil('2026-03-17', today)).toBe(-1);
  });

  it('counts open work, open work due within a week (overdue too) and completed work', () => {
    const orders = [
      order('new', '2026-03-25'),
      order('in_progress', '2026-03-10'),
      order('pending', '2026-03-26'),
      order('pending', null),
      order('completed', '2026-03-19'),
      order('cancelled', '2026-03-19'),
    ];
    expect(summarise(orders, today)).toEqual({ open: 4, dueSoon: 2, completed: 1 });
  });
});
