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

/**
 * A budget cell as typed: blank or zero is nothing budgeted (0), otherwise as `centsFromDollars`; null
 * when it is not an amount.
 */
export function budgetCentsFrom(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (cleaned === '' || /^(0+\.?0{0,2}|\.0{1,2})$/.test(cleaned)) return 0;
  return centsFromDollars(text);
}

/** Cents as a person would type them back: "1200" for whole dollars, "325.50" otherwise; blank for 0. */
export function dollarsTextOf(cents: number): string {
  if (cents === 0) return '';
  const dollars = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return rest === 0 ? String(dollars) : `${dollars}.${String(rest).padStart(2, '0')}`;
}

/**
 * A percentage as typed ("10", "12.5", "1.25%") in whole basis points (10% = 1000), read from the text,
 * never through a float; null when it is not a number from 0 to 100 with at most two decimals.
 */
export function basisPointsFromPercent(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(text.trim().replace(/%$/, '').trim());
  if (!match) return null;
  const points = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return points <= 10_000 ? points : null;
}
