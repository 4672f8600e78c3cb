import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { formatMoney, type OnlinePaymentMethod, type ProviderEventOutcome } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { bookingMoney, bookings } from '../../db/schema/index.ts';
import type { Executor, JobQueue } from '../../plugins/jobs.ts';
import type { PaymentProviderClient } from '../finance/payment-providers.ts';
import { postBookingMoney } from './booking-money.ts';

/**
 * A booking's money through the payment provider (decision 0066 §5). With Stripe, paying a booking
 * starts a PaymentIntent that the booker's browser confirms; the booking is paid when Stripe's signed
 * webhook says the intent succeeded (or at once, with the demo's test provider). What is given back —
 * a cancelled or declined booking's fee and deposit, a deposit returned after the event, a payment that
 * arrived after its hold lapsed — is posted in the books in the transaction that decides it, with a job
 * in the same transaction that refunds it through the provider: a crash between the two leaves the job
 * queued, and the provider's idempotency key (the refund's own id) makes a retried job refund once.
 */

/** Bookings are paid by card with Stripe: a bank debit takes days, and a hold lasts minutes. */
export function bookingMethodsOf(provider: PaymentProviderClient): readonly OnlinePaymentMethod[] {
  return provider.name === 'stripe' ? ['card'] : provider.methods;
}

export const providerRefundQueue = 'amenities.provider-refund';
export type ProviderRefundPayload = { bookingMoneyId: string };

type BookingRef = { id: string; propertyId: string };
type GiveBack = Parameters<typeof postBookingMoney>[2] & { kind: 'refund' | 'deposit_settlement' };

/**
 * Posts money given back (a refund, a deposit's return) and, when the booking was paid through Stripe,
 * queues its refund there in the same transaction.
 */
export async function giveBack(
  tx: Db,
  jobs: JobQueue,
  booking: BookingRef,
  movement: GiveBack,
): Promise<void> {
  const entryId = await postBookingMoney(tx, booking, movement);
  const [paid] = await tx
    .select({ provider: bookingMoney.provider })
    .from(bookingMoney)
    .where(and(eq(bookingMoney.bookingId, booking.id), eq(bookingMoney.kind, 'payment')));
  const cash =
    movement.feeCents +
    movement.depositCents -
    (movement.kind === 'deposit_settlement' ? (movement.keptCents ?? 0) : 0);
  if (paid?.provider !== 'stripe' || cash <= 0) return;
  const [given] = await tx
    .select({ id: bookingMoney.id })
    .from(bookingMoney)
    .where(eq(bookingMoney.journalEntryId, entryId));
  await jobs.enqueue<ProviderRefundPayload>(
    providerRefundQueue,
    { bookingMoneyId: given!.id },
    { executor: tx as Executor, dedupeKey: `booking-refund:${given!.id}` },
  );
}

/** Refunds through the provider what a refund or settlement gave back, once (the job's handler). */
export async function refundThroughProvider(
  db: Db,
  provider: PaymentProviderClient | null,
  bookingMoneyId: string,
): Promise<'refunded' | 'already_refunded'> {
  const [given] = await db.select().from(bookingMoney).where(eq(bookingMoney.id, bookingMoneyId));
  if (!given) throw new Error(`No booking money ${bookingMoneyId}`);
  if (given.providerRefundRef) return 'already_refunded';
  const [paid] = await db
    .select()
    .from(bookingMoney)
    .where(and(eq(bookingMoney.bookingId, given.bookingId), eq(bookingMoney.kind, 'payment')));
  if (!paid?.providerRef || paid.provider !== 'stripe')
    throw new Error(`Booking ${given.bookingId} was not paid through Stripe`);
  if (!provider?.refund)
    // Stripe's keys were removed since: the job fails and is kept, to run when they are back.
    throw new Error('Stripe is not set up on this installation: the refund waits');
  const refundRef = await provider.refund({
    providerRef: paid.providerRef,
    amountCents: given.feeCents + given.depositCents,
    idempotencyKey: given.id,
  });
  await db.update(bookingMoney).set({ providerRefundRef: refundRef }).where(eq(bookingMoney.id, given.id));
  return 'refunded';
}

/**
 * What Stripe's webhook does with an event about a booking's payment (found by the intent it started,
 * kept on the booking): `null` when the intent is not a booking's. Paying is the bookings service's
 * (`settle`), so that the webhook and the test provider's immediate answer post the same way.
 */
export function bookingPaymentEvents(deps: {
  settle: (
    tx: Db,
    bookingId: string,
    paid: { providerRef: string; amountCents: number; eventId: string },
  ) => Promise<ProviderEventOutcome>;
}) {
  return async (tx: Db, event: Stripe.Event, intentId: string): Promise<ProviderEventOutcome | null> => {
    const [booking] = await tx
      .select({ id: bookings.id, feeCents: bookings.feeCents, depositCents: bookings.depositCents })
      .from(bookings)
      .where(eq(bookings.paymentRef, intentId));
    if (!booking) return null;
    if (event.type === 'payment_intent.succeeded') {
      const intent = event.data.object;
      const received = intent.amount_received || intent.amount;
      if (intent.currency !== 'usd' || received !== booking.feeCents + booking.depositCents)
        return 'amount_mismatch';
      return deps.settle(tx, booking.id, { providerRef: intentId, amountCents: received, eventId: event.id });
    }
    // A declined card: the booker sees Stripe's answer in the payment form and may try again before the
    // hold lapses. Our own refunds report back as charge.refunded; they are already in the books.
    if (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled')
      return 'failed';
    if (event.type === 'payment_intent.processing') return 'still_pending';
    return 'ignored';
  };
}

/** The note a booker gets when their payment arrived after the hold lapsed, and went back. */
export const lateArrivalNote = (amountCents: number) =>
  `Your payment of ${formatMoney(amountCents)} reached us after the hold on this time had lapsed, so the time was no longer kept for you. The whole payment is refunded to your card; it usually shows within 5 to 10 business days. Book again if the time is still free.`;
