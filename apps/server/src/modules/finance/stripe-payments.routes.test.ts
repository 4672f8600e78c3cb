import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  NotificationPage,
  OwnerAccountList,
  PaymentPage,
  StartedPayment,
  WebhookAnswer,
} from '@commonwise/contracts';
import { journalEntries, paymentProviderEvents, properties, units } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { billedSinceLastMonth } from '../../test/fixtures/association.ts';
import { fakeStripe } from '../../test/fake-stripe.ts';

/**
 * Online payments through Stripe (issue 20, item 4; decision 0052), offline: the SDK's HTTP client is a
 * stand-in for Stripe's API that keeps PaymentIntents by idempotency key, and the webhooks are signed here
 * with the endpoint's secret, as Stripe signs them. Willow Creek bills $350.00 a month; resident@ owns 14B,
 * which owes $700.00 (last month and this). A payment is pending until Stripe's signed event says it
 * succeeded; a replay posts nothing; a bad signature is refused; a bank debit stays pending while it
 * processes, and a later return reverses it; an event for a payment we do not know posts nothing.
 */

const stripe = fakeStripe();
const { intents, created } = stripe;

let t: TestApp;
let plain: TestApp;
const cookies: Record<string, string> = {};
let willowId: string;
let unitId: string;

const balance = async () =>
  (
    (
      await injectAs(t.app, cookies.resident, { method: 'GET', url: '/api/finance/owner-accounts' })
    ).json() as OwnerAccountList
  ).accounts.find((account) => account.unit.label === '14B')!.balanceCents;

const pay = async (method: 'card' | 'ach', amountCents: number, idempotencyKey: string) => {
  const response = await injectAs(t.app, cookies.resident, {
    method: 'POST',
    url: `/api/finance/owner-accounts/${unitId}/payments`,
    payload: { method, amountCents, feeCents: 0, idempotencyKey },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as StartedPayment;
};

const signed = stripe.signed;

const deliver = (event: { payload: string; signature?: string }, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/finance/providers/stripe/webhook',
    // Stripe sends no Origin: the route acts on the signature, not on a cookie.
    headers: {
      origin: undefined,
      'content-type': 'application/json',
      ...(event.signature ? { 'stripe-signature': event.signature } : {}),
    },
    payload: event.payload,
  });

const intentOf = (payment: StartedPayment) => {
  const id = payment.confirmation!.clientSecret.split('_secret_')[0]!;
  return intents.get(id)!;
};

const entries = async () =>
  (await t.database.db.select({ id: journalEntries.id }).from(journalEntries)).length;

beforeAll(async () => {
  t = await createTestApp(stripe.env, { stripeHttpClient: stripe.httpClient });
  plain = await createTestApp();
  for (const who of ['resident', 'manager', 'board'] as const) cookies[who] = await t.cookieFor(who);
  const db = t.database.db;
  [{ id: willowId }] = (await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, 'Willow Creek Commons'))) as [{ id: string }];
  unitId = (await db.select({ id: units.id }).from(units).where(eq(units.label, '14B')))[0]!.id;
  await billedSinceLastMonth(t, willowId);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await plain?.close();
});

describe('paying by card through Stripe', () => {
  let payment: StartedPayment;

  it('starts a PaymentIntent and leaves the payment pending, with what the browser needs to confirm it', async () => {
    expect(await balance()).toBe(70_000);
    payment = await pay('card', 35_000, 'stripe-card-payment-1');
    expect(payment).toMatchObject({ status: 'pending', provider: 'stripe', amountCents: 35_000 });
    expect(payment.confirmation).toEqual({
      provider: 'stripe',
      clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      publishableKey: 'pk_test_offline',
    });
    const request = created.at(-1)!;
    expect(request.key).toBe('commonwise-stripe-card-payment-1');
    expect(request.body.get('amount')).toBe('35000');
    expect(request.body.get('currency')).toBe('usd');
    expect(request.body.get('allowed_payment_method_types[0]')).toBe('card');
    expect(request.body.get('metadata[commonwise_unit_id]')).toBe(unitId);
    // Nothing is posted until Stripe says the money came.
    expect(await balance()).toBe(70_000);

    // The same request again (a double click, a lost answer): the same payment and PaymentIntent.
    const again = await pay('card', 35_000, 'stripe-card-payment-1');
    expect(again.id).toBe(payment.id);
    expect(again.confirmation!.clientSecret).toBe(payment.confirmation!.clientSecret);
    expect(intents.size).toBe(1);
  });

  it('refuses an event whose signature is wrong or missing, and records nothing', async () => {
    const intent = { ...intentOf(payment), status: 'succeeded', amount_received: 35_000 };
    const forged = await deliver(signed('payment_intent.succeeded', intent, { secret: 'whsec_someoneelse' }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: { code: 'BAD_SIGNATURE' } });
    const tampered = signed('payment_intent.succeeded', intent);
    const altered = await deliver({ ...tampered, payload: tampered.payload.replace('35000', '3500000') });
    expect(altered.statusCode).toBe(400);
    const unsigned = await deliver({ payload: signed('payment_intent.succeeded', intent).payload });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ error: { code: 'MISSING_SIGNATURE' } });
    expect(await t.database.db.select().from(paymentProviderEvents)).toEqual([]);
    expect(await balance()).toBe(70_000);
  });

  it('posts the payment when Stripe says it succeeded, once however often the event is delivered', async () => {
    const event = signed('payment_intent.succeeded', {
      ...intentOf(payment),
      status: 'succeeded',
      amount_received: 35_000,
    });
    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      received: true,
      replayed: false,
      outcome: 'settled',
    } satisfies WebhookAnswer);
    expect(await balance()).toBe(35_000);
    const posted = await entries();

    const replay = await deliver(event);
    expect(replay.json()).toEqual({ received: true, replayed: true, outcome: 'settled' });
    expect(await balance()).toBe(35_000);
    expect(await entries()).toBe(posted);

    const bell = (
      await injectAs(t.app, cookies.resident, { method: 'GET', url: '/api/notifications' })
    ).json() as NotificationPage;
    expect(bell.rows.filter((row) => row.kind === 'payment.receipt')).toHaveLength(1);
    expect(bell.rows[0]).toMatchObject({ title: 'Payment received: $350.00 for unit 14B' });
    expect(bell.rows[0]!.body).not.toContain('no money moved');
  });
});

describe('paying from a bank account through Stripe', () => {
  it('stays pending while the debit processes, posts when it clears, and reverses when the bank returns it', async () => {
    const payment = await pay('ach', 35_000, 'stripe-bank-payment-1');
    expect(created.at(-1)!.body.get('allowed_payment_method_types[0]')).toBe('us_bank_account');
    const intent = intentOf(payment);
    const processing = await deliver(
      signed('payment_intent.processing', { ...intent, status: 'processing' }),
    );
    expect(processing.json()).toMatchObject({ outcome: 'still_pending' });
    expect(await balance()).toBe(35_000);

    const cleared = await deliver(
      signed('payment_intent.succeeded', { ...intent, status: 'succeeded', amount_received: 35_000 }),
    );
    expect(cleared.json()).toMatchObject({ outcome: 'settled' });
    expect(await balance()).toBe(0);

    // Days later the bank returns the debit.
    const returned = await deliver(
      signed('charge.dispute.created', {
        id: 'dp_1test',
        object: 'dispute',
        amount: 35_000,
        currency: 'usd',
        reason: 'insufficient_funds',
        payment_intent: intent.id,
      }),
    );
    expect(returned.json()).toMatchObject({ outcome: 'returned' });
    expect(await balance()).toBe(35_000);
    const payments = (
      await injectAs(t.app, cookies.resident, {
        method: 'GET',
        url: `/api/finance/owner-accounts/${unitId}/payments`,
      })
    ).json() as PaymentPage;
    expect(payments.payments.find((row) => row.id === payment.id)).toMatchObject({
      status: 'reversed',
      failureReason: 'Disputed with the bank (insufficient funds)',
    });
    for (const who of ['resident', 'manager'] as const) {
      const bell = (
        await injectAs(t.app, cookies[who], { method: 'GET', url: '/api/notifications' })
      ).json() as NotificationPage;
      expect(bell.rows[0]).toMatchObject({
        kind: 'payment.problem',
        title: 'Payment returned: $350.00 for unit 14B',
      });
    }
  });
});

describe('what Stripe says that posts nothing', () => {
  it('keeps a declined card pending (the payer may try again), tells the payer, and fails it when canceled', async () => {
    const payment = await pay('card', 10_000, 'stripe-declined-card-1');
    const intent = intentOf(payment);
    const declined = await deliver(
      signed('payment_intent.payment_failed', {
        ...intent,
        last_payment_error: { message: 'Your card was declined' },
      }),
    );
    expect(declined.json()).toMatchObject({ outcome: 'failed' });
    const bell = (
      await injectAs(t.app, cookies.resident, { method: 'GET', url: '/api/notifications' })
    ).json() as NotificationPage;
    expect(bell.rows[0]).toMatchObject({
      kind: 'payment.problem',
      title: 'Payment not received: $100.00 for unit 14B',
    });
    expect(bell.rows[0]!.body).toContain('Your card was declined');
    const canceled = await deliver(signed('payment_intent.canceled', { ...intent, status: 'canceled' }));
    expect(canceled.json()).toMatchObject({ outcome: 'failed' });
    // A success reported for it afterwards (out of order) changes nothing.
    const late = await deliver(signed('payment_intent.succeeded', { ...intent, amount_received: 10_000 }));
    expect(late.json()).toMatchObject({ outcome: 'already_done' });
    expect(await balance()).toBe(35_000);
  });

  it('posts nothing for a payment it does not know, or for another amount than the payment', async () => {
    const before = await entries();
    const unknown = await deliver(
      signed('payment_intent.succeeded', {
        ...intentOf(await pay('card', 5_000, 'stripe-known-payment-1')),
        id: 'pi_nobodyknows',
      }),
    );
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ replayed: false, outcome: 'unknown_payment' });
    const payment = await pay('card', 20_000, 'stripe-odd-amount-1');
    const odd = await deliver(
      signed('payment_intent.succeeded', {
        ...intentOf(payment),
        status: 'succeeded',
        amount_received: 2_000_000,
      }),
    );
    expect(odd.json()).toMatchObject({ outcome: 'amount_mismatch' });
    expect(await entries()).toBe(before);
    expect(await balance()).toBe(35_000);
    // An event of another kind is recorded and ignored.
    const other = await deliver(signed('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(other.json()).toMatchObject({ outcome: 'ignored' });
  });

  it('lets the payer withdraw a payment they did not confirm, and not one under way or not theirs', async () => {
    const cancel = (who: string, payment: StartedPayment, unit = unitId) =>
      injectAs(t.app, cookies[who], {
        method: 'POST',
        url: `/api/finance/owner-accounts/${unit}/payments/${payment.id}/cancel`,
      });
    const closed = await pay('card', 5_000, 'stripe-withdrawn-1');
    const sevenA = (await t.database.db.select({ id: units.id }).from(units).where(eq(units.label, '7A')))[0]!
      .id;
    expect((await cancel('board', closed, sevenA)).statusCode).toBe(404);
    const withdrawn = await cancel('resident', closed);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({
      status: 'failed',
      failureReason: 'Withdrawn before it was paid',
    });
    expect(intentOf(closed).status).toBe('canceled');
    expect((await cancel('resident', closed)).json()).toMatchObject({
      error: { code: 'PAYMENT_NOT_PENDING' },
    });

    const underway = await pay('ach', 5_000, 'stripe-underway-1');
    intentOf(underway).status = 'processing';
    const refused = await cancel('resident', underway);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'PAYMENT_UNDERWAY' } });
    expect(await balance()).toBe(35_000);
  });

  it('is not found on an installation without Stripe', async () => {
    const response = await deliver(
      signed('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' }),
      plain.app,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NO_STRIPE' } });
  });
});
