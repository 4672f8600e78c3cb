import { formatMoney } from '@commonwise/contracts';

/**
 * What a person types as dollars ("325.50", "$1,200", ".5") in whole cents, read from the text itself,
 * never through a float; null when it is not an amount with at most two decimals (or is zero and zero
 * is not allowed).
 */
export function centsFromText(text: string, { allowZero = false } = {}): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match || (match[1] === '' && !match[2])) return null;
  const cents = Number(match[1] || '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return cents > 0 || (allowZero && cents === 0) ? cents : null;
}

/** Cents as a person would type them back: "1200" for whole dollars, "325.50" otherwise. */
export function textOfCents(cents: number): string {
  const dollars = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(dollars) : `${dollars}.${String(rest).padStart(2, '0')}`;
}

/** A limit as the policy card says it: "$2,500" for whole dollars, "$2,500.50" otherwise. */
export const formatLimit = (cents: number) => formatMoney(cents, { wholeDollars: cents % 100 === 0 });
