import {
  add as addDinero,
  allocate as allocateDinero,
  dinero,
  halfUp,
  multiply,
  toDecimal,
  toSnapshot,
  transformScale,
  USD,
  type Dinero,
} from 'dinero.js';
import { z } from 'zod';

/**
 * Money (issue 18, decision 0030): every amount is a whole number of cents — in contracts, in the
 * database (`bigint` cents) and in arithmetic, which goes through dinero.js so that shares, percentages
 * and splits round one way everywhere. There is one formatter. US dollars only for now.
 */
export type Cents = number;

/** The largest amount the product accepts: $10 billion, far inside a safe integer of cents. */
export const maxCents = 1_000_000_000_000;

/** An amount in cents as a contract field: a whole number, never a float of dollars. */
export const centsSchema = z
  .number('Amount must be a number of cents')
  .int('Amount must be a whole number of cents')
  .min(-maxCents, 'Amount is too large')
  .max(maxCents, 'Amount is too large');

const toDinero = (cents: Cents): Dinero<number> => {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  return dinero({ amount: cents, currency: USD });
};

/** Back to cents, at the currency's own scale (2), rounding half away from zero upwards. */
const toCents = (money: Dinero<number>): Cents => toSnapshot(transformScale(money, 2, halfUp)).amount;

export function addCents(...amounts: Cents[]): Cents {
  return toCents(amounts.map(toDinero).reduce((sum, amount) => addDinero(sum, amount), toDinero(0)));
}

/**
 * A percentage of an amount, given in basis points (1% = 100), rounded half up to the cent: a 10% late
 * fee on $325.55 is $32.56.
 */
export function percentOf(cents: Cents, basisPoints: number): Cents {
  if (!Number.isSafeInteger(basisPoints)) throw new RangeError(`Not whole basis points: ${basisPoints}`);
  return toCents(multiply(toDinero(cents), { amount: basisPoints, scale: 4 }));
}

/**
 * Splits an amount by shares (any whole numbers, e.g. basis points), to the cent, losing nothing: the
 * parts always add up to the whole, the odd cents going to the first shares. $100.00 in three equal
 * shares is 33.34, 33.33 and 33.33.
 */
export function splitCents(cents: Cents, shares: number[]): Cents[] {
  if (shares.length === 0) throw new RangeError('Nothing to split between');
  if (shares.some((share) => !Number.isSafeInteger(share) || share < 0))
    throw new RangeError('Shares must be whole numbers, not negative');
  return allocateDinero(toDinero(cents), shares).map(toCents);
}

const formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeDollarFormatter = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/**
 * The one way an amount is shown: "$1,234.50", "-$12.00". `wholeDollars` rounds to the dollar for
 * summaries and estimates ("$48,000").
 */
export function formatMoney(cents: Cents, options: { wholeDollars?: boolean } = {}): string {
  const decimal = Number(toDecimal(toDinero(cents)));
  return (options.wholeDollars ? wholeDollarFormatter : formatter).format(decimal);
}

/** Whole dollars (a figure people type, a marketing estimate) as cents. */
export const dollarsToCents = (dollars: number): Cents => {
  if (!Number.isSafeInteger(dollars)) throw new RangeError(`Not whole dollars: ${dollars}`);
  return dollars * 100;
};
