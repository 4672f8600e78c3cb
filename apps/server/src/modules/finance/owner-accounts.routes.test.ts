import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  NotificationPage,
  OwnerAccountList,
  Payment,
  PaymentPage,
  UnitLedger,
} from '@commonwise/contracts';
import { properties, units } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

/**
 * An owner's own account (issue 20, items 4 and 6): resident@ owns unit 14B of Willow Creek Commons
 * (Texas). They see its real balance, what is past due and the next charge of the association's
 * schedule; pay it through the demo's test provider (allocated in Texas's order, the rest a credit, a
 * receipt in the bell), once however often the same payment is sent; read the account and export it.
 * Nobody but a unit's owner of today reads or pays it: not its tenant, another owner, or its manager.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let willowId: string;
let unitId: string;
let today: string;

const as = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  injectAs(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });
const mine = '/api/finance/owner-accounts';
const accounts = async (who = 'resident') =>
  ((await as(who, 'GET', mine)).json() as OwnerAccountList).accounts;
const payment = (amountCents: number, extra: object = {}) => ({
  method: 'card',
  amountCents,
  feeCents: 0,
  idempotencyKey: `pay-${amountCents}-${Math.random().toString(36).slice(2)}`,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'resident', 'board'] as const) cookies[who] = await t.cookieFor(who);
  cookies.resident2 = await t.signIn('resident2@commonwise.test');
  const db = t.database.db;
  [{ id: willowId }] = (await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, 'Willow Creek Commons'))) as [{ id: string }];
  [{ id: unitId }] = (await db.select({ id: units.id }).from(units).where(eq(units.label, '14B'))) as [
    { id: string },
  ];
  today = (
    (await as('manager', 'GET', `/api/properties/${willowId}/finance/assessments`)).json() as {
      today: string;
    }
  ).today;
});

afterAll(async () => {
  await t?.close();
});

describe("an owner's account", () => {
  it('starts empty, with the demo provider saying no money moves', async () => {
    const [account, ...others] = await accounts();
    expect(others).toEqual([]);
    expect(account).toMatchObject({
      propertyName: 'Willow Creek Commons',
      unit: { id: unitId, label: '14B' },
      balanceCents: 0,
      pastDueCents: 0,
      creditCents: 0,
      nextCharges: [],
      payments: { provider: 'test', methods: ['card', 'ach'] },
    });
    expect(account!.payments.notice).toMatch(/No money moves/);
    // The association's date, on its clock (Austin's), for its statements' months.
    const [willow] = await t.database.db
      .select({ timeZone: properties.timeZone })
      .from(properties)
      .where(eq(properties.name, 'Willow Creek Commons'));
    expect(account!.today).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: willow!.timeZone }).format(new Date()),
    );
    // resident2 rents a flat at Harbor View: a tenant sees no owner's account.
    expect(await accounts('resident2')).toEqual([]);
  });

  it("shows the charges posted and the schedule's next one, then pays them with a receipt", async () => {
    const books = `/api/properties/${willowId}/finance`;
    const charged = await as('manager', 'POST', `${books}/charges`, {
      unitId,
      kind: 'fee',
      description: 'Key fob',
      amountCents: 2_500,
      dueOn: today,
    });
    expect(charged.statusCode, charged.body).toBe(201);
    const [year, month] = today.split('-').map(Number) as [number, number];
    const nextMonth = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
    const schedule = await as('manager', 'POST', `${books}/assessments`, {
      name: 'Monthly dues',
      kind: 'regular',
      frequency: 'monthly',
      dueDay: 1,
      startsOn: nextMonth,
      allocation: 'equal',
      amountCents: 18_000,
      adoptedBy: 'Budget adopted by the board',
    });
    expect(schedule.statusCode, schedule.body).toBe(201);
    const monthName = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${nextMonth}T00:00:00Z`));
    expect((await accounts())[0]).toMatchObject({
      balanceCents: 2_500,
      pastDueCents: 0,
      nextCharges: [{ description: `Monthly dues, ${monthName}`, dueOn: nextMonth, amountCents: 18_000 }],
    });

    const body = payment(10_000);
    const paid = await as('resident', 'POST', `${mine}/${unitId}/payments`, body);
    expect(paid.statusCode, paid.body).toBe(201);
    const made = paid.json() as Payment;
    expect(made).toMatchObject({
      status: 'succeeded',
      provider: 'test',
      method: 'card',
      amountCents: 10_000,
    });
    expect(made.allocations).toEqual([
      expect.objectContaining({ description: 'Key fob', amountCents: 2_500 }),
      expect.objectContaining({ chargeId: null, description: 'Credit on the account', amountCents: 7_500 }),
    ]);
    // The same request again (a double click, a retry): the same payment, nothing more.
    const again = await as('resident', 'POST', `${mine}/${unitId}/payments`, body);
    expect((again.json() as Payment).id).toBe(made.id);
    const list = (await as('resident', 'GET', `${mine}/${unitId}/payments`)).json() as PaymentPage;
    expect(list.payments.map((entry) => entry.id)).toEqual([made.id]);

    expect((await accounts())[0]).toMatchObject({ balanceCents: -7_500, creditCents: 7_500 });
    const ledger = (await as('resident', 'GET', `${mine}/${unitId}/ledger`)).json() as UnitLedger;
    expect(ledger.lines.map((line) => [line.memo, line.amountCents, line.balanceCents])).toEqual([
      ['Payment by card', -10_000, -7_500],
      [expect.stringContaining('Key fob'), 2_500, 2_500],
    ]);
    const bell = (await as('resident', 'GET', '/api/notifications')).json() as NotificationPage;
    expect(bell.rows[0]).toMatchObject({
      kind: 'payment.receipt',
      title: 'Payment received: $100.00 for unit 14B',
    });
    expect(bell.rows[0]!.body).toContain('Key fob: $25.00');
    expect(bell.rows[0]!.body).toContain('no money moved');

    const csv = await as('resident', 'GET', `${mine}/${unitId}/ledger/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.trim().split('\n')).toEqual([
      'Date,Entry,Description,Due,Amount,Balance',
      expect.stringMatching(new RegExp(`^${today},\\d+,Key fob,${today},25.00,25.00$`)),
      expect.stringMatching(new RegExp(`^${today},\\d+,Payment by card,,-100.00,-75.00$`)),
    ]);
  });

  it('refuses a payment shown with another fee, above the limit, or made twice with one key', async () => {
    const pay = (body: object) => as('resident', 'POST', `${mine}/${unitId}/payments`, body);
    const fee = await pay(payment(5_000, { feeCents: 150 }));
    expect(fee.statusCode).toBe(409);
    expect(fee.json()).toMatchObject({
      error: { code: 'FEE_CHANGED', fields: { feeCents: expect.any(String) } },
    });
    const large = await pay(payment(10_000_001));
    expect(large.statusCode).toBe(422);
    expect(large.json()).toMatchObject({ error: { code: 'PAYMENT_TOO_LARGE' } });
    const first = payment(3_000);
    expect((await pay(first)).statusCode).toBe(201);
    const reused = await pay({ ...first, amountCents: 4_000 });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    const bad = await pay({ method: 'check', amountCents: -5, feeCents: 0, idempotencyKey: 'short' });
    expect(bad.statusCode).toBe(400);
  });

  it("is nobody's but the owner's: its tenant and another owner get not found, a manager no access", async () => {
    const routes = [
      ['GET', `${mine}/${unitId}/ledger`],
      ['GET', `${mine}/${unitId}/ledger/export`],
      ['GET', `${mine}/${unitId}/payments`],
      ['POST', `${mine}/${unitId}/payments`],
    ] as const;
    // resident2 rents at Harbor View; board@ owns 7A at Willow Creek, not 14B.
    for (const [who, status] of [
      ['resident2', 404],
      ['board', 404],
      ['manager', 403],
    ] as const)
      for (const [method, path] of routes) {
        const response = await as(who, method, path, method === 'POST' ? payment(1_000) : undefined);
        expect(response.statusCode, `${who} ${method} ${path}`).toBe(status);
      }
    expect((await accounts('board')).map((account) => account.unit.label)).toEqual(['7A']);
  });
});
