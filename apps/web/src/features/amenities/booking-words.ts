import type { Booking } from '@commonwise/contracts';
import { bookingStatusLabels, formatMoney } from '@commonwise/contracts';

/**
 * How a booking's state and money read, the same on the booker's and the managers' pages: words, never
 * the stored codes ("held", "none").
 */

/** Whether the booking's time is over (it took place, or would have). */
export const hasEnded = (booking: Pick<Booking, 'endsAt'>, now = Date.now()) =>
  Date.parse(booking.endsAt) <= now;

/** Whether it still holds its time and is to come. */
export const isUpcoming = (booking: Pick<Booking, 'status' | 'endsAt'>, now = Date.now()) =>
  ['held', 'pending', 'confirmed'].includes(booking.status) && !hasEnded(booking, now);

/** The status as a person says it: a confirmed booking that is over "took place". */
export function statusWords(booking: Booking, now = Date.now()): string {
  if (booking.status === 'held' && booking.paymentInProgress) return 'Payment being confirmed';
  if ((booking.status === 'confirmed' || booking.status === 'completed') && hasEnded(booking, now))
    return 'Took place';
  return bookingStatusLabels[booking.status];
}

const statusColor: Record<Booking['status'], string> = {
  held: 'yellow',
  pending: 'orange',
  confirmed: 'green',
  cancelled: 'gray',
  declined: 'red',
  expired: 'gray',
  completed: 'gray',
};

/** The status's colour: a booking that is over is grey, whatever its status, so it never looks current. */
export const statusColorOf = (booking: Booking, now = Date.now()) =>
  hasEnded(booking, now) ? 'gray' : statusColor[booking.status];

/** What became of the deposit, or null when there is none to speak of. */
export function depositWords(booking: Booking): string | null {
  if (booking.depositCents === 0) return null;
  const deposit = formatMoney(booking.depositCents);
  switch (booking.depositStatus) {
    case 'held':
      return `Deposit ${deposit} held, returned after the manager’s check`;
    case 'released':
      return `Deposit ${deposit} returned`;
    case 'deducted':
      return `${formatMoney(booking.depositDeductedCents)} of the ${deposit} deposit kept, ${formatMoney(booking.depositCents - booking.depositDeductedCents)} returned`;
    case 'none':
      return null;
  }
}

/**
 * The booking's money in a line: "Free", what is still to pay, what was paid and what became of it, or
 * null when there is nothing to say (a hold that lapsed unpaid).
 */
export function moneyWords(booking: Booking): string | null {
  if (booking.feeCents === 0 && booking.depositCents === 0) return 'Free';
  if (booking.status === 'held') {
    const parts = [
      booking.feeCents > 0 ? `fee ${formatMoney(booking.feeCents)}` : null,
      booking.depositCents > 0 ? `refundable deposit ${formatMoney(booking.depositCents)}` : null,
    ].filter(Boolean);
    return booking.paymentInProgress
      ? `${formatMoney(booking.amountDueCents)} being paid (${parts.join(' + ')})`
      : `${formatMoney(booking.amountDueCents)} to pay (${parts.join(' + ')})`;
  }
  if (booking.status === 'expired') return null;
  const refunded =
    booking.feeCents > 0 && booking.depositCents > 0
      ? 'Fee and deposit refunded'
      : booking.feeCents > 0
        ? 'Fee refunded'
        : 'Deposit refunded';
  if (booking.status === 'declined') return refunded;
  if (booking.status === 'cancelled')
    return booking.lateFeeChargeId
      ? `Late-cancellation fee of ${formatMoney(booking.lateCancelFeeCents)} charged to ${booking.unitLabel}`
      : booking.depositStatus === 'released'
        ? refunded
        : null;
  const deposit = depositWords(booking);
  return [booking.feeCents > 0 ? `Fee ${formatMoney(booking.feeCents)} paid` : null, deposit]
    .filter(Boolean)
    .join(' · ');
}
