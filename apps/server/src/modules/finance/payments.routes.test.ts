import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Charge, Chart, Payment, PaymentPage, UnitLedger } from '@commonwise/contracts';
import { paymentAllocations, payments, units } from '../../db/schema/index.ts';
import { makeAssociation } from '../../test/fixtures/association.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../realtime/publish.ts';

/**
 * Payments (issue 20, item 4): a manager records checks, cash and transfers, alone or as a deposit (all
 * or none); each is allocated to the unit's open charges in California's order (§5655) and posted; what
 * is left is the unit's credit, which pays the next charge by itself; a returned payment reverses, opens
 * its charges again and may add a returned-payment fee. The database refuses a payment that changes,
 * an allocation beyond its charge, and money that does not add up. Made in a new association (Cedar
 * Walk, California) that manager@ manages and board@ sits on.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let cedarId: string;
let today: string;
const unitIds: Record<string, string> = {};

const as = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  injectAs(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });
const finance = () => `/api/properties/${cedarId}/finance`;
const refusal = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'done',
    (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
  );

async function charge(label: string, amountCents: number, description = 'Clubhouse cleaning') {
  const response = await as('manager', 'POST', `${finance()}/charges`, {
    unitId: unitIds[label],
    kind: 'fee',
    description,
    amountCents,
    dueOn: today,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Charge;
}

async function pay(label: string, amountCents: number, extra: object = {}) {
  const response = await as('manager', 'POST', `${finance()}/payments`, {
    unitId: unitIds[label],
    method: 'check',
    reference: '1001',
    amountCents,
    receivedOn: today,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Payment;
}

async function ledgerOf(label: string) {
  return (
    await as('manager', 'GET', `${finance()}/units/${unitIds[label]}/ledger?limit=100`)
  ).json() as UnitLedger;
}

async function fundsBalance() {
  const chart = (await as('manager', 'GET', `${finance()}/accounts?asOf=2100-01-01`)).json() as Chart;
  return chart.funds.map((fund) => [fund.fund, fund.debitsCents - fund.creditsCents]);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'board', 'resident'] as const) cookies[who] = await t.cookieFor(who);
  ({ id: cedarId } = await makeAssociation(t, {
    name: 'Cedar Walk',
    jurisdiction: 'CA',
    timeZone: 'America/Los_Angeles',
  }));
  const db = t.database.db;
  for (const label of ['C1', 'C2', 'C3', 'C4']) {
    const [unit] = await db.insert(units).values({ propertyId: cedarId, label }).returning({ id: units.id });
    unitIds[label] = unit!.id;
  }
  today = ((await as('manager', 'GET', `${finance()}/assessments`)).json() as { today: string }).today;
});

afterAll(async () => {
  await t?.close();
});

describe('recording a payment', () => {
  it('pays the open charges, oldest first within a class, and leaves the rest as credit', async () => {
    const first = await charge('C1', 10_000, 'Key fobs');
    const second = await charge('C1', 5_000, 'Gate remote');
    const payment = await pay('C1', 20_000);
    expect(payment).toMatchObject({
      status: 'succeeded',
      provider: 'manual',
      method: 'check',
      reference: '1001',
    });
    expect(payment.allocations).toEqual([
      expect.objectContaining({ chargeId: first.id, amountCents: 10_000 }),
      expect.objectContaining({ chargeId: second.id, amountCents: 5_000 }),
      expect.objectContaining({ chargeId: null, description: 'Credit on the account', amountCents: 5_000 }),
    ]);
    const ledger = await ledgerOf('C1');
    expect(ledger.balanceCents).toBe(-5_000);
    expect(ledger.lines[0]).toMatchObject({ memo: 'Payment by check no. 1001', balanceCents: -5_000 });
    expect(await fundsBalance()).toEqual([
      ['operating', 0],
      ['reserve', 0],
      ['special', 0],
    ]);
  });

  it("pays a new charge from the unit's credit at once, visibly", async () => {
    const fob = await charge('C1', 3_000, 'Pool key');
    const ledger = await ledgerOf('C1');
    expect(ledger.balanceCents).toBe(-2_000);
    expect(ledger.lines.map((line) => line.memo).slice(0, 2)).toEqual([
      'Credit applied to charges',
      'Pool key',
    ]);
    const page = (
      await as('board', 'GET', `${finance()}/payments?unitId=${unitIds.C1}`)
    ).json() as PaymentPage;
    expect(page.payments[0]!.allocations).toEqual([
      expect.objectContaining({ amountCents: 10_000 }),
      expect.objectContaining({ amountCents: 5_000 }),
      expect.objectContaining({ chargeId: fob.id, amountCents: 3_000 }),
      expect.objectContaining({ chargeId: null, amountCents: 2_000 }),
    ]);
  });

  it('refuses a check without its number, a payment above the maximum, one not yet received, a unit elsewhere', async () => {
    const base = {
      unitId: unitIds.C2,
      method: 'check',
      reference: '77',
      amountCents: 1_000,
      receivedOn: today,
    };
    const post = (payload: object) => as('manager', 'POST', `${finance()}/payments`, { ...base, ...payload });
    expect((await post({ reference: undefined })).json().error.fields.reference).toBe(
      'Give the check number',
    );
    const large = await post({ amountCents: 10_000_001 });
    expect(large.statusCode).toBe(422);
    expect(large.json().error.code).toBe('PAYMENT_TOO_LARGE');
    expect((await post({ receivedOn: '2999-01-01' })).json().error.code).toBe('RECEIVED_IN_FUTURE');
    expect((await post({ amountCents: 0 })).statusCode).toBe(400);
    expect((await post({ amountCents: 12.5 })).statusCode).toBe(400);
    expect((await post({ method: 'card' })).statusCode).toBe(400);
    const [elsewhere] = await t.database.db
      .select({ id: units.id })
      .from(units)
      .where(sql`${units.propertyId} <> ${cedarId}`)
      .limit(1);
    expect((await post({ unitId: elsewhere!.id })).json().error.fields.unitId).toBe(
      'Choose a unit of this association',
    );
    expect((await as('board', 'POST', `${finance()}/payments`, base)).statusCode).toBe(403);
    expect((await as('resident', 'GET', `${finance()}/payments`)).statusCode).toBe(403);
    const recorded = await t.database.db.select().from(payments).where(eq(payments.unitId, unitIds.C2!));
    expect(recorded).toEqual([]);
  });

  it("records a deposit's payments together, or none of them when one is wrong", async () => {
    await charge('C2', 8_000);
    const deposit = (third: object) =>
      as('manager', 'POST', `${finance()}/deposits`, {
        receivedOn: today,
        payments: [
          { unitId: unitIds.C2, method: 'check', reference: '201', amountCents: 8_000 },
          { unitId: unitIds.C3, method: 'cash', amountCents: 2_500 },
          { unitId: unitIds.C4, method: 'check', amountCents: 1_000, ...third },
        ],
      });
    const wrong = await deposit({});
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields['payments.2.reference']).toBe('Give the check number');
    const tooLarge = await deposit({ reference: '9', amountCents: 50_000_000 });
    expect(tooLarge.json().error.fields['payments.2.amountCents']).toContain('at most');
    expect(await t.database.db.select().from(payments).where(eq(payments.unitId, unitIds.C2!))).toEqual([]);
    const made = await deposit({ reference: '203' });
    expect(made.statusCode, made.body).toBe(201);
    expect((made.json() as { payments: Payment[] }).payments.map((payment) => payment.unit.label)).toEqual([
      'C2',
      'C3',
      'C4',
    ]);
    expect((await ledgerOf('C2')).balanceCents).toBe(0);
  });
});

describe('a returned payment', () => {
  it('reverses its entries, opens its charges again, and may add a returned-payment fee', async () => {
    const owed = await charge('C3', 12_000);
    const payment = await pay('C3', 12_000, { reference: '3003' });
    expect((await ledgerOf('C3')).balanceCents).toBe(-2_500);
    const returned = await as('manager', 'POST', `${finance()}/payments/${payment.id}/return`, {
      reason: 'Check returned: insufficient funds',
      returnedFeeCents: 2_500,
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({
      status: 'reversed',
      failureReason: 'Check returned: insufficient funds',
    });
    const ledger = await ledgerOf('C3');
    // Owed again: the 120.00 charge and the 25.00 fee, less the earlier cash credit of 25.00.
    expect(ledger.balanceCents).toBe(12_000);
    expect(ledger.lines.map((line) => line.memo)).toContain('Returned: Check returned: insufficient funds');
    const again = await as('manager', 'POST', `${finance()}/payments/${payment.id}/return`, {
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);
    // The charge can be paid again by a new payment.
    const repaid = await pay('C3', 12_000, { reference: '3004' });
    expect(repaid.allocations.map((allocation) => allocation.chargeId)).toContain(owed.id);
    expect(await fundsBalance()).toEqual([
      ['operating', 0],
      ['reserve', 0],
      ['special', 0],
    ]);
  });
});

describe('what the database refuses', () => {
  it('a changed or deleted payment, a changed allocation, a charge paid beyond its amount', async () => {
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.unitId, unitIds.C1!));
    expect(
      await refusal(
        t.database.db.execute(sql`update payments set amount_cents = 1 where id = ${payment!.id}`),
      ),
    ).toContain('never change');
    expect(
      await refusal(t.database.db.execute(sql`delete from payments where id = ${payment!.id}`)),
    ).toContain('never deleted');
    expect(
      await refusal(
        t.database.db.execute(sql`update payments set status = 'pending' where id = ${payment!.id}`),
      ),
    ).toContain('cannot go from succeeded to pending');
    const [allocation] = await t.database.db
      .select()
      .from(paymentAllocations)
      .where(eq(paymentAllocations.paymentId, payment!.id));
    expect(
      await refusal(
        t.database.db.execute(
          sql`update payment_allocations set amount_cents = 1 where id = ${allocation!.id}`,
        ),
      ),
    ).toContain('never change');
    // Paying the same charge again in full from the same payment's credit goes beyond the charge.
    expect(
      await refusal(
        t.database.db
          .execute(sql`insert into payment_allocations (payment_id, charge_id, amount_cents, entry_id)
          values (${payment!.id}, ${allocation!.chargeId}, 1, ${allocation!.entryId})`),
      ),
    ).toContain('cannot be paid');
  });
});

describe('money is never created or lost', () => {
  it('for any sequence of charges, payments and returns: every fund balances and each unit owes charges less payments', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('charge' as const), cents: fc.integer({ min: 1, max: 50_000 }) }),
            fc.record({ kind: fc.constant('pay' as const), cents: fc.integer({ min: 1, max: 60_000 }) }),
            fc.record({ kind: fc.constant('return' as const), pick: fc.nat() }),
          ),
          { minLength: 1, maxLength: 8 },
        ),
        async (steps) => {
          const [unit] = await t.database.db
            .insert(units)
            .values({ propertyId: cedarId, label: `P${Math.random().toString(36).slice(2, 10)}` })
            .returning({ id: units.id, label: units.label });
          unitIds[unit!.label] = unit!.id;
          let charged = 0;
          const standing: { id: string; cents: number }[] = [];
          for (const step of steps) {
            if (step.kind === 'charge') {
              await charge(unit!.label, step.cents);
              charged += step.cents;
            } else if (step.kind === 'pay') {
              const payment = await pay(unit!.label, step.cents);
              standing.push({ id: payment.id, cents: step.cents });
            } else if (standing.length > 0) {
              const [returned] = standing.splice(step.pick % standing.length, 1);
              const response = await as('manager', 'POST', `${finance()}/payments/${returned!.id}/return`, {
                reason: 'Returned',
              });
              expect(response.statusCode, response.body).toBe(200);
            }
          }
          const paid = standing.reduce((sum, payment) => sum + payment.cents, 0);
          expect((await ledgerOf(unit!.label)).balanceCents).toBe(charged - paid);
          const [sums] = rowsOf<{ unbalanced: number }>(
            await t.database.db.execute(sql`select count(*)::int as unbalanced from (
              select fund from journal_lines where property_id = ${cedarId} group by fund having sum(amount_cents) <> 0) f`),
          );
          expect(sums!.unbalanced).toBe(0);
        },
      ),
      { numRuns: 12 },
    );
  });
});
