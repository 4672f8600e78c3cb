import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AutopayState,
  NotificationPage,
  OwnerAccountList,
  PaymentPage,
  StartedMethod,
  WebhookAnswer,
} from '@commonwise/contracts';
import { profiles, savedPaymentMethods, unitOwnerships } from '../../db/schema/index.ts';
import { fakeStripe } from '../../test/fake-stripe.ts';
import { makeAssociation } from '../../test/fixtures/association.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { autopayChargeQueue } from './autopay.service.ts';
import { insertCharges, postingAccounts } from './charges.ts';
import { autopaySchedule } from './finance.jobs.ts';

/**
 * Autopay through Stripe (decision 0055), offline: the card is saved by a SetupIntent the browser
 * confirms and Stripe's signed webhook completes; the charge is an off-session PaymentIntent asked by the
 * charge job with the saved customer and method; a decline fails the payment and tells the owner and
 * the managers; Stripe's word arriving before the payment has recorded its intent still settles it once.
 */

const stripe = fakeStripe();
let t: TestApp;
const cookies: Record<string, string> = {};
let birchId: string;
let unitIds: Record<string, string>;
let today: string;

const as = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  injectAs(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });
const deliver = async (type: string, object: object) => {
  const event = stripe.signed(type, object);
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/finance/providers/stripe/webhook',
    headers: { origin: undefined, 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as WebhookAnswer;
};
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const fifthAfter = (day: string) => `${addDays(`${day.slice(0, 7)}-28`, 7).slice(0, 7)}-05`;
const autopayOf = `/api/finance/owner-accounts/{unit}/autopay`;
const unitUrl = (path: string) => path.replace('{unit}', unitIds.B1!);

async function owed(dueOn: string, amountCents: number) {
  await t.database.db.transaction(async (tx) =>
    insertCharges(
      tx,
      birchId,
      await postingAccounts(tx, birchId, 'assessment', undefined),
      [{ unitId: unitIds.B1!, kind: 'assessment', description: `Dues due ${dueOn}`, dueOn, amountCents }],
      today,
      null,
    ),
  );
}

/** The night's run; its charge jobs are left queued when `thenCharge` is false. */
async function runOn(day: string, thenCharge = true) {
  const schedule = autopaySchedule(t.app.notifier, 'stripe', async (db, paymentId) => {
    await t.app.jobs.enqueue(autopayChargeQueue, { paymentId }, { executor: db, dedupeKey: paymentId });
  });
  const outcome = await t.database.db.transaction((tx) =>
    schedule.run(
      {
        db: tx,
        now: new Date(),
        property: { id: birchId, name: 'Birch Hollow', timeZone: 'America/Chicago' },
      },
      birchId,
      {
        key: `${day}T01:30-06:00`,
        scheduledFor: new Date(`${day}T07:30:00Z`),
        timeZone: 'America/Chicago',
      },
    ),
  );
  if (thenCharge) for (let round = 0; round < 5; round++) if ((await t.app.jobs.runDue(20)) === 0) break;
  return outcome;
}
const paymentsOf = async () =>
  ((await as('resident', 'GET', `/api/finance/owner-accounts/${unitIds.B1}/payments`)).json() as PaymentPage)
    .payments;
const balance = async () =>
  ((await as('resident', 'GET', '/api/finance/owner-accounts')).json() as OwnerAccountList).accounts.find(
    (account) => account.unit.id === unitIds.B1,
  )!.balanceCents;

beforeAll(async () => {
  t = await createTestApp(stripe.env, { stripeHttpClient: stripe.httpClient });
  for (const who of ['resident', 'manager'] as const) cookies[who] = await t.cookieFor(who);
  ({ id: birchId, unitIds } = await makeAssociation(t, {
    name: 'Birch Hollow',
    jurisdiction: 'TX',
    timeZone: 'America/Chicago',
    unitLabels: ['B1'],
  }));
  const [resident] = await t.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.email, 'resident@commonwise.test'));
  await t.database.db
    .insert(unitOwnerships)
    .values({ unitId: unitIds.B1!, userId: resident!.id, startsOn: '2020-01-01', isPrimary: true });
  today = (
    (await as('manager', 'GET', `/api/properties/${birchId}/finance/assessments`)).json() as { today: string }
  ).today;
});

afterAll(async () => {
  await t?.close();
});

describe('autopay through Stripe', () => {
  let methodId: string;

  it('saves a card by a SetupIntent for off-session use, usable once Stripe’s webhook says so', async () => {
    const started = await as('resident', 'POST', '/api/finance/payment-methods', {
      kind: 'card',
      idempotencyKey: 'stripe-card-1',
    });
    expect(started.statusCode, started.body).toBe(201);
    const { method, confirmation } = started.json() as StartedMethod;
    methodId = method.id;
    expect(method).toMatchObject({ provider: 'stripe', status: 'pending', last4: null });
    const [setup] = [...stripe.setups.values()];
    expect(setup).toMatchObject({ usage: 'off_session', customer: 'cus_1test' });
    expect(confirmation).toEqual({
      provider: 'stripe',
      clientSecret: `${setup!.id}_secret`,
      publishableKey: 'pk_test_offline',
    });
    // Not usable while Stripe has not confirmed it.
    const early = await as('resident', 'PUT', unitUrl(autopayOf), {
      methodId,
      maxCents: 50_000,
      chargeDay: 5,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ error: { code: 'METHOD_NOT_READY' } });

    stripe.paymentMethods.set('pm_card_visa', {
      id: 'pm_card_visa',
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 },
    });
    const saved = { ...setup, status: 'succeeded', payment_method: 'pm_card_visa' };
    expect(await deliver('setup_intent.succeeded', saved)).toMatchObject({ outcome: 'method_saved' });
    expect(await deliver('setup_intent.succeeded', saved)).toMatchObject({ outcome: 'already_done' });
    const state = (await as('resident', 'GET', unitUrl(autopayOf))).json() as AutopayState;
    expect(state.methods[0]).toMatchObject({
      id: methodId,
      status: 'active',
      brand: 'Visa',
      last4: '4242',
      expMonth: 4,
      expYear: 2031,
    });
    const on = await as('resident', 'PUT', unitUrl(autopayOf), { methodId, maxCents: 50_000, chargeDay: 5 });
    expect(on.statusCode, on.body).toBe(200);
  });

  it('charges the saved card off-session on the day, once, and a late webhook changes nothing', async () => {
    const chargeOn = fifthAfter(today);
    await owed(chargeOn, 31_000);
    await runOn(chargeOn);
    const charge = stripe.created.at(-1)!.body;
    expect(Object.fromEntries(charge)).toMatchObject({
      amount: '31000',
      customer: 'cus_1test',
      payment_method: 'pm_card_visa',
      off_session: 'true',
      confirm: 'true',
    });
    expect(await balance()).toBe(0);
    const [payment] = await paymentsOf();
    expect(payment).toMatchObject({ status: 'succeeded', provider: 'stripe', amountCents: 31_000 });
    const intent = [...stripe.intents.values()].at(-1)!;
    expect(await deliver('payment_intent.succeeded', { ...intent, amount_received: 31_000 })).toMatchObject({
      outcome: 'already_done',
    });
    const before = stripe.created.length;
    await runOn(chargeOn);
    expect(stripe.created.length).toBe(before);
  });

  it('a declined card fails the payment and tells the owner and the managers', async () => {
    await t.database.db
      .update(savedPaymentMethods)
      .set({ methodRef: 'pm_card_declined' })
      .where(eq(savedPaymentMethods.id, methodId));
    const chargeOn = fifthAfter(fifthAfter(today));
    await owed(chargeOn, 31_000);
    await runOn(chargeOn);
    expect(await balance()).toBe(31_000);
    const [payment] = await paymentsOf();
    expect(payment).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    const told = async (who: string) =>
      ((await as(who, 'GET', '/api/notifications?limit=50')).json() as NotificationPage).rows.filter(
        (row) => row.kind === 'payment.problem' && row.propertyId === birchId,
      );
    expect((await told('resident'))[0]!.title).toBe('Autopay payment not received: $310.00 for unit B1');
    expect((await told('manager'))[0]!.body).toContain('Your card was declined. Nothing was posted');
    const state = (await as('resident', 'GET', unitUrl(autopayOf))).json() as AutopayState;
    expect(state.enrolment!.history[0]).toMatchObject({
      outcome: 'failed',
      reason: 'Your card was declined.',
    });
  });

  it('settles once when Stripe’s word comes before the payment has recorded its intent', async () => {
    await t.database.db
      .update(savedPaymentMethods)
      .set({ methodRef: 'pm_card_visa' })
      .where(eq(savedPaymentMethods.id, methodId));
    const chargeOn = fifthAfter(fifthAfter(fifthAfter(today)));
    await runOn(chargeOn, false);
    const [pending] = await paymentsOf();
    expect(pending).toMatchObject({ status: 'pending', amountCents: 31_000 });
    const early = await deliver('payment_intent.succeeded', {
      id: 'pi_early',
      object: 'payment_intent',
      amount: 31_000,
      amount_received: 31_000,
      currency: 'usd',
      status: 'succeeded',
      metadata: { commonwise_payment_id: pending!.id },
    });
    expect(early).toMatchObject({ outcome: 'settled' });
    const before = stripe.created.length;
    for (let round = 0; round < 5; round++) if ((await t.app.jobs.runDue(20)) === 0) break;
    expect(stripe.created.length).toBe(before);
    expect(await balance()).toBe(0);
  });
});
