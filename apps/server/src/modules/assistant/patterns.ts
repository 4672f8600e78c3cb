/**
 * Small helpers for writing the rule tables. Every table matches the output of `normalizeText`:
 * lower-case ASCII words separated by single spaces.
 */

/** Negations and "does not work" phrases, for use inside patterns. */
export const NOT =
  '(?:not|doesnt|does not|dont|do not|didnt|did not|wont|will not|isnt|is not|arent|are not|cant|can not|cannot|never|no longer|no)';
export const BROKEN =
  '(?:broken|broke|busted|dead|out|off|not working|stopped|stopped working|quit|died|doesnt work|dont work|wont work|isnt working|not work|no funciona|no sirve|no prende|descompuest[oa]|rot[oa]|se apago)';

/** A whole-word pattern. */
export function words(source: string): RegExp {
  return new RegExp(`\\b(?:${source})\\b`);
}

/** `a`, then within `gap` words `b` (in that order). */
export function near(a: string, b: string, gap = 4): RegExp {
  return new RegExp(`\\b(?:${a})\\b(?: [a-z0-9]+){0,${gap}} (?:${b})\\b`);
}

/** `a` and `b` within `gap` words of each other, in either order. */
export function around(a: string, b: string, gap = 4): RegExp {
  return new RegExp(`${near(a, b, gap).source}|${near(b, a, gap).source}`);
}

/** Where the first of `patterns` matches in `text`, or -1. */
export function firstMatch(text: string, patterns: readonly RegExp[]): number {
  let first = -1;
  for (const pattern of patterns) {
    const m = pattern.exec(text);
    if (m && (first === -1 || m.index < first)) first = m.index;
  }
  return first;
}

/** Whether any of `patterns` matches `text`. */
export function anyMatch(text: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((p) => p.test(text));
}

const negators = new Set(['no', 'not', 'without', 'never', 'nobody', 'none', 'sin', 'nadie', 'nunca', 'ni']);
const negatorPhrases = /\b(?:doesnt|dont|isnt|arent|wasnt)(?: [a-z]+)?$/;

/** Whether the three words before `index` negate what follows ("no gas smell", "doesnt smell like gas"). */
export function isNegatedAt(text: string, index: number): boolean {
  const before = text.slice(0, index).trim();
  const lastWords = before.split(' ').slice(-3);
  return lastWords.some((w) => negators.has(w)) || negatorPhrases.test(before);
}

/** The first match of any pattern that is not negated, or -1. */
export function firstAffirmedMatch(text: string, patterns: readonly RegExp[]): number {
  let first = -1;
  for (const pattern of patterns) {
    const global = new RegExp(pattern.source, 'g');
    for (const m of text.matchAll(global)) {
      if (isNegatedAt(text, m.index)) continue;
      if (first === -1 || m.index < first) first = m.index;
      break;
    }
  }
  return first;
}
