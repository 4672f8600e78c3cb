import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Aging, Chart, FinanceSummary, OwnerAccountList, UnitLedger } from '@commonwise/contracts';
import { journalLines } from './schema/index.ts';
import { withFinanceHistory } from '../test/fixtures/association.ts';
import { createTestApp, injectAs, type TestApp } from '../test/test-app.ts';

/**
 * The demo's year of books at Willow Creek (issue 20, item 11), as the product seeds it on a fresh install
 * (the tests' template goes without it): the screens' figures are there, they come from balanced journal
 * lines, the late payers owe what the policy charges, and the owner of 14B, who pays every month, owes
 * nothing.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let willowId: string;

const get = <T>(who: string, url: string) =>
  injectAs(t.app, cookies[who], { method: 'GET', url }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  });

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'resident', 'board'] as const) cookies[who] = await t.cookieFor(who);
  willowId = await withFinanceHistory(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the demo year of books at Willow Creek', () => {
  it('balances: every fund sums to zero, and the trial balance says so', async () => {
    const sums = await t.database.db
      .select({ fund: journalLines.fund, amountCents: journalLines.amountCents })
      .from(journalLines)
      .where(eq(journalLines.propertyId, willowId));
    expect(sums.length).toBeGreaterThan(1000);
    for (const fund of ['operating', 'reserve'])
      expect(sums.filter((line) => line.fund === fund).reduce((sum, line) => sum + line.amountCents, 0)).toBe(
        0,
      );
    const chart = await get<Chart>('manager', `/api/properties/${willowId}/finance/accounts`);
    for (const fund of chart.funds) expect(fund.debitsCents).toBe(fund.creditsCents);
    const balance = (key: string) =>
      chart.accounts.find((account) => account.systemKey === key)!.balanceCents;
    expect(balance('assessment_income')).toBeLessThan(-12 * 40 * 29_500);
    expect(balance('reserve_cash')).toBeGreaterThan(0);
    expect(balance('late_fee_income')).toBeLessThan(0);
    // The months before last are closed.
    expect(chart.books.closedThrough).not.toBeNull();
  });

  it('shows late payers in the aging, the one who stopped paying past 90 days', async () => {
    const aging = await get<Aging>('manager', `/api/properties/${willowId}/finance/aging?limit=50`);
    const row = (label: string) => aging.rows.find((candidate) => candidate.unit.label === label);
    const stopped = row('22A')!;
    // Four months of $295.00 and a $25.00 late fee on each one that is past its grace days.
    expect(stopped.balanceCents).toBeGreaterThanOrEqual(3 * 29_500 + 3 * 2_500);
    expect(stopped.buckets.days61to90 + stopped.buckets.over90).toBeGreaterThan(0);
    // A late payer has not paid this month's dues yet; the others pay theirs late with the fee, so at
    // most this month's dues and fee are open (before the 22nd).
    expect(row('19B')!.balanceCents).toBeGreaterThanOrEqual(29_500);
    for (const label of ['6B', '12A'])
      expect(row(label)?.balanceCents ?? 0).toBeLessThanOrEqual(29_500 + 2_500);
    expect(aging.totals.creditCents).toBe(0);
    // 14B pays each month's dues by the 10th and owes nothing.
    expect(row('14B')).toBeUndefined();
    // 2A pays a quarter ahead: a credit, or nothing owed.
    expect(row('2A')?.balanceCents ?? 0).toBeLessThanOrEqual(0);
  });

  it('gives the board the year against the adopted budget and the reserve against its study', async () => {
    const summary = await get<FinanceSummary>('board', `/api/properties/${willowId}/finance/summary`);
    expect(summary.budget).toBe('adopted');
    expect(summary.operating.income.budgetCents).toBeGreaterThan(0);
    expect(summary.operating.income.actualCents).toBeGreaterThan(0);
    expect(summary.operating.expenses.actualCents).toBeGreaterThan(0);
    expect(summary.reserve.balanceCents).toBeGreaterThan(20_000_000);
    expect(summary.reserve.targetCents).toBe(30_000_000);
    expect(summary.reserve.targetSource).toMatch(/^Reserve study update of \d{4}/);
  });

  it('shows the owner of 14B a paid-up account with a year of charges and payments', async () => {
    const accounts = await get<OwnerAccountList>('resident', '/api/finance/owner-accounts');
    const account = accounts.accounts.find((candidate) => candidate.unit.label === '14B')!;
    expect(account.balanceCents).toBe(0);
    expect(account.nextCharges[0]?.amountCents).toBe(29_500);
    const ledger = await get<UnitLedger>('resident', `/api/finance/owner-accounts/${account.unit.id}/ledger`);
    expect(ledger.total).toBeGreaterThanOrEqual(24);
    expect(ledger.lines.some((line) => /Monthly assessment/.test(line.memo))).toBe(true);
  });
});
