import { sql } from 'drizzle-orm';
import {
  agingBuckets,
  type Aging,
  type AgingBucket,
  type agingQuerySchema,
  type FinanceSummary,
} from '@commonwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { offsetOf } from '../../lib/paging.ts';
import { rowsOf } from '../realtime/publish.ts';
import { booksOf, requireReader } from './books.service.ts';
import { fiscalYearOf } from './budgets.service.ts';

/**
 * What owners owe and the board's figures (issue 20, item 7; decision 0048), all from the journal's
 * charges and payments: each charge's open amount is its amount less what payments that stand paid
 * (a waived charge is not open), aged by its due date against the association's today; a unit's credit
 * is its prepaid account. Read by the books' readers (managers, the board, admins).
 */

type Buckets = Record<AgingBucket, number>;

/**
 * Each unit's open amount by age bucket and its credit, for units with either, as the journal stood at the
 * end of `asOf` (today, or a month's last day for its report): charges posted by then, less what was
 * applied to them by then by payments not returned by then, and not waived by then; the credit is the
 * prepaid account's lines posted by then. SQL over one property.
 */
export const perUnit = (propertyId: string, asOf: string) => sql`
  with open_charges as (
    select c.unit_id, (${asOf}::date - c.due_on) as days_late,
      c.amount_cents - coalesce((
        select sum(a.amount_cents) from payment_allocations a
        join payments p on p.id = a.payment_id
        join journal_entries applied on applied.id = a.entry_id
        where a.charge_id = c.id and applied.posted_on <= ${asOf}::date
          and not exists (select 1 from journal_entries back where back.id = p.reversal_entry_id
            and back.posted_on <= ${asOf}::date)), 0) as open_cents
    from charges c
    join journal_entries posted on posted.id = c.journal_entry_id and posted.posted_on <= ${asOf}::date
    where c.property_id = ${propertyId}
      and not exists (select 1 from journal_entries r where r.reverses_id = c.journal_entry_id
        and r.posted_on <= ${asOf}::date)
  ), aged as (
    select unit_id,
      coalesce(sum(open_cents) filter (where days_late <= 0), 0) as current,
      coalesce(sum(open_cents) filter (where days_late between 1 and 30), 0) as days1to30,
      coalesce(sum(open_cents) filter (where days_late between 31 and 60), 0) as days31to60,
      coalesce(sum(open_cents) filter (where days_late between 61 and 90), 0) as days61to90,
      coalesce(sum(open_cents) filter (where days_late > 90), 0) as over90
    from open_charges where open_cents > 0 group by unit_id
  ), credit as (
    select l.unit_id, -sum(l.amount_cents) as credit_cents
    from journal_lines l join gl_accounts g on g.id = l.account_id
    join journal_entries e on e.id = l.entry_id and e.posted_on <= ${asOf}::date
    where g.property_id = ${propertyId} and g.system_key = 'prepaid_assessments' and l.unit_id is not null
    group by l.unit_id having sum(l.amount_cents) <> 0
  )
  select u.id as unit_id, u.label,
    coalesce(a.current, 0)::bigint as current, coalesce(a.days1to30, 0)::bigint as days1to30,
    coalesce(a.days31to60, 0)::bigint as days31to60, coalesce(a.days61to90, 0)::bigint as days61to90,
    coalesce(a.over90, 0)::bigint as over90, coalesce(cr.credit_cents, 0)::bigint as credit_cents
  from units u
  left join aged a on a.unit_id = u.id
  left join credit cr on cr.unit_id = u.id
  where u.property_id = ${propertyId} and (a.unit_id is not null or cr.unit_id is not null)`;

type UnitRow = { unit_id: string; label: string; credit_cents: string } & Record<AgingBucket, string>;

const bucketsOf = (row: Record<AgingBucket, string | number>): Buckets =>
  Object.fromEntries(agingBuckets.map((bucket) => [bucket, Number(row[bucket])])) as Buckets;
const openOf = (buckets: Buckets) => agingBuckets.reduce((sum, bucket) => sum + buckets[bucket], 0);
const pastDueOf = (buckets: Buckets) => openOf(buckets) - buckets.current;

export async function totalsOf(db: Db, propertyId: string, today: string) {
  const [row] = rowsOf<Record<AgingBucket, string> & { credit_cents: string; units_past_due: number }>(
    await db.execute(sql`
      with per_unit as (${perUnit(propertyId, today)})
      select coalesce(sum(current), 0) as current, coalesce(sum(days1to30), 0) as days1to30,
        coalesce(sum(days31to60), 0) as days31to60, coalesce(sum(days61to90), 0) as days61to90,
        coalesce(sum(over90), 0) as over90, coalesce(sum(credit_cents), 0) as credit_cents,
        (count(*) filter (where days1to30 + days31to60 + days61to90 + over90 > 0))::int as units_past_due
      from per_unit`),
  );
  const buckets = bucketsOf(row!);
  const creditCents = Number(row!.credit_cents);
  return {
    buckets,
    creditCents,
    balanceCents: openOf(buckets) - creditCents,
    unitsPastDue: row!.units_past_due,
  };
}

/** Owner balances by unit, largest balance first, with the association's totals. */
export async function aging(
  ctx: ServiceContext,
  propertyId: string,
  query: z.infer<typeof agingQuerySchema>,
): Promise<Aging> {
  const property = await requireReader(ctx, propertyId);
  const search = query.q ? `%${query.q.replace(/[\\%_]/g, (match) => `\\${match}`)}%` : null;
  const rows = rowsOf<UnitRow & { total: number; owners: string[] | null }>(
    await ctx.db.execute(sql`
      with per_unit as (${perUnit(property.id, property.today)})
      select p.*, (count(*) over ())::int as total,
        array(select pr.full_name from unit_ownerships uo join profiles pr on pr.id = uo.user_id
          where uo.unit_id = p.unit_id and uo.starts_on <= ${property.today}::date
            and (uo.ends_on is null or uo.ends_on > ${property.today}::date)
          order by uo.is_primary desc, pr.full_name) as owners
      from per_unit p
      where ${search === null ? sql`true` : sql`p.label ilike ${search}`}
      order by (p.current + p.days1to30 + p.days31to60 + p.days61to90 + p.over90 - p.credit_cents) desc,
        p.label
      limit ${query.limit} offset ${offsetOf(query)}`),
  );
  return {
    asOf: property.today,
    totals: await totalsOf(ctx.db, property.id, property.today),
    rows: rows.map((row) => {
      const buckets = bucketsOf(row);
      const creditCents = Number(row.credit_cents);
      return {
        unit: { id: row.unit_id, label: row.label },
        owners: row.owners ?? [],
        buckets,
        creditCents,
        balanceCents: openOf(buckets) - creditCents,
      };
    }),
    total: rows[0]?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * The board's figures: the operating fund's income and expenses this fiscal year to date against the
 * adopted budget through this month, what the reserve fund holds against its recorded target, and what
 * owners owe.
 */
export async function financeSummary(ctx: ServiceContext, propertyId: string): Promise<FinanceSummary> {
  const property = await requireReader(ctx, propertyId);
  const year = await fiscalYearOf(ctx.db, property.id, property.today);
  const [startYear, startMonth] = year.startsOn.split('-').map(Number) as [number, number];
  const [nowYear, nowMonth] = property.today.split('-').map(Number) as [number, number];
  const monthsElapsed = (nowYear - startYear) * 12 + (nowMonth - startMonth) + 1;
  const [figures] = rowsOf<{
    income: string;
    expenses: string;
    reserve: string;
  }>(
    await ctx.db.execute(sql`
      select
        coalesce(-sum(l.amount_cents) filter (where g.fund = 'operating' and g.type = 'income'
          and e.posted_on between ${year.startsOn}::date and ${property.today}::date), 0) as income,
        coalesce(sum(l.amount_cents) filter (where g.fund = 'operating' and g.type = 'expense'
          and e.posted_on between ${year.startsOn}::date and ${property.today}::date), 0) as expenses,
        coalesce(sum(l.amount_cents) filter (where g.fund = 'reserve' and g.type = 'asset'
          and e.posted_on <= ${property.today}::date), 0) as reserve
      from journal_lines l
      join journal_entries e on e.id = l.entry_id
      join gl_accounts g on g.id = l.account_id
      where e.property_id = ${property.id}`),
  );
  const [budget] = rowsOf<{
    status: 'adopted' | 'draft';
    income_ytd: string;
    expenses_ytd: string;
    expenses_year: string;
  }>(
    await ctx.db.execute(sql`
      select b.status,
        coalesce(sum(bl.amount_cents) filter (where g.type = 'income' and bl.month <= ${monthsElapsed}), 0)
          as income_ytd,
        coalesce(sum(bl.amount_cents) filter (where g.type = 'expense' and bl.month <= ${monthsElapsed}), 0)
          as expenses_ytd,
        coalesce(sum(bl.amount_cents) filter (where g.type = 'expense'), 0) as expenses_year
      from budgets b
      left join budget_lines bl on bl.budget_id = b.id
      left join gl_accounts g on g.id = bl.account_id and g.fund = 'operating'
      where b.property_id = ${property.id} and b.fiscal_year = ${year.fiscalYear}
      group by b.status`),
  );
  const adopted = budget?.status === 'adopted';
  const owed = await totalsOf(ctx.db, property.id, property.today);
  const books = await booksOf(ctx.db, property.id);
  return {
    asOf: property.today,
    fiscalYear: { label: year.label, startsOn: year.startsOn, endsOn: year.endsOn },
    budget: budget ? budget.status : 'none',
    operating: {
      income: {
        budgetCents: adopted ? Number(budget.income_ytd) : null,
        actualCents: Number(figures!.income),
      },
      expenses: {
        budgetCents: adopted ? Number(budget.expenses_ytd) : null,
        actualCents: Number(figures!.expenses),
      },
      annualExpenseBudgetCents: adopted ? Number(budget.expenses_year) : null,
    },
    reserve: {
      balanceCents: Number(figures!.reserve),
      targetCents: books.reserveTargetCents,
      targetSource: books.reserveTargetSource,
    },
    receivables: {
      balanceCents: owed.balanceCents,
      pastDueCents: pastDueOf(owed.buckets),
      unitsPastDue: owed.unitsPastDue,
    },
  };
}
