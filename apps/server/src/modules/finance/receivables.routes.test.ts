import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Aging, Chart, FinanceSummary } from '@commonwise/contracts';
import { unitOwnerships, profiles } from '../../db/schema/index.ts';
import { makeAssociation } from '../../test/fixtures/association.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { insertCharges, postingAccounts } from './charges.ts';

/**
 * What owners owe and the board's figures (issue 20, item 7), in a new association (Aspen Row,
 * California): charges due at various ages and payments (allocated oldest first) give each unit's open
 * amounts by days past due and its credit; the summary puts the operating fund's year to date against
 * the adopted budget, with the reserve fund and what owners owe. Every figure is checked against what
 * the test posted.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let aspenId: string;
let unitIds: Record<string, string>;
let today: string;

const as = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });
const finance = () => `/api/properties/${aspenId}/finance`;
const daysFrom = (days: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** A fee due `dueInDays` from today (in the past too: charges of earlier months), posted on its due day. */
async function charge(label: string, amountCents: number, dueInDays: number) {
  const dueOn = daysFrom(dueInDays);
  await t.database.db.transaction(async (tx) =>
    insertCharges(
      tx,
      aspenId,
      await postingAccounts(tx, aspenId, 'fee', undefined),
      [{ unitId: unitIds[label]!, kind: 'fee', description: `Fee due ${dueOn}`, dueOn, amountCents }],
      dueOn,
      null,
    ),
  );
}

async function pay(label: string, amountCents: number) {
  const response = await as('manager', 'POST', `${finance()}/payments`, {
    unitId: unitIds[label],
    method: 'cash',
    amountCents,
    receivedOn: today,
  });
  expect(response.statusCode, response.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'board', 'resident'] as const) cookies[who] = await t.cookieFor(who);
  ({ id: aspenId, unitIds } = await makeAssociation(t, {
    name: 'Aspen Row',
    jurisdiction: 'CA',
    timeZone: 'America/Los_Angeles',
    unitLabels: ['R1', 'R2', 'R3', 'R4'],
  }));
  today = ((await as('manager', 'GET', `${finance()}/assessments`)).json() as { today: string }).today;
  const [owner] = await t.database.db
    .insert(profiles)
    .values({ id: 'aspen-owner', email: 'aspen-owner@example.com', fullName: 'Ada Aspen', role: 'resident' })
    .returning({ id: profiles.id });
  await t.database.db
    .insert(unitOwnerships)
    .values({ unitId: unitIds.R1!, userId: owner!.id, startsOn: '2020-01-01', isPrimary: true });

  await charge('R1', 10_000, -10);
  await charge('R1', 20_000, -45);
  await charge('R2', 30_000, -100);
  await pay('R2', 5_000);
  await charge('R3', 5_000, 5);
  await pay('R3', 8_000);
});

afterAll(async () => {
  await t?.close();
});

describe('owner balances by age', () => {
  it('ages each unit’s open charges by days past due, with its credit and balance, largest first', async () => {
    const response = await as('board', 'GET', `${finance()}/aging`);
    expect(response.statusCode, response.body).toBe(200);
    const aging = response.json() as Aging;
    const none = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
    expect(aging.asOf).toBe(today);
    expect(aging.rows).toEqual([
      {
        unit: { id: unitIds.R1, label: 'R1' },
        owners: ['Ada Aspen'],
        buckets: { ...none, days1to30: 10_000, days31to60: 20_000 },
        creditCents: 0,
        balanceCents: 30_000,
      },
      {
        unit: { id: unitIds.R2, label: 'R2' },
        owners: [],
        buckets: { ...none, over90: 25_000 },
        creditCents: 0,
        balanceCents: 25_000,
      },
      {
        unit: { id: unitIds.R3, label: 'R3' },
        owners: [],
        buckets: none,
        creditCents: 3_000,
        balanceCents: -3_000,
      },
    ]);
    expect(aging.total).toBe(3);
    expect(aging.totals).toEqual({
      buckets: { ...none, days1to30: 10_000, days31to60: 20_000, over90: 25_000 },
      creditCents: 3_000,
      balanceCents: 52_000,
      unitsPastDue: 2,
    });
    const searched = (await as('manager', 'GET', `${finance()}/aging?q=r2`)).json() as Aging;
    expect(searched.rows.map((row) => row.unit.label)).toEqual(['R2']);
    // The balances agree with the books: the receivables less the prepaid account.
    const chart = (await as('manager', 'GET', `${finance()}/accounts?asOf=2100-01-01`)).json() as Chart;
    const balanceOf = (key: string) =>
      chart.accounts
        .filter((account) => account.systemKey === key)
        .reduce((sum, account) => sum + account.balanceCents, 0);
    expect(balanceOf('assessments_receivable') + balanceOf('prepaid_assessments')).toBe(52_000);
    expect((await as('resident', 'GET', `${finance()}/aging`)).statusCode).toBe(403);
  });
});

describe("the board's figures", () => {
  it('puts the year to date against the adopted budget, with the reserve fund and what owners owe', async () => {
    const books = (await as('manager', 'GET', `${finance()}/accounts`)).json() as Chart;
    const account = (key: string) => books.accounts.find((candidate) => candidate.systemKey === key)!.id;
    const entry = await as('manager', 'POST', `${finance()}/journal`, {
      postedOn: today,
      memo: 'Landscaping, and the month’s reserve transfer',
      lines: [
        { accountId: account('landscaping_expense'), debitCents: 40_000 },
        { accountId: account('operating_cash'), creditCents: 40_000 },
        { accountId: account('reserve_cash'), debitCents: 75_000 },
        { accountId: account('reserve_contribution_income'), creditCents: 75_000 },
      ],
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const year = Number(today.slice(0, 4));
    let summary = (await as('board', 'GET', `${finance()}/summary`)).json() as FinanceSummary;
    // Fee income counts from the fiscal year's first day (charges are posted on their due dates).
    const feesThisYear = [
      [10_000, -10],
      [20_000, -45],
      [30_000, -100],
      [5_000, 5],
    ]
      .filter(([, days]) => daysFrom(days!) >= `${year}-01-01` && days! <= 0)
      .reduce((sum, [cents]) => sum + cents!, 0);
    expect(summary).toEqual({
      asOf: today,
      fiscalYear: { label: String(year), startsOn: `${year}-01-01`, endsOn: `${year}-12-31` },
      budget: 'none',
      operating: {
        income: { budgetCents: null, actualCents: feesThisYear },
        expenses: { budgetCents: null, actualCents: 40_000 },
        annualExpenseBudgetCents: null,
      },
      reserve: { balanceCents: 75_000, targetCents: null, targetSource: null },
      receivables: { balanceCents: 52_000, pastDueCents: 55_000, unitsPastDue: 2 },
    });

    // The reserve target is recorded by a manager with its source; the board reads it, never sets it.
    const target = { targetCents: 300_000, source: 'Reserve study of 2025 (Acme Reserves)' };
    expect((await as('board', 'PUT', `${finance()}/reserve-target`, target)).statusCode).toBe(403);
    const unsourced = await as('manager', 'PUT', `${finance()}/reserve-target`, {
      targetCents: 1,
      source: ' ',
    });
    expect(unsourced.statusCode).toBe(400);
    const recorded = await as('manager', 'PUT', `${finance()}/reserve-target`, target);
    expect(recorded.json()).toMatchObject({
      reserveTargetCents: 300_000,
      reserveTargetSource: target.source,
    });
    expect(((await as('board', 'GET', `${finance()}/summary`)).json() as FinanceSummary).reserve).toEqual({
      balanceCents: 75_000,
      targetCents: 300_000,
      targetSource: target.source,
    });

    const months = (cents: number) => Array.from({ length: 12 }, () => cents);
    const saved = await as('manager', 'PUT', `${finance()}/budgets/${year}`, {
      lines: [
        { accountId: account('landscaping_expense'), months: months(3_000) },
        { accountId: account('fee_income'), months: months(1_000) },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await as('board', 'GET', `${finance()}/summary`)).json()).toMatchObject({ budget: 'draft' });
    const adopted = await as('manager', 'POST', `${finance()}/budgets/${year}/adopt`, {
      adoptedBy: 'Board meeting',
    });
    expect(adopted.statusCode, adopted.body).toBe(200);
    summary = (await as('board', 'GET', `${finance()}/summary`)).json() as FinanceSummary;
    const monthsElapsed = Number(today.slice(5, 7));
    expect(summary.budget).toBe('adopted');
    expect(summary.operating).toEqual({
      income: { budgetCents: monthsElapsed * 1_000, actualCents: feesThisYear },
      expenses: { budgetCents: monthsElapsed * 3_000, actualCents: 40_000 },
      annualExpenseBudgetCents: 36_000,
    });
  });
});
