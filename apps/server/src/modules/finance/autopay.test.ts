import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatMoney,
  type AutopayState,
  type NotificationPage,
  type OwnerAccountList,
  type StartedMethod,
} from '@commonwise/contracts';
import { payments, profiles, savedPaymentMethods, unitOwnerships } from '../../db/schema/index.ts';
import { makeAssociation } from '../../test/fixtures/association.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { insertCharges, postingAccounts } from './charges.ts';
import { autopaySchedule } from './finance.jobs.ts';
import { autopayChargeQueue, tellChargeStuck } from './autopay.service.ts';

/**
 * Autopay (issue 20, item 5) as an owner sets it up and the 01:30 run carries it out: the saved method,
 * the enrolment's rules, the reminder before the day, the charge of the balance (once, however often the
 * night runs), a balance above the owner's maximum left uncharged with the owner and the managers told,
 * an expired card and an ended ownership stopping it. In a new Texas association, Aspen Court: resident@
 * owns A1 with board@ as co-owner; manager@ manages it. The demo's test provider moves no money.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let aspenId: string;
let unitIds: Record<string, string>;
let today: string;

const as = (who: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
/** The 5th of the month after `day`'s. */
const fifthAfter = (day: string) => `${addDays(`${day.slice(0, 7)}-28`, 7).slice(0, 7)}-05`;
const autopayOf = (unit: string) => `/api/finance/owner-accounts/${unitIds[unit]}/autopay`;

async function owed(label: string, dueOn: string, amountCents: number) {
  await t.database.db.transaction(async (tx) =>
    insertCharges(
      tx,
      aspenId,
      await postingAccounts(tx, aspenId, 'assessment', undefined),
      [{ unitId: unitIds[label]!, kind: 'assessment', description: `Dues due ${dueOn}`, dueOn, amountCents }],
      today,
      null,
    ),
  );
}

const schedule = () =>
  autopaySchedule(t.app.notifier, 'test', async (db, paymentId) => {
    await t.app.jobs.enqueue(autopayChargeQueue, { paymentId }, { executor: db, dedupeKey: paymentId });
  });
const property = () => ({ id: aspenId, name: 'Aspen Court', timeZone: 'America/Chicago' });
const periodOn = (day: string) => ({
  key: `${day}T01:30-06:00`,
  scheduledFor: new Date(`${day}T07:30:00Z`),
  timeZone: 'America/Chicago',
});
const runOn = async (day: string) => {
  const outcome = await t.database.db.transaction((tx) =>
    schedule().run({ db: tx, now: new Date(), property: property() }, aspenId, periodOn(day)),
  );
  for (let round = 0; round < 5; round++) if ((await t.app.jobs.runDue(20)) === 0) break;
  return outcome;
};
const noticesOf = async (who: string, kind: string) =>
  ((await as(who, 'GET', '/api/notifications?limit=50')).json() as NotificationPage).rows.filter(
    (row) => row.kind === kind && row.propertyId === aspenId,
  );
const balanceOf = async (who: string, unit: string) =>
  ((await as(who, 'GET', '/api/finance/owner-accounts')).json() as OwnerAccountList).accounts.find(
    (account) => account.unit.id === unitIds[unit],
  )!.balanceCents;

async function saveCard(who: string, key: string) {
  const saved = await as(who, 'POST', '/api/finance/payment-methods', { kind: 'card', idempotencyKey: key });
  expect(saved.statusCode, saved.body).toBe(201);
  return (saved.json() as StartedMethod).method;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'board', 'resident', 'vendor'] as const)
    cookies[who] = await t.cookieFor(who);
  ({ id: aspenId, unitIds } = await makeAssociation(t, {
    name: 'Aspen Court',
    jurisdiction: 'TX',
    timeZone: 'America/Chicago',
    unitLabels: ['A1', 'A2'],
  }));
  const person = async (email: string) =>
    (await t.database.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email)))[0]!.id;
  await t.database.db.insert(unitOwnerships).values([
    {
      unitId: unitIds.A1!,
      userId: await person('resident@commonwise.test'),
      startsOn: '2020-01-01',
      isPrimary: true,
    },
    { unitId: unitIds.A1!, userId: await person('board@commonwise.test'), startsOn: '2020-01-01' },
  ]);
  today = (
    (await as('manager', 'GET', `/api/properties/${aspenId}/finance/assessments`)).json() as { today: string }
  ).today;
});

afterAll(async () => {
  await t?.close();
});

describe('setting up autopay', () => {
  it('saves a test card once per key, and shows it among the owner’s methods', async () => {
    const empty = await as('resident', 'GET', autopayOf('A1'));
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({
      available: true,
      enrolment: null,
      lastEnded: null,
      reminderDays: 3,
    });
    const card = await saveCard('resident', 'autopay-card-1');
    expect(card).toMatchObject({
      kind: 'card',
      brand: 'Test card',
      last4: '4242',
      status: 'active',
      isExpired: false,
    });
    expect((await saveCard('resident', 'autopay-card-1')).id).toBe(card.id);
    const state = (await as('resident', 'GET', autopayOf('A1'))).json() as AutopayState;
    expect(state.methods.map((method) => method.id)).toEqual([card.id]);
    // Another person's methods are their own.
    expect(((await as('board', 'GET', autopayOf('A1'))).json() as AutopayState).methods).toEqual([]);
  });

  it('refuses a bad day, a bad maximum and a method that is not the owner’s, naming the field', async () => {
    const [card] = ((await as('resident', 'GET', autopayOf('A1'))).json() as AutopayState).methods;
    const day = await as('resident', 'PUT', autopayOf('A1'), {
      methodId: card!.id,
      maxCents: 50_000,
      chargeDay: 29,
    });
    expect(day.statusCode).toBe(400);
    expect(day.body).toContain('The charge day is between 1 and 28');
    const max = await as('resident', 'PUT', autopayOf('A1'), {
      methodId: card!.id,
      maxCents: 0,
      chargeDay: 5,
    });
    expect(max.statusCode).toBe(400);
    expect(max.body).toContain('The most autopay may charge must be more than zero');
    const theirs = await as('board', 'PUT', autopayOf('A1'), {
      methodId: card!.id,
      maxCents: 50_000,
      chargeDay: 5,
    });
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json()).toMatchObject({ error: { code: 'METHOD_NOT_FOUND' } });
  });

  it('turns autopay on; a co-owner is told who pays already; others cannot see it', async () => {
    const [card] = ((await as('resident', 'GET', autopayOf('A1'))).json() as AutopayState).methods;
    const on = await as('resident', 'PUT', autopayOf('A1'), {
      methodId: card!.id,
      maxCents: 50_000,
      chargeDay: 5,
    });
    expect(on.statusCode, on.body).toBe(200);
    const { enrolment } = on.json() as AutopayState;
    expect(enrolment).toMatchObject({
      status: 'active',
      maxCents: 50_000,
      chargeDay: 5,
      owner: { fullName: 'Ryan Chen' },
      method: { id: card!.id },
      startedOn: today,
    });
    expect(enrolment!.nextChargeOn! > today).toBe(true);
    expect(enrolment!.nextChargeOn!.endsWith('-05')).toBe(true);
    // The co-owner sees it, and cannot set up a second one.
    expect(((await as('board', 'GET', autopayOf('A1'))).json() as AutopayState).enrolment?.id).toBe(
      enrolment!.id,
    );
    const boardCard = await saveCard('board', 'autopay-card-board');
    const second = await as('board', 'PUT', autopayOf('A1'), {
      methodId: boardCard.id,
      maxCents: 10_000,
      chargeDay: 1,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      error: {
        code: 'AUTOPAY_TAKEN',
        message: 'Ryan Chen already pays unit A1 by autopay: they can stop it first',
      },
    });
    // Not an owner of A2, or of anything here.
    expect((await as('resident', 'GET', autopayOf('A2'))).statusCode).toBe(404);
    expect((await as('manager', 'GET', autopayOf('A1'))).statusCode).toBe(403);
  });
});

describe('the 01:30 autopay run', () => {
  it('reminds three days before, once, with the balance as it stands', async () => {
    const chargeOn = fifthAfter(today);
    await owed('A1', chargeOn, 29_500);
    const preview = await schedule().preview(
      { db: t.database.db, now: new Date(), property: property() },
      aspenId,
      periodOn(addDays(chargeOn, -3)),
    );
    expect(preview.items).toEqual([`Unit A1: remind the owner of the charge on ${chargeOn}`]);
    await runOn(addDays(chargeOn, -3));
    await runOn(addDays(chargeOn, -2));
    const reminders = await noticesOf('resident', 'autopay.reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.title).toBe(`Autopay charges unit A1 on ${chargeOn}`);
    expect(reminders[0]!.body).toContain('up to $500.00, to Test card ending 4242');
    expect(reminders[0]!.body).toContain('The balance today is $295.00.');
  });

  it('charges the balance on the day, posts it with a receipt, and charges once however often it runs', async () => {
    const chargeOn = fifthAfter(today);
    const before = await balanceOf('resident', 'A1');
    expect(before).toBe(29_500);
    const outcome = await runOn(chargeOn);
    expect(outcome.summary).toBe('1 autopay action, 1 charge started.');
    expect(await balanceOf('resident', 'A1')).toBe(0);
    await runOn(chargeOn);
    await runOn(addDays(chargeOn, 1));
    const state = (await as('resident', 'GET', autopayOf('A1'))).json() as AutopayState;
    expect(state.enrolment!.history).toEqual([
      expect.objectContaining({ period: chargeOn.slice(0, 7), outcome: 'charged', amountCents: 29_500 }),
    ]);
    const receipts = await noticesOf('resident', 'payment.receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.title).toBe('Payment received: $295.00 for unit A1');
  });

  it('charges nothing above the maximum, and tells the owner and the managers why', async () => {
    const [card] = ((await as('resident', 'GET', autopayOf('A1'))).json() as AutopayState).methods;
    await as('resident', 'PUT', autopayOf('A1'), { methodId: card!.id, maxCents: 10_000, chargeDay: 5 });
    const chargeOn = fifthAfter(fifthAfter(today));
    await owed('A1', chargeOn, 29_500);
    await runOn(chargeOn);
    expect(await balanceOf('resident', 'A1')).toBe(29_500);
    const [toOwner] = await noticesOf('resident', 'payment.problem');
    expect(toOwner!.title).toBe('Autopay did not charge unit A1');
    expect(toOwner!.body).toContain('The balance of $295.00 was above the maximum of $100.00 you set');
    const [toManager] = await noticesOf('manager', 'payment.problem');
    expect(toManager!.body).toContain('The owner has been told.');
    const state = (await as('resident', 'GET', autopayOf('A1'))).json() as AutopayState;
    expect(state.enrolment!.history[0]).toMatchObject({ outcome: 'over_max', amountCents: 29_500 });
  });

  it('stops when the card has expired, saying so, and the owner sees why', async () => {
    const [card] = ((await as('resident', 'GET', autopayOf('A1'))).json() as AutopayState).methods;
    await t.database.db
      .update(savedPaymentMethods)
      .set({ expMonth: 1, expYear: Number(today.slice(0, 4)) })
      .where(eq(savedPaymentMethods.id, card!.id));
    const day = `${Number(today.slice(0, 4)) + 1}-01-02`;
    await runOn(day);
    const state = (await as('resident', 'GET', autopayOf('A1'))).json() as AutopayState;
    expect(state.enrolment).toBeNull();
    expect(state.lastEnded!.endedReason).toBe(
      `Test card ending 4242 expired at the end of 01/${today.slice(0, 4)}: autopay stopped. Save a current card and set up autopay again.`,
    );
    expect(state.methods[0]).toMatchObject({ id: card!.id, isExpired: true });
    const stopped = (await noticesOf('resident', 'payment.problem')).find((row) =>
      row.title.startsWith('Autopay stopped'),
    );
    expect(stopped?.body).toContain('expired');
    // An expired card cannot be chosen again.
    const again = await as('resident', 'PUT', autopayOf('A1'), {
      methodId: card!.id,
      maxCents: 10_000,
      chargeDay: 5,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: { code: 'METHOD_EXPIRED' } });
  });

  it('ends with the ownership, and the owner can stop it', async () => {
    const card = await saveCard('resident', 'autopay-card-2');
    const on = await as('resident', 'PUT', autopayOf('A1'), {
      methodId: card.id,
      maxCents: 10_000,
      chargeDay: 12,
    });
    expect(on.statusCode, on.body).toBe(200);
    const stop = await as('board', 'DELETE', autopayOf('A1'));
    expect(stop.statusCode, stop.body).toBe(200);
    expect((stop.json() as AutopayState).lastEnded!.endedReason).toBe('Stopped by Beatrice Hall.');
    expect((await as('board', 'DELETE', autopayOf('A1'))).statusCode).toBe(409);

    await as('resident', 'PUT', autopayOf('A1'), { methodId: card.id, maxCents: 10_000, chargeDay: 12 });
    const [ownership] = await t.database.db
      .select({ id: unitOwnerships.id, userId: unitOwnerships.userId })
      .from(unitOwnerships)
      .innerJoin(profiles, eq(profiles.id, unitOwnerships.userId))
      .where(and(eq(unitOwnerships.unitId, unitIds.A1!), eq(profiles.email, 'resident@commonwise.test')));
    const ended = await as(
      'manager',
      'POST',
      `/api/properties/${aspenId}/units/${unitIds.A1}/ownerships/${ownership!.id}/end`,
      { on: today },
    );
    expect(ended.statusCode, ended.body).toBe(200);
    const state = (await as('board', 'GET', autopayOf('A1'))).json() as AutopayState;
    expect(state.enrolment).toBeNull();
    expect(state.lastEnded!.endedReason).toBe('The ownership of the unit ended: autopay stopped.');
  });

  it('removing a saved method stops the autopay that uses it', async () => {
    const card = await saveCard('board', 'autopay-card-board-2');
    expect(
      (await as('board', 'PUT', autopayOf('A1'), { methodId: card.id, maxCents: 10_000, chargeDay: 3 }))
        .statusCode,
    ).toBe(200);
    expect((await as('resident', 'DELETE', `/api/finance/payment-methods/${card.id}`)).statusCode).toBe(404);
    expect((await as('board', 'DELETE', `/api/finance/payment-methods/${card.id}`)).statusCode).toBe(204);
    const state = (await as('board', 'GET', autopayOf('A1'))).json() as AutopayState;
    expect(state.enrolment).toBeNull();
    expect(state.lastEnded!.endedReason).toBe('Test card ending 4242 was removed: autopay stopped.');
    expect(state.methods.map((method) => method.id)).not.toContain(card.id);
  });

  it('a charge the processor never answered stays pending, and the managers are told to check it, once', async () => {
    const card = await saveCard('board', 'autopay-card-board-3');
    const on = await as('board', 'PUT', autopayOf('A1'), {
      methodId: card.id,
      maxCents: 100_000,
      chargeDay: 5,
    });
    expect(on.statusCode, on.body).toBe(200);
    const chargeOn = fifthAfter(today);
    // The night's run commits its pending payment; its charge job has not run (the processor is out).
    await t.database.db.transaction((tx) =>
      schedule().run({ db: tx, now: new Date(), property: property() }, aspenId, periodOn(chargeOn)),
    );
    const [payment] = await t.database.db
      .select({ id: payments.id, amountCents: payments.amountCents })
      .from(payments)
      .where(and(eq(payments.unitId, unitIds.A1!), eq(payments.status, 'pending')));
    expect(payment).toBeDefined();
    await tellChargeStuck(t.database.db, t.app.notifier, payment!.id);
    await tellChargeStuck(t.database.db, t.app.notifier, payment!.id);
    const stuck = (await noticesOf('manager', 'payment.problem')).filter((row) =>
      row.title.startsWith('Autopay charge not confirmed'),
    );
    expect(stuck).toHaveLength(1);
    expect(stuck[0]!.title).toBe(
      `Autopay charge not confirmed: ${formatMoney(payment!.amountCents)} for unit A1`,
    );
    expect(stuck[0]!.body).toContain('The payment stays pending');
    // The owner is not told of a charge that may yet go through.
    expect(
      (await noticesOf('board', 'payment.problem')).filter((row) => row.title.startsWith('Autopay charge')),
    ).toEqual([]);
    // The job runs at last: the charge is made once and the payment posted.
    for (let round = 0; round < 5; round++) if ((await t.app.jobs.runDue(20)) === 0) break;
    const [after] = await t.database.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, payment!.id));
    expect(after!.status).toBe('succeeded');
  });
});
