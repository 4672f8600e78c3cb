import { describe, expect, it } from 'vitest';
import { dollarsToCentsOrUndefined, paragraphsOf } from './labels.ts';

describe('letter helpers', () => {
  it('turns typed dollars into whole cents', () => {
    expect(dollarsToCentsOrUndefined(325.5)).toBe(32_550);
    expect(dollarsToCentsOrUndefined(0.1 + 0.2)).toBe(30);
    expect(dollarsToCentsOrUndefined('')).toBeUndefined();
  });

  it('splits a body into paragraphs at blank lines, keeping single line breaks', () => {
    expect(paragraphsOf('One\nline two\n\n\nTwo\r\n\r\nThree ')).toEqual(['One\nline two', 'Two', 'Three']);
  });
});
