import { describe, expect, it } from 'vitest';
import { draftTotalCents, readLines, type DraftLine } from './line-editor.ts';
import { centsFromText } from './money.ts';

const line = (key: number, description: string, amount: string): DraftLine => ({ key, description, amount });

describe('the invoice line editor', () => {
  it('reads dollars as whole cents from the text, never through a float', () => {
    expect(centsFromText('0.1')).toBe(10);
    expect(centsFromText('0.29')).toBe(29);
    expect(centsFromText('$1,234.5')).toBe(123_450);
    expect(centsFromText('19.99')).toBe(1_999);
    expect(centsFromText('.05')).toBe(5);
    expect(centsFromText('1.234')).toBeNull();
    expect(centsFromText('-5')).toBeNull();
    expect(centsFromText('0')).toBeNull();
    expect(centsFromText('0', { allowZero: true })).toBe(0);
    expect(centsFromText('abc')).toBeNull();
  });

  it('totals the lines as they are typed, counting an unreadable amount as nothing', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004: in cents it is 30.
    expect(draftTotalCents([line(1, 'a', '0.1'), line(2, 'b', '0.2')])).toBe(30);
    expect(draftTotalCents([line(1, 'Labour', '355.50'), line(2, 'Parts', '214'), line(3, '', '12.x')])).toBe(
      56_950,
    );
    expect(draftTotalCents([line(1, '', '')])).toBe(0);
  });

  it('sends the lines in cents, and leaves out a blank line after the first', () => {
    const read = readLines([line(1, ' Labour ', '355.50'), line(2, 'Parts', '$1,214'), line(3, '', '')]);
    expect(read.errors).toEqual({});
    expect(read.lines).toEqual([
      { description: 'Labour', amountCents: 35_550 },
      { description: 'Parts', amountCents: 121_400 },
    ]);
  });

  it('says what is wrong with each line', () => {
    const read = readLines([line(1, '', ''), line(2, 'Parts', '-3'), line(3, 'Call-out', '1.005')]);
    expect(read.errors).toEqual({
      1: { description: 'Say what the line is for', amount: 'Enter the amount' },
      2: { amount: 'Enter an amount in dollars above $0.00, with at most two decimals' },
      3: { amount: 'Enter an amount in dollars above $0.00, with at most two decimals' },
    });
    expect(read.lines).toEqual([]);
  });
});
