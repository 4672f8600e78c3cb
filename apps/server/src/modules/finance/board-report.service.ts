import { sql } from 'drizzle-orm';
import type { agingBuckets } from '@commonwise/contracts';
import {
  funds,
  type BoardReport,
  type ChargeKind,
  type Fund,
  type PaymentMethod,
  type StatementQuery,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { rowsOf } from '../realtime/publish.ts';
import { booksOf, fieldError, requireReader, type PropertyRow } from './books.service.ts';
import { fiscalYearOf } from './budgets.service.ts';
import { monthSoFar } from './due-dates.ts';
import { perUnit, totalsOf } from './receivables.service.ts';

/**
 * The monthly board report (issue 20, item 7; decision 0053): balance sheet and income statement by fund,
 * the operating budget against actual, the reserve against its target, what owners owe, and the month's
 * charges and payments. Every figure is a sum of journal lines (or of the charges and payments those
 * lines posted) dated on or before the month's last day — today for the month so far — so a month whose
 * books are closed reads the same whenever it is asked for.
 */

type AccountRow = {
  code: string;
  name: string;
  type: 'asset' | 'liability' | 'equity' | 'income' | 'expense';
  fund: Fund;
  balance: string;
  month: string;
  year: string;
};

export async function boardReport(
  ctx: ServiceContext,
  propertyId: string,
  query: StatementQuery,
): Promise<BoardReport> {
  const property = await requireReader(ctx, propertyId);
  return reportOf(ctx.db, property, query.month);
}

/** The report of a month for a property the caller may read (the benchmark calls it directly). */
export async function reportOf(db: Db, property: PropertyRow, month: string): Promise<BoardReport> {
  const { from, lastDay: to, through, isPartial } = monthSoFar(month, property.today);
  if (from > property.today)
    throw fieldError(
      422,
      'MONTH_NOT_BEGUN',
      'month',
      'That month has not begun: choose this month or an earlier one',
    );
  const year = await fiscalYearOf(db, property.id, from);
  const books = await booksOf(db, property.id);
  const [address] = rowsOf<{ address: string }>(
    await db.execute(sql`select address from properties where id = ${property.id}`),
  );

  const accounts = rowsOf<AccountRow>(
    await db.execute(sql`
      select g.code, g.name, g.type, g.fund,
        coalesce(sum(l.amount_cents) filter (where e.posted_on <= ${through}::date), 0) as balance,
        coalesce(sum(l.amount_cents) filter (where e.posted_on between ${from}::date and ${through}::date), 0)
          as month,
        coalesce(sum(l.amount_cents) filter (where e.posted_on between ${year.startsOn}::date and ${through}::date), 0)
          as year
      from gl_accounts g
      left join journal_lines l on l.account_id = g.id
      left join journal_entries e on e.id = l.entry_id
      where g.property_id = ${property.id}
      group by g.id
      order by g.code`),
  ).map((row) => ({
    ...row,
    balance: Number(row.balance),
    month: Number(row.month),
    year: Number(row.year),
  }));

  const balanceSheet = funds.flatMap((fund) => {
    const of = (type: AccountRow['type']) => accounts.filter((row) => row.fund === fund && row.type === type);
    const line = (row: { code: string; name: string }, cents: number) => ({
      code: row.code,
      name: row.name,
      cents,
    });
    const assets = of('asset')
      .filter((row) => row.balance !== 0)
      .map((row) => line(row, row.balance));
    const liabilities = of('liability')
      .filter((row) => row.balance !== 0)
      .map((row) => line(row, -row.balance));
    const equity = of('equity')
      .filter((row) => row.balance !== 0)
      .map((row) => line(row, -row.balance));
    const surplusCents = -[...of('income'), ...of('expense')].reduce((sum, row) => sum + row.balance, 0);
    if (assets.length + liabilities.length + equity.length === 0 && surplusCents === 0) return [];
    const sum = (rows: { cents: number }[]) => rows.reduce((total, row) => total + row.cents, 0);
    return [
      {
        fund,
        assets,
        liabilities,
        equity,
        surplusCents,
        totalAssetsCents: sum(assets),
        totalLiabilitiesAndEquityCents: sum(liabilities) + sum(equity) + surplusCents,
      },
    ];
  });

  const incomeStatement = funds.flatMap((fund) => {
    const of = (type: 'income' | 'expense', sign: number) =>
      accounts
        .filter((row) => row.fund === fund && row.type === type && (row.month !== 0 || row.year !== 0))
        .map((row) => ({
          code: row.code,
          name: row.name,
          monthCents: sign * row.month,
          yearCents: sign * row.year,
        }));
    const income = of('income', -1);
    const expenses = of('expense', 1);
    if (income.length + expenses.length === 0) return [];
    const total = (rows: { monthCents: number; yearCents: number }[], key: 'monthCents' | 'yearCents') =>
      rows.reduce((sum, row) => sum + row[key], 0);
    return [
      {
        fund,
        income,
        expenses,
        netMonthCents: total(income, 'monthCents') - total(expenses, 'monthCents'),
        netYearCents: total(income, 'yearCents') - total(expenses, 'yearCents'),
      },
    ];
  });

  // The budget through this month of the fiscal year, against the operating fund's actual.
  const [startYear, startMonth] = year.startsOn.split('-').map(Number) as [number, number];
  const [monthYear, monthNumber] = month.split('-').map(Number) as [number, number];
  const monthsIn = (monthYear - startYear) * 12 + (monthNumber - startMonth) + 1;
  const budgetRows = rowsOf<{ status: 'adopted' | 'draft'; code: string | null; cents: string | null }>(
    await db.execute(sql`
      select b.status, g.code, sum(bl.amount_cents) as cents
      from budgets b
      left join budget_lines bl on bl.budget_id = b.id and bl.month <= ${monthsIn}
      left join gl_accounts g on g.id = bl.account_id
      where b.property_id = ${property.id} and b.fiscal_year = ${year.fiscalYear}
      group by b.status, g.code`),
  );
  const status: BoardReport['budget']['status'] = budgetRows[0]?.status ?? 'none';
  const budgeted = new Map(
    status === 'adopted'
      ? budgetRows.filter((row) => row.code).map((row) => [row.code!, Number(row.cents)])
      : [],
  );
  const budget = {
    status,
    rows: accounts
      .filter(
        (row) =>
          row.fund === 'operating' &&
          (row.type === 'income' || row.type === 'expense') &&
          (budgeted.has(row.code) || row.year !== 0),
      )
      .map((row) => {
        const budgetCents = budgeted.get(row.code) ?? 0;
        const actualCents = row.type === 'income' ? -row.year : row.year;
        return {
          code: row.code,
          name: row.name,
          type: row.type as 'income' | 'expense',
          budgetCents,
          actualCents,
          varianceCents: row.type === 'income' ? actualCents - budgetCents : budgetCents - actualCents,
        };
      }),
  };

  const owed = await totalsOf(db, property.id, through);
  const largest = rowsOf<
    Record<(typeof agingBuckets)[number], string> & { label: string; credit_cents: string }
  >(
    await db.execute(sql`
      with per_unit as (${perUnit(property.id, through)})
      select * from per_unit
      where days1to30 + days31to60 + days61to90 + over90 > 0
      order by days1to30 + days31to60 + days61to90 + over90 desc, label
      limit 10`),
  ).map((row) => {
    const past = Number(row.days1to30) + Number(row.days31to60) + Number(row.days61to90) + Number(row.over90);
    return {
      label: row.label,
      pastDueCents: past,
      balanceCents: past + Number(row.current) - Number(row.credit_cents),
    };
  });

  const charges = rowsOf<{ kind: ChargeKind; count: number; cents: string }>(
    await db.execute(sql`
      select c.kind, count(*)::int as count, sum(c.amount_cents) as cents
      from charges c join journal_entries e on e.id = c.journal_entry_id
      where c.property_id = ${property.id} and e.posted_on between ${from}::date and ${through}::date
      group by c.kind order by c.kind`),
  );
  const [waived] = rowsOf<{ count: number; cents: string }>(
    await db.execute(sql`
      select count(*)::int as count, coalesce(sum(c.amount_cents), 0) as cents
      from charges c join journal_entries r on r.reverses_id = c.journal_entry_id
      where c.property_id = ${property.id} and r.posted_on between ${from}::date and ${through}::date`),
  );
  const payments = rowsOf<{ method: PaymentMethod; count: number; cents: string }>(
    await db.execute(sql`
      select p.method, count(*)::int as count, sum(p.amount_cents) as cents
      from payments p join journal_entries e on e.id = p.journal_entry_id
      where p.property_id = ${property.id} and e.posted_on between ${from}::date and ${through}::date
      group by p.method order by p.method`),
  );
  const [returned] = rowsOf<{ count: number; cents: string }>(
    await db.execute(sql`
      select count(*)::int as count, coalesce(sum(p.amount_cents), 0) as cents
      from payments p join journal_entries e on e.id = p.reversal_entry_id
      where p.property_id = ${property.id} and e.posted_on between ${from}::date and ${through}::date`),
  );

  return {
    association: { id: property.id, name: property.name, address: address?.address ?? '' },
    month,
    from,
    through,
    isPartial,
    isClosed: books.closedThrough !== null && books.closedThrough >= to,
    fiscalYear: { label: year.label, startsOn: year.startsOn, endsOn: year.endsOn },
    balanceSheet,
    incomeStatement,
    budget,
    reserve: {
      balanceCents: accounts
        .filter((row) => row.fund === 'reserve' && row.type === 'asset')
        .reduce((sum, row) => sum + row.balance, 0),
      targetCents: books.reserveTargetCents,
      targetSource: books.reserveTargetSource,
    },
    aging: { ...owed, largest },
    activity: {
      charges: charges.map((row) => ({ kind: row.kind, count: row.count, cents: Number(row.cents) })),
      payments: payments.map((row) => ({ method: row.method, count: row.count, cents: Number(row.cents) })),
      waived: { count: waived!.count, cents: Number(waived!.cents) },
      returned: { count: returned!.count, cents: Number(returned!.cents) },
    },
  };
}
