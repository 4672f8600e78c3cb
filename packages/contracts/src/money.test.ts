import { describe, expect, it } from 'vitest';
import { addCents, centsSchema, dollarsToCents, formatMoney, percentOf, splitCents } from './money.ts';

describe('money in cents', () => {
  it('formats one way: dollars and cents, thousands, negatives, whole dollars', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(-1200)).toBe('-$12.00');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(4_800_000, { wholeDollars: true })).toBe('$48,000');
    expect(formatMoney(dollarsToCents(325))).toBe('$325.00');
  });

  it('adds exactly where floats would not', () => {
    expect(addCents(10, 20)).toBe(30); // 0.1 + 0.2
    expect(addCents(32555, -32555, 1)).toBe(1);
  });

  it('takes a percentage in basis points, rounding half up to the cent', () => {
    expect(percentOf(32555, 1000)).toBe(3256); // 10% of $325.55 = $32.555
    expect(percentOf(1000, 500)).toBe(50);
    expect(percentOf(99, 50)).toBe(0); // 0.5% of 99 cents = 0.495 cent
  });

  it('splits to the cent and loses nothing', () => {
    expect(splitCents(1_000_000, [1, 1, 1])).toEqual([333334, 333333, 333333]);
    expect(splitCents(10000, [5000, 5000])).toEqual([5000, 5000]);
    for (const [total, shares] of [
      [100, [3333, 3333, 3334]],
      [12345, [1, 2, 3, 4]],
      [1, [1, 1, 1]],
    ] as const) {
      const parts = splitCents(total, [...shares]);
      expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
      expect(parts.every(Number.isInteger)).toBe(true);
    }
    expect(() => splitCents(100, [])).toThrow('Nothing to split between');
  });

  it('refuses amounts that are not whole cents', () => {
    expect(centsSchema.safeParse(12.5).success).toBe(false);
    expect(centsSchema.safeParse(1250).success).toBe(true);
    expect(() => formatMoney(0.5)).toThrow('Not a whole number of cents');
  });
});
