import { describe, expect, it } from 'vitest';
import { correctWord, editDistance, normalizeText } from './normalize.ts';

describe('normalizeText', () => {
  it('lower-cases, drops accents and apostrophes, and turns punctuation into spaces', () => {
    expect(normalizeText("The toilet WON'T flush!!")).toBe('the toilet wont flush');
    expect(normalizeText('¿Se rompió la calefacción?')).toBe('se rompio la calefaccion');
    expect(normalizeText('What do the CC&Rs say?')).toBe('what do the ccr say');
  });

  it('corrects misspelt key words and British spellings', () => {
    expect(normalizeText('my dishwaser and refrigerater')).toBe('my dishwasher and refrigerator');
    expect(normalizeText('toliet in the bathrom')).toBe('toilet in the bathroom');
    expect(normalizeText('the neighbour upstairs')).toBe('the neighbor upstairs');
  });

  it('leaves everyday words that are one letter from a key word alone', () => {
    expect(normalizeText('the window will not close')).toBe('the window will not close');
    expect(normalizeText('the fence is leaning and I am heading out')).toBe(
      'the fence is leaning and i am heading out',
    );
    expect(normalizeText('it is raining and the boxes need packing')).toBe(
      'it is raining and the boxes need packing',
    );
  });
});

describe('editDistance and correctWord', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('toliet', 'toilet')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', 'abcdef', 1)).toBe(2);
  });

  it('needs the first letter right and allows two edits only in long words', () => {
    expect(correctWord('thermastat')).toBe('thermostat');
    expect(correctWord('oilet')).toBe('oilet');
    expect(correctWord('garbge')).toMatch(/^garb?age$/);
    expect(correctWord('sink')).toBe('sink');
  });
});
