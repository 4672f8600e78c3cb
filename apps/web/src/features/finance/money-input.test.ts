import { describe, expect, it } from 'vitest';
import { basisPointsFromPercent, budgetCentsFrom, centsFromDollars, dollarsTextOf } from './money-input.ts';

describe('centsFromDollars', () => {
  it('reads dollars as typed into whole cents', () => {
    expect(centsFromDollars('325.50')).toBe(32_550);
    expect(centsFromDollars('$1,200')).toBe(120_000);
    expect(centsFromDollars('.5')).toBe(50);
    expect(centsFromDollars(' 0.01 ')).toBe(1);
    expect(centsFromDollars('19.99')).toBe(1_999);
  });

  it('refuses what is not a positive amount of at most two decimals', () => {
    for (const text of ['', '.', '0', '0.00', '-5', '1.234', 'abc', '1e3', '12.3.4'])
      expect(centsFromDollars(text), text).toBeNull();
  });
});

describe('budgetCentsFrom', () => {
  it('reads a blank or zero cell as nothing budgeted, and amounts as cents', () => {
    for (const text of ['', '  ', '0', '0.00', '$0', '.0']) expect(budgetCentsFrom(text), text).toBe(0);
    expect(budgetCentsFrom('1,250.10')).toBe(125_010);
    expect(budgetCentsFrom('0.29')).toBe(29);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['-5', '1.234', 'twelve', '.']) expect(budgetCentsFrom(text), text).toBeNull();
  });
});

describe('dollarsTextOf', () => {
  it('writes cents back as they would be typed, and reads back the same', () => {
    expect(dollarsTextOf(0)).toBe('');
    expect(dollarsTextOf(120_000)).toBe('1200');
    expect(dollarsTextOf(32_550)).toBe('325.50');
    expect(dollarsTextOf(7)).toBe('0.07');
    for (const cents of [1, 99, 100, 32_550, 99_999_999])
      expect(budgetCentsFrom(dollarsTextOf(cents))).toBe(cents);
  });
});

describe('basisPointsFromPercent', () => {
  it('reads a percentage as whole basis points, from the text', () => {
    expect(basisPointsFromPercent('10')).toBe(1_000);
    expect(basisPointsFromPercent('12.5%')).toBe(1_250);
    expect(basisPointsFromPercent('1.25')).toBe(125);
    expect(basisPointsFromPercent('0')).toBe(0);
    expect(basisPointsFromPercent('100')).toBe(10_000);
  });

  it('refuses what is not a percentage from 0 to 100 with at most two decimals', () => {
    for (const text of ['', 'ten', '-5', '100.01', '1.234', '150', '.'])
      expect(basisPointsFromPercent(text)).toBeNull();
  });
});
