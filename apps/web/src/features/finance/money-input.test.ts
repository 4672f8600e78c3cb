import { describe, expect, it } from 'vitest';
import { centsFromDollars } from './money-input.ts';

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
