import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import { formatMoney, type ProviderEventOutcome, type WebhookAnswer } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  paymentProviderEvents,
  payments,
  propertyManagers,
  savedPaymentMethods,
  units,
} from '../../db/schema/index.ts';
import type { MethodDetails } from './payment-providers.ts';
import { AppError } from '../../lib/errors.ts';
import type { Notifier } from '../notifications/notify.ts';
import { requireProperty } from './books.service.ts';
import { receiptOf } from './owner-accounts.service.ts';
import { lockUnit, paymentsByIds, returnPayment, settlePayment } from './payments.service.ts';

/**
 * Stripe's webhooks (issue 20, item 4; decision 0052). Each event is verified by its signature against the
 * endpoint's secret, then recorded by its id in the transaction that acts on it: a replay (Stripe delivers
 * at least once) finds the id and does nothing. What an event can do to a payment of ours, found by its
 * PaymentIntent:
 * - `payment_intent.succeeded`: a pending payment is allocated and posted, and the receipt sent;
 * - `payment_intent.processing`: a bank debit on its way; it stays pending;
 * - `payment_intent.payment_failed`: the attempt failed (a declined card, a failed bank debit). The payment
 *   stays pending with the reason, because the payer may try again with the same PaymentIntent; they are
 *   told. `payment_intent.canceled` ends it as failed;
 * - `charge.dispute.created`, a full `charge.refunded`, or `charge.failed` after success (a bank debit
 *   returned late): a received payment is returned — its entries reversed, its charges owed again — and the
 *   payer and the association's managers are told (a returned-payment fee is the manager's call).
 * An event for a payment we do not know, or whose amount is not the payment's, is recorded and posts
 * nothing.
 */

/**
 * Another domain's payments through Stripe (a booking's, decision 0066): asked, in the event's transaction,
 * about an intent that is not an owner's payment; `null` when it is not theirs either.
 */
export type PaymentEventHandler = (
  tx: Db,
  event: Stripe.Event,
  intentId: string,
) => Promise<ProviderEventOutcome | null>;

/** Verifies the signature (and its age, Stripe's five minutes) and reads the event: 400 when it fails. */
export function verifiedEvent(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
) {
  if (!signature)
    throw new AppError(400, 'MISSING_SIGNATURE', 'A Stripe webhook carries a Stripe-Signature header');
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError(400, 'BAD_SIGNATURE', 'The Stripe-Signature header does not match this request');
  }
}

const paymentIntentOf = (event: Stripe.Event): string | null => {
  const object = event.data.object as { object?: string; id?: string; payment_intent?: unknown };
  if (object.object === 'payment_intent') return object.id ?? null;
  const intent = object.payment_intent;
  if (typeof intent === 'string') return intent;
  if (intent && typeof intent === 'object' && 'id' in intent) return String(intent.id);
  return null;
};

export async function handleStripeEvent(
  db: Db,
  notifier: Notifier,
  event: Stripe.Event,
  log: { warn: (object: object, message: string) => void },
  describeMethod?: (methodRef: string) => Promise<MethodDetails>,
  otherPayments: readonly PaymentEventHandler[] = [],
): Promise<WebhookAnswer> {
  // A saved card's brand, last digits and expiry are asked of Stripe before the transaction (a network
  // call); a failure answers 500 and Stripe sends the event again.
  const setup = event.type === 'setup_intent.succeeded' ? event.data.object : null;
  const methodRef =
    typeof setup?.payment_method === 'string' ? setup.payment_method : (setup?.payment_method?.id ?? null);
  const details = methodRef && describeMethod ? await describeMethod(methodRef) : null;
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentProviderEvents)
      .values({ provider: 'stripe', eventId: event.id, type: event.type, outcome: 'ignored' })
      .onConflictDoNothing()
      .returning({ eventId: paymentProviderEvents.eventId });
    if (!recorded) {
      const [first] = await tx
        .select({ outcome: paymentProviderEvents.outcome })
        .from(paymentProviderEvents)
        .where(
          and(eq(paymentProviderEvents.provider, 'stripe'), eq(paymentProviderEvents.eventId, event.id)),
        );
      return { received: true, replayed: true, outcome: first!.outcome };
    }
    const { outcome, paymentId } = event.type.startsWith('setup_intent.')
      ? await actOnSetup(tx, event, details, log)
      : await actOn(tx, notifier, event, log, otherPayments);
    await tx
      .update(paymentProviderEvents)
      .set({ outcome, paymentId })
      .where(and(eq(paymentProviderEvents.provider, 'stripe'), eq(paymentProviderEvents.eventId, event.id)));
    return { received: true, replayed: false, outcome };
  });
}

async function actOn(
  tx: Db,
  notifier: Notifier,
  event: Stripe.Event,
  log: { warn: (object: object, message: string) => void },
  otherPayments: readonly PaymentEventHandler[],
): Promise<{ outcome: ProviderEventOutcome; paymentId: string | null }> {
  const handled = [
    'payment_intent.succeeded',
    'payment_intent.processing',
    'payment_intent.payment_failed',
    'payment_intent.canceled',
    'charge.refunded',
    'charge.dispute.created',
    'charge.failed',
  ];
  if (!handled.includes(event.type)) return { outcome: 'ignored', paymentId: null };
  const intentId = paymentIntentOf(event);
  const [known] = intentId
    ? await tx
        .select({ id: payments.id, propertyId: payments.propertyId, unitId: payments.unitId })
        .from(payments)
        .where(and(eq(payments.provider, 'stripe'), eq(payments.providerRef, intentId)))
    : [];
  // An autopay charge's intent can report before its payment has recorded it: found by its metadata.
  const metadataId = (event.data.object as { metadata?: Record<string, string> }).metadata
    ?.commonwise_payment_id;
  const [byMetadata] =
    !known && intentId && metadataId && /^[0-9a-f-]{36}$/.test(metadataId)
      ? await tx
          .update(payments)
          .set({ providerRef: intentId })
          .where(
            and(eq(payments.id, metadataId), eq(payments.provider, 'stripe'), isNull(payments.providerRef)),
          )
          .returning({ id: payments.id, propertyId: payments.propertyId, unitId: payments.unitId })
      : [];
  const found = known ?? byMetadata;
  if (!found && intentId)
    for (const other of otherPayments) {
      const outcome = await other(tx, event, intentId);
      if (outcome) return { outcome, paymentId: null };
    }
  if (!found) {
    log.warn({ eventId: event.id, type: event.type, intentId }, 'Stripe event for a payment we do not know');
    return { outcome: 'unknown_payment', paymentId: null };
  }
  await lockUnit(tx, found.propertyId, found.unitId);
  const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id)).for('update');
  const property = await requireProperty(tx, payment!.propertyId, undefined);
  const [unit] = await tx.select({ label: units.label }).from(units).where(eq(units.id, payment!.unitId));
  const about = { id: payment!.unitId, label: unit!.label, property };
  const done = (outcome: ProviderEventOutcome) => ({ outcome, paymentId: payment!.id });
  const tell = async (recipients: (string | null)[], title: string, body: string) =>
    notifier.notify(
      tx,
      recipients.filter((id): id is string => id !== null),
      {
        kind: 'payment.problem',
        propertyId: property.id,
        title,
        body,
        link: `/resident-portal/billing?unit=${payment!.unitId}`,
        dedupeKey: `payment-problem:${event.id}`,
      },
    );

  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      if (intent.currency !== 'usd' || (intent.amount_received || intent.amount) !== payment!.amountCents) {
        log.warn(
          {
            eventId: event.id,
            paymentId: payment!.id,
            amount: intent.amount_received,
            currency: intent.currency,
          },
          'Stripe says a payment succeeded for another amount: nothing posted',
        );
        return done('amount_mismatch');
      }
      if (payment!.status !== 'pending') return done('already_done');
      await settlePayment(tx, payment!, property.jurisdiction, property.today, null);
      const [made] = await paymentsByIds(tx, [payment!.id]);
      if (payment!.payerId) await notifier.notify(tx, [payment!.payerId], receiptOf(made!, about));
      return done('settled');
    }
    case 'payment_intent.processing':
      return done(payment!.status === 'pending' ? 'still_pending' : 'already_done');
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      if (payment!.status !== 'pending') return done('already_done');
      const intent = event.data.object;
      const isCanceled = event.type === 'payment_intent.canceled';
      const reason = isCanceled
        ? 'The payment was canceled'
        : (intent.last_payment_error?.message ?? 'The payment did not go through');
      await tx
        .update(payments)
        .set({ status: isCanceled ? 'failed' : 'pending', failureReason: reason, updatedAt: new Date() })
        .where(eq(payments.id, payment!.id));
      await tell(
        [payment!.payerId],
        `Payment not received: ${formatMoney(payment!.amountCents)} for unit ${unit!.label}`,
        `${property.name}, unit ${unit!.label}. ${reason}.${isCanceled ? '' : ' You can try again with another card or account.'}\n\nNothing was posted to your account.`,
      );
      return done('failed');
    }
    default: {
      // A refund, a dispute, or a charge that failed after it had succeeded (a bank debit returned late).
      if (event.type === 'charge.refunded') {
        const charge = event.data.object as Stripe.Charge;
        if (charge.amount_refunded < charge.amount) {
          log.warn(
            { eventId: event.id, paymentId: payment!.id, refunded: charge.amount_refunded },
            'A partial refund in Stripe: nothing reversed; record it in the books by hand',
          );
          return done('partial_refund');
        }
      }
      if (payment!.status !== 'succeeded') return done('already_done');
      const reason =
        event.type === 'charge.refunded'
          ? 'Refunded in Stripe'
          : event.type === 'charge.dispute.created'
            ? `Disputed with the bank (${(event.data.object as Stripe.Dispute).reason.replaceAll('_', ' ')})`
            : `Returned by the bank${(event.data.object as Stripe.Charge).failure_message ? `: ${(event.data.object as Stripe.Charge).failure_message}` : ''}`;
      await returnPayment(tx, payment!.id, reason, property.today, null);
      const managers = await tx
        .select({ userId: propertyManagers.userId })
        .from(propertyManagers)
        .where(eq(propertyManagers.propertyId, property.id));
      await tell(
        [payment!.payerId, ...managers.map((manager) => manager.userId)],
        `Payment returned: ${formatMoney(payment!.amountCents)} for unit ${unit!.label}`,
        `${property.name}, unit ${unit!.label}. ${reason}. The payment of ${formatMoney(payment!.amountCents)} received on ${payment!.receivedOn} has been reversed: the charges it paid are owed again.`,
      );
      return done('returned');
    }
  }
}

/**
 * A SetupIntent that saved (or failed to save) a card or bank account for autopay: the saved method,
 * found by the SetupIntent, becomes usable with its brand, last digits and expiry, or failed with why.
 */
async function actOnSetup(
  tx: Db,
  event: Stripe.Event,
  details: MethodDetails | null,
  log: { warn: (object: object, message: string) => void },
): Promise<{ outcome: ProviderEventOutcome; paymentId: null }> {
  if (event.type !== 'setup_intent.succeeded' && event.type !== 'setup_intent.setup_failed')
    return { outcome: 'ignored', paymentId: null };
  const setup = event.data.object;
  const [method] = await tx
    .select({ id: savedPaymentMethods.id, status: savedPaymentMethods.status })
    .from(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.provider, 'stripe'), eq(savedPaymentMethods.setupRef, setup.id)))
    .for('update');
  if (!method) {
    log.warn({ eventId: event.id, setupIntent: setup.id }, 'Stripe setup for a method we do not know');
    return { outcome: 'unknown_payment', paymentId: null };
  }
  if (method.status !== 'pending') return { outcome: 'already_done', paymentId: null };
  if (event.type === 'setup_intent.succeeded' && details) {
    await tx
      .update(savedPaymentMethods)
      .set({ status: 'active', ...details })
      .where(eq(savedPaymentMethods.id, method.id));
    return { outcome: 'method_saved', paymentId: null };
  }
  await tx
    .update(savedPaymentMethods)
    .set({
      status: 'failed',
      failureReason: setup.last_setup_error?.message ?? 'The card or account could not be saved',
    })
    .where(eq(savedPaymentMethods.id, method.id));
  return { outcome: 'method_failed', paymentId: null };
}
