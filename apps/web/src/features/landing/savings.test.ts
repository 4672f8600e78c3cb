import { describe, expect, it } from 'vitest';
import { formatDollars, parseUnits, yearlySaving } from './savings.ts';

describe('the savings calculator', () => {
  it('reproduces the published examples', () => {
    expect(formatDollars(yearlySaving(50))).toBe('$12,000');
    expect(formatDollars(yearlySaving(200))).toBe('$48,000');
    expect(formatDollars(yearlySaving(600))).toBe('$144,000');
  });

  it('accepts whole numbers of units from 1 to 10,000 only', () => {
    expect(parseUnits(' 75 ')).toBe(75);
    expect(parseUnits('1')).toBe(1);
    expect(parseUnits('10000')).toBe(10_000);
    for (const text of ['', '0', '10001', '-5', '12.5', '1e3', 'abc']) expect(parseUnits(text)).toBeNull();
  });
});
