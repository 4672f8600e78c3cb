import { dollarsToCents, formatMoney } from '@commonwise/contracts';
/**
 * The savings calculator's one assumption: moving from a typical traditional fee of $40 per unit per
 * month to $20 saves $20 per unit per month. Both fees sit inside the quoted ranges ($25–50 and
 * $12–25), and it reproduces the published examples: 50 units $12,000, 200 units $48,000, 600 units
 * $144,000 a year.
 */
export const assumedFees = { traditional: 40, ours: 20 } as const;
export const savingPerUnitPerMonth = assumedFees.traditional - assumedFees.ours;

export const minUnits = 1;
export const maxUnits = 10_000;

/** Yearly saving in dollars for a community of `units` units. */
export function yearlySaving(units: number): number {
  return units * savingPerUnitPerMonth * 12;
}

/** The number of units typed into the calculator, or null when it is not a whole number in range. */
export function parseUnits(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const units = Number(trimmed);
  return units >= minUnits && units <= maxUnits ? units : null;
}

/** A whole-dollar estimate, through the one money formatter. */
export function formatDollars(amount: number): string {
  return formatMoney(dollarsToCents(amount), { wholeDollars: true });
}
