import { and, between, eq, inArray, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardReport } from '@commonwise/contracts';
import { glAccounts, journalEntries, journalLines, payments } from '../../db/schema/index.ts';
import { withFinanceHistory } from '../../test/fixtures/association.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { ownerAccountKeys } from './charges.ts';
import { postEntry } from './books.service.ts';

/**
 * The monthly board report (issue 20, item 7) over the demo's year of books at Willow Creek: every figure
 * is checked against a sum of journal lines made here; a closed month reads and prints the same after more
 * is posted; the board and the managers read it, owners and other associations' managers do not.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let willowId: string;
let today: string;

const get = (who: string, url: string) => injectAs(t.app, cookies[who], { method: 'GET', url });
const reportOf = async (month: string, who = 'board') => {
  const response = await get(who, `/api/properties/${willowId}/finance/reports/monthly?month=${month}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BoardReport;
};
const monthOf = (monthsFromNow: number) => {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + monthsFromNow, 1)).toISOString().slice(0, 7);
};
const lastDayOf = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
};

/** Σ journal lines of the accounts with these system keys, posted between two days. */
async function linesSum(keys: string[], from: string, through: string) {
  const [row] = await t.database.db
    .select({ cents: sql<string>`coalesce(sum(${journalLines.amountCents}), 0)` })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .innerJoin(glAccounts, eq(glAccounts.id, journalLines.accountId))
    .where(
      and(
        eq(glAccounts.propertyId, willowId),
        inArray(glAccounts.systemKey, keys),
        between(journalEntries.postedOn, from, through),
      ),
    );
  return Number(row!.cents);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'resident', 'board'] as const) cookies[who] = await t.cookieFor(who);
  cookies.manager2 = await t.signIn('manager2@commonwise.test');
  willowId = await withFinanceHistory(t);
  today = (await get('board', `/api/properties/${willowId}/finance/summary`)).json().asOf as string;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the monthly board report', () => {
  it('adds up: each fund balances, and every figure is a sum of journal lines', async () => {
    const month = monthOf(-2);
    const through = lastDayOf(month);
    const report = await reportOf(month);
    expect(report).toMatchObject({ month, from: `${month}-01`, through, isPartial: false, isClosed: true });
    expect(report.balanceSheet.map((fund) => fund.fund)).toEqual(['operating', 'reserve']);
    for (const fund of report.balanceSheet) {
      expect(fund.totalAssetsCents).toBe(fund.totalLiabilitiesAndEquityCents);
      expect(fund.totalAssetsCents).toBeGreaterThan(0);
    }
    const cash = report.balanceSheet[0]!.assets.find((row) => row.name === 'Operating Cash')!;
    expect(cash.cents).toBe(await linesSum(['operating_cash'], '2000-01-01', through));

    const operating = report.incomeStatement.find((fund) => fund.fund === 'operating')!;
    const dues = operating.income.find((row) => row.name === 'Assessment Income')!;
    expect(dues.monthCents).toBe(-(await linesSum(['assessment_income'], `${month}-01`, through)));
    expect(dues.monthCents).toBe(48 * 29_500);
    expect(dues.yearCents).toBe(
      -(await linesSum(['assessment_income'], report.fiscalYear.startsOn, through)),
    );

    expect(report.budget.status).toBe('adopted');
    const monthsIn = Number(month.slice(5, 7)) - Number(report.fiscalYear.startsOn.slice(5, 7)) + 1;
    const budgetDues = report.budget.rows.find((row) => row.code === '4000')!;
    expect(budgetDues).toMatchObject({ budgetCents: monthsIn * 48 * 29_500, actualCents: dues.yearCents });
    expect(budgetDues.varianceCents).toBe(budgetDues.actualCents - budgetDues.budgetCents);
    const management = report.budget.rows.find((row) => row.code === '5000')!;
    expect(management.varianceCents).toBe(management.budgetCents - management.actualCents);

    // What owners owe is what their accounts hold: receivables less credit, as of the month's end.
    expect(report.aging.balanceCents).toBe(await linesSum(ownerAccountKeys, '2000-01-01', through));
    expect(report.aging.largest[0]).toMatchObject({ label: '22A' });

    const received = await t.database.db
      .select({ cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
      .from(payments)
      .innerJoin(journalEntries, eq(journalEntries.id, payments.journalEntryId))
      .where(
        and(eq(payments.propertyId, willowId), between(journalEntries.postedOn, `${month}-01`, through)),
      );
    expect(report.activity.payments.reduce((sum, row) => sum + row.cents, 0)).toBe(
      Number(received[0]!.cents),
    );
    expect(report.activity.charges.find((row) => row.kind === 'assessment')).toEqual({
      kind: 'assessment',
      count: 48,
      cents: 48 * 29_500,
    });
    expect(report.reserve).toMatchObject({ targetCents: 30_000_000 });
    expect(report.reserve.balanceCents).toBe(await linesSum(['reserve_cash'], '2000-01-01', through));
  });

  it('reads and prints a closed month the same after more is posted', async () => {
    const month = monthOf(-2);
    const before = await reportOf(month);
    const pdfUrl = `/api/properties/${willowId}/finance/reports/monthly/pdf?month=${month}`;
    const first = await get('manager', pdfUrl);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe(
      `attachment; filename="commonwise-board-report-${month}.pdf"; filename*=UTF-8''commonwise-board-report-${month}.pdf`,
    );
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(first.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain('Willow Creek Commons');
    expect(text).toContain('Monthly financial report');
    expect(text).toContain('The books are closed for this month');
    expect(text).toContain('Operating budget and actual');

    const accounts = await t.database.db
      .select({ id: glAccounts.id, key: glAccounts.systemKey })
      .from(glAccounts)
      .where(
        and(
          eq(glAccounts.propertyId, willowId),
          inArray(glAccounts.systemKey, ['operating_cash', 'fee_income']),
        ),
      );
    const id = (key: string) => accounts.find((row) => row.key === key)!.id;
    await t.database.db.transaction((tx) =>
      postEntry(tx, {
        propertyId: willowId,
        postedOn: today,
        memo: 'Clubhouse rental',
        sourceType: 'manual',
        createdBy: null,
        lines: [
          { accountId: id('operating_cash'), amountCents: 15_000 },
          { accountId: id('fee_income'), amountCents: -15_000 },
        ],
      }),
    );
    expect(await reportOf(month)).toEqual(before);
    const again = await get('manager', pdfUrl);
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    // This month's report has the new entry, and says it is the month so far.
    const current = await reportOf(monthOf(0));
    expect(current.isPartial).toBe(true);
    expect(
      current.incomeStatement[0]!.income.find((row) => row.name === 'Amenity and Other Fees')?.monthCents,
    ).toBeGreaterThanOrEqual(15_000);
  });

  it('is for the books’ readers only, and for months that have begun', async () => {
    const url = `/api/properties/${willowId}/finance/reports/monthly?month=${monthOf(-1)}`;
    expect((await get('manager', url)).statusCode).toBe(200);
    expect((await get('resident', url)).statusCode).toBe(403);
    expect((await get('manager2', url)).statusCode).toBe(404);
    const future = await get(
      'board',
      `/api/properties/${willowId}/finance/reports/monthly?month=${monthOf(1)}`,
    );
    expect(future.statusCode).toBe(422);
    expect(future.json()).toMatchObject({ error: { code: 'MONTH_NOT_BEGUN' } });
    const bad = await get('board', `/api/properties/${willowId}/finance/reports/monthly?month=2026-13`);
    expect(bad.statusCode).toBe(400);
  });
});
