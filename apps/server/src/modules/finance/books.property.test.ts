import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chart, JournalEntry } from '@commonwise/contracts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../realtime/publish.ts';

/**
 * Money is never created or lost (issue 20, item 10), whatever people post: for any sequence of
 * entries (balanced or not, across funds) and reversals, an entry is accepted exactly when its debits
 * equal its credits in each fund; a refused one leaves nothing behind; the journal's lines sum to zero
 * in every fund; and every balance the chart shows is the sum of its account's lines.
 */

let t: TestApp;
let cookie: string;
let propertyId: string;
let accounts: { id: string; fund: string }[];

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.cookieFor('admin');
  const created = await injectAs(t.app, cookie, {
    method: 'POST',
    url: '/api/properties',
    payload: { name: 'Property Test Pines', address: '9 Pines Way, Austin, TX', units: 1 },
  });
  propertyId = (created.json() as { id: string }).id;
  const chart = (
    await injectAs(t.app, cookie, { method: 'GET', url: `/api/properties/${propertyId}/finance/accounts` })
  ).json() as Chart;
  // A few accounts of each fund are enough to mix funds within an entry.
  accounts = ['operating', 'reserve', 'special'].flatMap((fund) =>
    chart.accounts.filter((account) => account.fund === fund).slice(0, 3),
  );
});
afterAll(async () => t.close());

const line = fc.record({
  account: fc.nat({ max: 8 }),
  cents: fc.integer({ min: 1, max: 5_000_000 }),
  isDebit: fc.boolean(),
});
/** An entry: its lines, and whether to add the lines that balance each fund it touches. */
const step = fc.oneof(
  fc.record({
    kind: fc.constant('entry' as const),
    lines: fc.array(line, { minLength: 1, maxLength: 5 }),
    balance: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('reverse' as const), which: fc.nat() }),
);

describe('the books, property-based', () => {
  it('accept exactly the entries that balance per fund, and always sum to zero per fund', async () => {
    const posted: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const current of steps) {
          if (current.kind === 'reverse') {
            if (posted.length === 0) continue;
            const id = posted[current.which % posted.length]!;
            const response = await injectAs(t.app, cookie, {
              method: 'POST',
              url: `/api/properties/${propertyId}/finance/journal/${id}/reverse`,
              payload: { reason: 'Property test', postedOn: '2026-05-01' },
            });
            // Reversed at most once; a reversal itself is not reversed.
            expect([201, 409]).toContain(response.statusCode);
            if (response.statusCode === 201) posted.push((response.json() as JournalEntry).id);
            continue;
          }
          const lines = current.lines.map((drawn) => ({
            accountId: accounts[drawn.account]!.id,
            fund: accounts[drawn.account]!.fund,
            amount: drawn.isDebit ? drawn.cents : -drawn.cents,
          }));
          const perFund = new Map<string, number>();
          for (const entryLine of lines)
            perFund.set(entryLine.fund, (perFund.get(entryLine.fund) ?? 0) + entryLine.amount);
          if (current.balance)
            for (const [fund, total] of perFund)
              if (total !== 0) {
                const account = accounts.find((candidate) => candidate.fund === fund)!;
                lines.push({ accountId: account.id, fund, amount: -total });
                perFund.set(fund, 0);
              }
          const isBalanced = [...perFund.values()].every((total) => total === 0) && lines.length >= 2;
          const before = rowsOf<{ n: number }>(
            await t.database.db.execute(
              sql`select count(*)::int as n from journal_lines where property_id = ${propertyId}`,
            ),
          )[0]!.n;
          const response = await injectAs(t.app, cookie, {
            method: 'POST',
            url: `/api/properties/${propertyId}/finance/journal`,
            payload: {
              postedOn: '2026-04-01',
              memo: 'Property test',
              lines: lines.map((entryLine) =>
                entryLine.amount > 0
                  ? { accountId: entryLine.accountId, debitCents: entryLine.amount }
                  : { accountId: entryLine.accountId, creditCents: -entryLine.amount },
              ),
            },
          });
          expect(response.statusCode, response.body).toBe(isBalanced ? 201 : 400);
          const after = rowsOf<{ n: number }>(
            await t.database.db.execute(
              sql`select count(*)::int as n from journal_lines where property_id = ${propertyId}`,
            ),
          )[0]!.n;
          expect(after - before).toBe(isBalanced ? lines.length : 0);
          if (isBalanced) posted.push((response.json() as JournalEntry).id);
        }
        const funds = rowsOf<{ fund: string; total: string }>(
          await t.database.db.execute(
            sql`select fund, sum(amount_cents) as total from journal_lines where property_id = ${propertyId} group by fund`,
          ),
        );
        for (const fund of funds) expect(Number(fund.total)).toBe(0);
      }),
      { numRuns: 25, seed: 20 },
    );
    const chart = (
      await injectAs(t.app, cookie, { method: 'GET', url: `/api/properties/${propertyId}/finance/accounts` })
    ).json() as Chart;
    const sums = new Map(
      rowsOf<{ account_id: string; total: string }>(
        await t.database.db.execute(
          sql`select account_id, sum(amount_cents) as total from journal_lines where property_id = ${propertyId} group by account_id`,
        ),
      ).map((row) => [row.account_id, Number(row.total)]),
    );
    for (const account of chart.accounts) expect(account.balanceCents).toBe(sums.get(account.id) ?? 0);
    for (const fund of chart.funds) expect(fund.debitsCents).toBe(fund.creditsCents);
    expect(posted.length).toBeGreaterThan(10);
  }, 120_000);
});
