import { describe, expect, it } from 'vitest';
import { formatDurationMs, formatShare, languageName } from './format.ts';

describe('durations as a person reads them', () => {
  it.each([
    [0, '0 ms'],
    [850, '850 ms'],
    [1000, '1.0 s'],
    [1499, '1.4 s'],
    [59_999, '59.9 s'],
    [60_000, '1 min'],
    [125_000, '2 min 5 s'],
    [3_600_000, '1 h'],
    [11_400_000, '3 h 10 min'],
    [187_200_000, '2 d 4 h'],
  ])('%i ms is %s', (ms, text) => {
    expect(formatDurationMs(ms)).toBe(text);
  });
});

describe('shares and languages', () => {
  it('rounds a share to a whole percentage', () => {
    expect(formatShare(56 / 72)).toBe('78%');
    expect(formatShare(1)).toBe('100%');
    expect(formatShare(0)).toBe('0%');
  });

  it('names languages in English, and says when none was recognised', () => {
    expect(languageName('pt')).toBe('Portuguese');
    expect(languageName('zh')).toBe('Chinese');
    expect(languageName('und')).toBe('Not recognised');
    expect(languageName(null)).toBe('Not recognised');
  });
});
