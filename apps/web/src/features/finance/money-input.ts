/**
 * What a person types as an amount of dollars ("325.50", "$1,200", ".5") in whole cents, read from the
 * text itself, never through a float; null when it is not a positive amount with at most two decimals.
 */
export function centsFromDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match || (match[1] === '' && !match[2])) return null;
  const cents = Number(match[1] || '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents > 0 ? cents : null;
}
