import { formatMoney, type AutopayEnrolment, type SavedMethod } from '@commonwise/contracts';
import { format } from 'date-fns';
import { formatDate } from '../../lib/format.ts';

/** "Visa ending 4242, expires 03/2028"; "Test bank account ending 6789". */
export function describeMethod(method: SavedMethod): string {
  const brand = method.brand || (method.kind === 'card' ? 'Card' : 'Bank account');
  const ending = method.last4 ? ` ending ${method.last4}` : '';
  const expiry =
    method.expMonth !== null && method.expYear !== null
      ? `, ${method.isExpired ? 'expired' : 'expires'} ${String(method.expMonth).padStart(2, '0')}/${method.expYear}`
      : '';
  return `${brand}${ending}${expiry}`;
}

/** Whether autopay may charge the method: the provider has it and, for a card, it has not expired. */
export const isUsableMethod = (method: SavedMethod) => method.status === 'active' && !method.isExpired;

/** Why a saved method cannot be chosen for autopay, or null when it can. */
export function whyUnusable(method: SavedMethod): string | null {
  if (method.status === 'pending') return 'Being confirmed by Stripe: it can be used in a moment.';
  if (method.status === 'failed')
    return `Not accepted: ${method.failureReason ?? 'the provider refused it'}. Add it again or use another.`;
  if (method.isExpired) return 'Expired: add the new card.';
  return null;
}

/** "November 2026" from an attempt's period ("2026-11"); the period itself when it is not a month. */
export function formatPeriod(period: string): string {
  return /^\d{4}-\d{2}$/.test(period) ? format(new Date(`${period}-01T00:00:00`), 'MMMM yyyy') : period;
}

type Attempt = AutopayEnrolment['history'][number];

/** The server's sentence after a colon: "Failed: your card was declined" (an initialism such as ACH kept). */
const afterColon = (sentence: string) =>
  /^[A-Z][a-z]/.test(sentence) ? sentence.charAt(0).toLowerCase() + sentence.slice(1) : sentence;

/** What autopay did in a month, in words: "Charged $450.00", "Failed: your card was declined". */
export function describeAttempt(attempt: Attempt, maxCents: number): string {
  const amount = attempt.amountCents === null ? null : formatMoney(attempt.amountCents);
  switch (attempt.outcome) {
    case 'charged':
      return amount ? `Charged ${amount}` : 'Charged';
    case 'pending':
      return amount ? `Charged ${amount}, pending with the bank` : 'Pending with the bank';
    case 'failed':
      return `Failed: ${attempt.reason ? afterColon(attempt.reason) : 'the payment was refused'}`;
    case 'over_max':
      return `Not charged: ${
        attempt.reason
          ? afterColon(attempt.reason)
          : amount
            ? `balance ${amount} above your maximum ${formatMoney(maxCents)}`
            : `the balance was above your maximum ${formatMoney(maxCents)}`
      }`;
    case 'nothing_due':
      return 'Nothing due, nothing charged';
    case 'reminded':
      return `Reminder sent ${formatDate(attempt.at)}${amount ? ` for ${amount}` : ''}`;
  }
}
