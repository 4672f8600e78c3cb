import {
  formatMoney,
  maxCents,
  type BidInput,
  type BidRequestInput,
  type VendorTrade,
} from '@commonwise/contracts';
import { centsFromDollars } from '../finance/api.ts';
import { isoFromZonedLocal } from './labels.ts';

export type FieldErrors<Key extends string> = Partial<Record<Key, string>>;

export interface BidFormValues {
  amount: string;
  timeline: string;
  terms: string;
  exceedsReason: string;
}
export type BidFormField = keyof BidFormValues;

/** The amount as typed, in whole cents; null when it is not one. */
export const bidAmountCents = (amount: string) => centsFromDollars(amount);

/** Whether the amount typed is above the request's not-to-exceed (the explanation is then asked). */
export function isAboveNotToExceed(amount: string, notToExceedCents: number | null): boolean {
  const cents = bidAmountCents(amount);
  return cents !== null && notToExceedCents !== null && cents > notToExceedCents;
}

/**
 * A company's bid as typed, checked as the server will (dollars to whole cents through the text, never a
 * float; above the not-to-exceed only with an explanation, which is not sent otherwise).
 */
export function readBidForm(
  values: BidFormValues,
  notToExceedCents: number | null,
): { input: BidInput; errors: null } | { input: null; errors: FieldErrors<BidFormField> } {
  const errors: FieldErrors<BidFormField> = {};
  const cents = bidAmountCents(values.amount);
  if (!values.amount.trim()) errors.amount = 'Enter the amount of your bid';
  else if (cents === null) errors.amount = 'Enter an amount in dollars and cents, such as 3,980.00';
  else if (cents > maxCents) errors.amount = 'The amount is too large';
  const timeline = values.timeline.trim();
  if (!timeline) errors.timeline = 'Say when you can start and how long the work takes';
  const isAbove = cents !== null && notToExceedCents !== null && cents > notToExceedCents;
  const exceedsReason = values.exceedsReason.trim();
  if (isAbove && !exceedsReason)
    errors.exceedsReason = `Your bid is above the not-to-exceed of ${formatMoney(notToExceedCents)}: explain why`;
  if (Object.keys(errors).length > 0 || cents === null) return { input: null, errors };
  const terms = values.terms.trim();
  return {
    errors: null,
    input: {
      amountCents: cents,
      timeline,
      ...(terms ? { terms } : {}),
      ...(isAbove ? { exceedsReason } : {}),
    },
  };
}

export interface RequestFormValues {
  title: string;
  scope: string;
  trade: VendorTrade | null;
  workOrderId: string | null;
  siteVisitFrom: string;
  siteVisitTo: string;
  dueAt: string;
  notToExceed: string;
  companyIds: string[];
}
export type RequestFormField = keyof RequestFormValues;

/**
 * A request for bids as typed: times are wall-clock on the association's clock (its time zone), the
 * not-to-exceed in dollars. The server checks again (the due time against its own clock).
 */
export function readRequestForm(
  values: RequestFormValues,
  timeZone: string,
  now: Date = new Date(),
): { input: BidRequestInput; errors: null } | { input: null; errors: FieldErrors<RequestFormField> } {
  const errors: FieldErrors<RequestFormField> = {};
  if (!values.title.trim()) errors.title = 'Give the request a title';
  if (!values.scope.trim()) errors.scope = 'Describe the work to quote for';
  if (!values.trade) errors.trade = 'Choose the trade';
  const dueAt = values.dueAt ? isoFromZonedLocal(values.dueAt, timeZone) : null;
  if (!dueAt) errors.dueAt = 'Say when bids are due';
  else if (Date.parse(dueAt) <= now.getTime()) errors.dueAt = 'Bids must be due in the future';
  const from = values.siteVisitFrom ? isoFromZonedLocal(values.siteVisitFrom, timeZone) : null;
  const to = values.siteVisitTo ? isoFromZonedLocal(values.siteVisitTo, timeZone) : null;
  if (Boolean(from) !== Boolean(to)) {
    if (!from) errors.siteVisitFrom = 'Give both the start and the end of the site visit, or neither';
    else errors.siteVisitTo = 'Give both the start and the end of the site visit, or neither';
  } else if (from && to) {
    if (Date.parse(from) >= Date.parse(to)) errors.siteVisitTo = 'The site visit must end after it starts';
    else if (dueAt && Date.parse(from) >= Date.parse(dueAt))
      errors.siteVisitFrom = 'The site visit must start before bids are due';
  }
  let notToExceedCents: number | undefined;
  if (values.notToExceed.trim()) {
    const cents = centsFromDollars(values.notToExceed);
    if (cents === null) errors.notToExceed = 'Enter an amount in dollars, such as 4,500';
    else notToExceedCents = cents;
  }
  if (values.companyIds.length === 0) errors.companyIds = 'Invite at least one company';
  if (Object.keys(errors).length > 0 || !dueAt || !values.trade) return { input: null, errors };
  return {
    errors: null,
    input: {
      title: values.title.trim(),
      scope: values.scope.trim(),
      trade: values.trade,
      dueAt,
      companyIds: values.companyIds,
      ...(values.workOrderId ? { workOrderId: values.workOrderId } : {}),
      ...(from && to ? { siteVisitFrom: from, siteVisitTo: to } : {}),
      ...(notToExceedCents !== undefined ? { notToExceedCents } : {}),
    },
  };
}

/**
 * The server's field errors (AppError fields) on the form's fields: the amount's and the not-to-exceed's
 * cents fields are the typed dollars' fields here.
 */
export function fieldErrorsFrom<Key extends string>(
  fields: Record<string, string> | undefined,
  renames: Partial<Record<string, Key>>,
  known: readonly Key[],
): FieldErrors<Key> {
  const errors: FieldErrors<Key> = {};
  for (const [field, message] of Object.entries(fields ?? {})) {
    const key = (renames[field] ?? field) as Key;
    if (known.includes(key)) errors[key] = message;
  }
  return errors;
}
