import { and, eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Amenity, Booking, StartedBookingPayment, WebhookAnswer } from '@commonwise/contracts';
import { bookingMoney, bookings, notifications, properties, units } from '../../db/schema/index.ts';
import { fakeStripe } from '../../test/fake-stripe.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { paymentProviderOf } from '../finance/payment-providers.ts';
import { expireHold } from './bookings.service.ts';

/**
 * Paying a booking through Stripe (issue 23 item 5; decision 0066 §5), offline: the SDK's HTTP client is a
 * stand-in for Stripe's API, and webhooks are signed here as Stripe signs them. Paying starts a card
 * PaymentIntent the browser confirms; the booking is paid when the signed webhook says so; what is given
 * back (a cancellation, a closure, a deposit's return, a payment that came after its hold ended) is
 * refunded through Stripe once, by a job queued with the entry in the books.
 */

const stripe = fakeStripe();
let t: TestApp;
let willow: string;
let clubhouse: Amenity;
const cookies: Record<string, string> = {};
const zone = 'America/Chicago';
let keyCount = 0;
const key = () => `stripe-booking-${++keyCount}-${Date.now()}`;

const post = (cookie: string, url: string, payload: object) =>
  injectAs(t.app, cookie, { method: 'POST', url, payload });
const get = (cookie: string, url: string) => injectAs(t.app, cookie, { method: 'GET', url });
const nextMonthDay = (day: number) =>
  Temporal.Now.plainDateISO(zone).add({ months: 1 }).with({ day }).toString();

const deliver = (type: string, object: object) => {
  const event = stripe.signed(type, object);
  return t.app.inject({
    method: 'POST',
    url: '/api/finance/providers/stripe/webhook',
    headers: { origin: undefined, 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
};

/** Stripe's browser side: the card was taken and the intent succeeded. */
const succeed = (clientSecret: string) => {
  const intent = stripe.intents.get(clientSecret.split('_secret_')[0]!)!;
  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  return intent;
};

async function book(day: string, from = '10:00', to = '12:00'): Promise<Booking> {
  const [unit] = await t.database.db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.propertyId, willow), eq(units.label, '7A')));
  const made = await post(cookies.board!, '/api/me/amenity-bookings', {
    amenityId: clubhouse.id,
    unitId: unit!.id,
    startsLocal: `${day}T${from}`,
    endsLocal: `${day}T${to}`,
    acceptRules: true,
    idempotencyKey: key(),
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json();
}

const pay = async (booking: Booking, method = 'card') =>
  post(cookies.board!, `/api/me/amenity-bookings/${booking.id}/pay`, {
    method,
    amountCents: 30000,
    idempotencyKey: key(),
  });

const moneyOf = (bookingId: string) =>
  t.database.db
    .select()
    .from(bookingMoney)
    .where(eq(bookingMoney.bookingId, bookingId))
    .orderBy(bookingMoney.createdAt);

/** Books and pays through Stripe's webhook: a confirmed booking (the clubhouse needs no approval here). */
async function paidBooking(day: string): Promise<Booking> {
  const booking = await book(day);
  const started = (await pay(booking)).json<StartedBookingPayment>();
  const intent = succeed(started.confirmation!.clientSecret);
  expect((await deliver('payment_intent.succeeded', intent)).json<WebhookAnswer>().outcome).toBe('settled');
  return booking;
}

beforeAll(async () => {
  t = await createTestApp(stripe.env, { stripeHttpClient: stripe.httpClient });
  for (const who of ['board', 'manager'] as const) cookies[who] = await t.cookieFor(who);
  [{ id: willow }] = (await t.database.db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, 'Willow Creek Commons'))) as [{ id: string }];
  const made = await post(cookies.manager!, `/api/properties/${willow}/amenities`, {
    name: 'Card-paid clubhouse',
    kind: 'clubhouse',
    description: 'Paid by card.',
    timeZone: zone,
    capacityMode: 'exclusive',
    capacity: 1,
    slotMinutes: 60,
    minMinutes: 120,
    maxMinutes: 360,
    leadMinutes: 24 * 60,
    advanceDays: 60,
    approvalRequired: false,
    feeCents: 5000,
    depositCents: 25000,
    cancelFreeUntilMinutes: 48 * 60,
    lateCancelFeeCents: 0,
    eligibleKinds: ['owner', 'owner_occupant', 'tenant'],
    hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '08:00', closes: '22:00' })),
    limits: [],
  });
  expect(made.statusCode, made.body).toBe(201);
  clubhouse = made.json();
});
afterAll(async () => {
  await t.close();
});

describe('paying a booking by card through Stripe', () => {
  it('starts one card payment for the browser to confirm, and books it when Stripe says it succeeded', async () => {
    const booking = await book(nextMonthDay(3));
    const bank = await pay(booking, 'ach');
    expect(bank.statusCode).toBe(422);
    expect(bank.json().error.code).toBe('METHOD_NOT_OFFERED');

    const first = await pay(booking);
    expect(first.statusCode, first.body).toBe(200);
    const started = first.json<StartedBookingPayment>();
    expect(started).toMatchObject({
      status: 'held',
      paymentInProgress: true,
      amountDueCents: 30000,
      confirmation: { provider: 'stripe', publishableKey: 'pk_test_offline' },
    });
    const intent = stripe.intents.get(started.confirmation!.clientSecret.split('_secret_')[0]!)!;
    expect(intent).toMatchObject({
      amount: 30000,
      currency: 'usd',
      allowed_payment_method_types: ['card'],
      metadata: expect.objectContaining({ commonwise_booking_id: booking.id }),
    });
    // The page reloaded (a new request key): the same payment, not a second one.
    const again = (await pay(booking)).json<StartedBookingPayment>();
    expect(again.confirmation!.clientSecret).toBe(started.confirmation!.clientSecret);
    expect(
      stripe.created.filter((call) => call.body.get('metadata[commonwise_booking_id]') === booking.id),
    ).toHaveLength(1);
    // Not paid until Stripe says so.
    expect(await moneyOf(booking.id)).toEqual([]);

    succeed(started.confirmation!.clientSecret);
    const event = stripe.signed('payment_intent.succeeded', intent);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/finance/providers/stripe/webhook',
      headers: { origin: undefined, 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
    expect(answer.json<WebhookAnswer>()).toEqual({ received: true, replayed: false, outcome: 'settled' });
    const now = (await get(cookies.board!, `/api/me/amenity-bookings/${booking.id}`)).json<Booking>();
    expect(now).toMatchObject({ status: 'confirmed', paymentInProgress: false, depositStatus: 'held' });
    const money = await moneyOf(booking.id);
    expect(
      money.map((row) => [row.kind, row.provider, row.providerRef, row.feeCents, row.depositCents]),
    ).toEqual([['payment', 'stripe', intent.id, 5000, 25000]]);
    // Stripe delivers at least once: the same event again does nothing.
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/finance/providers/stripe/webhook',
      headers: { origin: undefined, 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
    expect(replay.json<WebhookAnswer>()).toMatchObject({ replayed: true, outcome: 'settled' });
    // Another event for the same intent finds it paid.
    expect((await deliver('payment_intent.succeeded', intent)).json<WebhookAnswer>().outcome).toBe(
      'already_done',
    );
    expect(await moneyOf(booking.id)).toHaveLength(1);
  });

  it('refunds a cancelled booking through Stripe once, by a job queued with the refund', async () => {
    const booking = await paidBooking(nextMonthDay(4));
    const cancelled = await post(cookies.board!, `/api/me/amenity-bookings/${booking.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refund = (await moneyOf(booking.id)).find((row) => row.kind === 'refund')!;
    expect(refund).toMatchObject({ feeCents: 5000, depositCents: 25000, providerRefundRef: null });
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const made = stripe.refunds.filter((item) => item.key === `commonwise-refund-${refund.id}`);
    expect(made.map((item) => item.refund.amount)).toEqual([30000]);
    const [after] = await t.database.db.select().from(bookingMoney).where(eq(bookingMoney.id, refund.id));
    expect(after!.providerRefundRef).toBe(made[0]!.refund.id);
  });

  it('returns what is left of a deposit through Stripe after a deduction', async () => {
    const booking = await paidBooking(nextMonthDay(5));
    await t.database.db
      .update(bookings)
      .set({ startsAt: new Date(Date.now() - 5 * 3600_000), endsAt: new Date(Date.now() - 3 * 3600_000) })
      .where(eq(bookings.id, booking.id));
    const settled = await post(
      cookies.manager!,
      `/api/properties/${willow}/amenity-bookings/${booking.id}/deposit`,
      {
        action: 'deduct',
        deductionCents: 10000,
        reason: 'Carpet cleaning',
      },
    );
    expect(settled.statusCode, settled.body).toBe(200);
    const settlement = (await moneyOf(booking.id)).find((row) => row.kind === 'deposit_settlement')!;
    await t.app.jobs.runDue();
    const made = stripe.refunds.filter((item) => item.key === `commonwise-refund-${settlement.id}`);
    expect(made.map((item) => item.refund.amount)).toEqual([15000]);
  });

  it('withdraws an unfinished card payment when the hold lapses', async () => {
    const booking = await book(nextMonthDay(7));
    const started = (await pay(booking)).json<StartedBookingPayment>();
    const intent = stripe.intents.get(started.confirmation!.clientSecret.split('_secret_')[0]!)!;
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, booking.id));
    expect(await expireHold(t.database.db, booking.id, paymentProviderOf(t.app.config, t.app.stripe))).toBe(
      true,
    );
    expect(intent.status).toBe('canceled');
    const now = (await get(cookies.board!, `/api/me/amenity-bookings/${booking.id}`)).json<Booking>();
    expect(now).toMatchObject({ status: 'expired', paymentInProgress: false });
  });

  it('gives back a payment that arrives after the hold ended, and tells the booker why', async () => {
    const booking = await book(nextMonthDay(8));
    const started = (await pay(booking)).json<StartedBookingPayment>();
    // The card went through just as the hold lapsed: Stripe will not cancel it, and the hold ends anyway.
    const intent = succeed(started.confirmation!.clientSecret);
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, booking.id));
    await expireHold(t.database.db, booking.id, paymentProviderOf(t.app.config, t.app.stripe));
    const answer = await deliver('payment_intent.succeeded', intent);
    expect(answer.json<WebhookAnswer>().outcome).toBe('refunded');
    const money = await moneyOf(booking.id);
    expect(money.map((row) => [row.kind, row.feeCents + row.depositCents])).toEqual([
      ['payment', 30000],
      ['refund', 30000],
    ]);
    await t.app.jobs.runDue();
    expect(
      stripe.refunds
        .filter((item) => item.refund.payment_intent === intent.id)
        .map((item) => item.refund.amount),
    ).toEqual([30000]);
    const [told] = await t.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(eq(notifications.dedupeKey, `booking:${booking.id}:late-payment`));
    expect(told!.body).toContain('reached us after the hold on this time had lapsed');
    const now = (await get(cookies.board!, `/api/me/amenity-bookings/${booking.id}`)).json<Booking>();
    expect(now.status).toBe('expired');
  });
});

describe('closing an amenity over bookings', () => {
  it('refuses until asked to cancel them; then cancels, refunds through Stripe and tells each booker', async () => {
    const day = nextMonthDay(9);
    const booking = await paidBooking(day);
    const url = `/api/properties/${willow}/amenities/${clubhouse.id}/blackouts`;
    const closure = { startsLocal: `${day}T08:00`, endsLocal: `${day}T13:00`, reason: 'Floor refinishing' };
    const refused = await post(cookies.manager!, url, closure);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('BOOKINGS_IN_CLOSURE');
    expect(refused.json().error.message).toContain('A booking falls in this closure: Beatrice Hall, 7A');
    const unchanged = (await get(cookies.board!, `/api/me/amenity-bookings/${booking.id}`)).json<Booking>();
    expect(unchanged.status).toBe('confirmed');

    const closed = await post(cookies.manager!, url, { ...closure, cancelBookings: true });
    expect(closed.statusCode, closed.body).toBe(201);
    const now = (await get(cookies.board!, `/api/me/amenity-bookings/${booking.id}`)).json<Booking>();
    expect(now).toMatchObject({
      status: 'cancelled',
      depositStatus: 'released',
      cancelReason: 'Card-paid clubhouse is closed: Floor refinishing',
    });
    const [told] = await t.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(eq(notifications.dedupeKey, `booking:${booking.id}:closed`));
    expect(told!.body).toContain('Floor refinishing');
    expect(told!.body).toContain('The booking fee and deposit are refunded.');
    await t.app.jobs.runDue();
    const refund = (await moneyOf(booking.id)).find((row) => row.kind === 'refund')!;
    expect(stripe.refunds.find((item) => item.key === `commonwise-refund-${refund.id}`)?.refund.amount).toBe(
      30000,
    );
    // And the time is closed to new bookings.
    const again = await post(cookies.board!, '/api/me/amenity-bookings', {
      amenityId: clubhouse.id,
      unitId: now.unitId,
      startsLocal: `${day}T10:00`,
      endsLocal: `${day}T12:00`,
      acceptRules: true,
      idempotencyKey: key(),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe('BLACKOUT');
  });
});
