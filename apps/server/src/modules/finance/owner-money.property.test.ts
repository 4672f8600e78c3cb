import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Charge, Payment, UnitLedger } from '@commonwise/contracts';
import { makeAssociation } from '../../test/fixtures/association.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../realtime/publish.ts';

/**
 * Money is never created or lost on owners' accounts (issue 20, item 10): for any sequence of charges,
 * payments (too small, exact, too large), returned payments (with or without a returned-payment fee) and
 * waivers, on a few units of a new association, the journal's lines sum to zero in every fund, and each
 * unit's balance as its account shows it (from the journal) is its charges less its waived charges less
 * the payments that stand — figures read from the charges and payments records, not from the journal.
 * Refusals (a second return, a waiver of a charge something was paid on) are 409s and change nothing.
 */

let t: TestApp;
let cookie: string;
let propertyId: string;
let today: string;
let unitIds: string[];

const finance = () => `/api/properties/${propertyId}/finance`;
const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
  injectAs(t.app, cookie, { method, url, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.cookieFor('admin');
  const made = await makeAssociation(t, {
    name: 'Ledger Law Landing',
    jurisdiction: 'TX',
    timeZone: 'America/Chicago',
    unitLabels: ['L1', 'L2', 'L3'],
  });
  propertyId = made.id;
  unitIds = Object.values(made.unitIds);
  today = ((await as('GET', `${finance()}/assessments`)).json() as { today: string }).today;
});
afterAll(async () => t.close());

const step = fc.oneof(
  fc.record({
    kind: fc.constant('charge' as const),
    unit: fc.nat({ max: 2 }),
    cents: fc.integer({ min: 1, max: 200_000 }),
  }),
  fc.record({
    kind: fc.constant('pay' as const),
    unit: fc.nat({ max: 2 }),
    cents: fc.integer({ min: 1, max: 300_000 }),
  }),
  fc.record({
    kind: fc.constant('return' as const),
    which: fc.nat(),
    feeCents: fc.option(fc.integer({ min: 1, max: 5_000 }), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('waive' as const), which: fc.nat() }),
);

async function all<T>(path: string, key: 'charges' | 'payments'): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const response = await as('GET', `${path}${path.includes('?') ? '&' : '?'}limit=100&page=${page}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { total: number } & Record<typeof key, T[]>;
    rows.push(...body[key]);
    if (rows.length >= body.total) return rows;
  }
}

describe("owners' money, property-based", () => {
  it('is never created or lost: per fund the journal sums to zero, and each balance is charges − waivers − payments', async () => {
    const charges: string[] = [];
    const payments: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const current of steps) {
          if (current.kind === 'charge') {
            const response = await as('POST', `${finance()}/charges`, {
              unitId: unitIds[current.unit],
              kind: 'fee',
              description: 'Property test fee',
              amountCents: current.cents,
              dueOn: today,
            });
            expect(response.statusCode, response.body).toBe(201);
            charges.push((response.json() as Charge).id);
          } else if (current.kind === 'pay') {
            const response = await as('POST', `${finance()}/payments`, {
              unitId: unitIds[current.unit],
              method: 'check',
              reference: `PT-${payments.length + 1}`,
              amountCents: current.cents,
              receivedOn: today,
            });
            expect(response.statusCode, response.body).toBe(201);
            payments.push((response.json() as Payment).id);
          } else if (current.kind === 'return') {
            if (payments.length === 0) continue;
            const id = payments[current.which % payments.length]!;
            const response = await as('POST', `${finance()}/payments/${id}/return`, {
              reason: 'Property test: the bank returned it',
              ...(current.feeCents ? { returnedFeeCents: current.feeCents } : {}),
            });
            // Returned at most once.
            expect([200, 201, 409], response.body).toContain(response.statusCode);
          } else {
            if (charges.length === 0) continue;
            const id = charges[current.which % charges.length]!;
            const response = await as('POST', `${finance()}/charges/${id}/waive`, {
              reason: 'Property test',
            });
            // Waived at most once, and only while nothing has been paid on it.
            expect([200, 201, 409], response.body).toContain(response.statusCode);
          }
        }

        const funds = rowsOf<{ fund: string; total: string }>(
          await t.database.db.execute(sql`
            select a.fund, sum(l.amount_cents) as total from journal_lines l
            join gl_accounts a on a.id = l.account_id
            where l.property_id = ${propertyId} group by a.fund`),
        );
        for (const fund of funds) expect(Number(fund.total), `fund ${fund.fund}`).toBe(0);

        for (const unitId of unitIds) {
          const unitCharges = await all<Charge>(`${finance()}/charges?unitId=${unitId}`, 'charges');
          const unitPayments = await all<Payment>(`${finance()}/payments?unitId=${unitId}`, 'payments');
          const charged = unitCharges.reduce((sum, charge) => sum + charge.amountCents, 0);
          const waived = unitCharges
            .filter((charge) => charge.waived !== null)
            .reduce((sum, charge) => sum + charge.amountCents, 0);
          const paid = unitPayments
            .filter((payment) => payment.status === 'succeeded')
            .reduce((sum, payment) => sum + payment.amountCents, 0);
          const ledger = (await as('GET', `${finance()}/units/${unitId}/ledger`)).json() as UnitLedger;
          expect(ledger.balanceCents).toBe(charged - waived - paid);
          // Where the money went agrees: what standing payments paid on charges is what the charges no
          // longer owe, the rest of those payments is a credit, and owed less credit is the balance.
          const applied = unitPayments
            .filter((payment) => payment.status === 'succeeded')
            .flatMap((payment) => payment.allocations)
            .filter((allocation) => allocation.chargeId !== null)
            .reduce((sum, allocation) => sum + allocation.amountCents, 0);
          const open = unitCharges.reduce((sum, charge) => sum + charge.openCents, 0);
          expect(open).toBe(charged - waived - applied);
          expect(paid - applied).toBeGreaterThanOrEqual(0);
          expect(open - (paid - applied)).toBe(ledger.balanceCents);
        }
      }),
      { numRuns: 12 },
    );
  });
});
