import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { formatMoney, type StatementQuery, type UpcomingCharge } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { properties, units } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { rowsOf } from '../realtime/publish.ts';
import { ownerAccountScope } from '../access/scope.ts';
import { upcomingChargesOf } from './assessments.service.ts';
import { requireReader } from './books.service.ts';
import { ownerAccountKeys } from './charges.ts';
import type { PaymentProviderClient } from './payment-providers.ts';
import { renderStatement } from './statement-pdf.ts';
import { monthSoFar } from './due-dates.ts';

/**
 * A unit's monthly statement (issue 20, item 8; decision 0050): the balance the month opened with, every
 * entry of the month on the unit's owner accounts with the balance after it, the balance it closed with,
 * what is due and how to pay — every figure a sum of journal lines, so a statement of a month that has
 * ended prints the same whenever it is asked for. Its owner downloads it from the Billing page; the
 * association's books' readers from the unit's account.
 */

export type StatementLine = {
  postedOn: string;
  description: string;
  amountCents: number;
  balanceCents: number;
};

export type Statement = {
  association: { name: string; address: string };
  unit: { id: string; label: string };
  owners: string[];
  month: string;
  from: string;
  /** The month's last day, or today while the month runs. */
  through: string;
  isPartial: boolean;
  openingCents: number;
  lines: StatementLine[];
  chargesCents: number;
  /** Payments, credits and waivers: what lowered the balance (a positive figure). */
  creditsCents: number;
  closingCents: number;
  /** The next charge of the association's schedules, on a statement of the current month. */
  nextCharge: UpcomingCharge | null;
  payOnline: boolean;
};

type StatementProperty = { id: string; name: string; address: string; today: string };

/** The month's statement of a unit the caller may read (the caller has checked). */
export async function statementOf(
  db: Db,
  property: StatementProperty,
  unit: { id: string; label: string },
  month: string,
  payOnline: boolean,
): Promise<Statement> {
  const { from, through, isPartial } = monthSoFar(month, property.today);
  if (from > property.today) {
    throw new AppError(422, 'MONTH_NOT_BEGUN', 'A statement is for a month that has begun', {
      fields: { month: 'Choose this month or an earlier one' },
    });
  }
  const keys = sql.join(
    ownerAccountKeys.map((key) => sql`${key}`),
    sql`, `,
  );
  const [opening] = rowsOf<{ cents: string | null }>(
    await db.execute(sql`
      select sum(l.amount_cents) as cents
      from journal_lines l
      join gl_accounts a on a.id = l.account_id
      join journal_entries e on e.id = l.entry_id
      where l.unit_id = ${unit.id} and a.system_key in (${keys}) and e.posted_on < ${from}::date`),
  );
  // One row per entry of the month: what it changed on the unit's owner accounts. An entry that moved a
  // credit onto a charge changes nothing and is left out.
  const entries = rowsOf<{ posted_on: string; description: string; cents: string }>(
    await db.execute(sql`
      select to_char(e.posted_on, 'YYYY-MM-DD') as posted_on,
        coalesce(min(c.description), e.memo) as description, sum(l.amount_cents) as cents
      from journal_lines l
      join gl_accounts a on a.id = l.account_id
      join journal_entries e on e.id = l.entry_id
      left join charges c on c.journal_entry_id = e.id
      where l.unit_id = ${unit.id} and a.system_key in (${keys})
        and e.posted_on between ${from}::date and ${through}::date
      group by e.id
      having sum(l.amount_cents) <> 0
      order by e.posted_on, e.number`),
  );
  const openingCents = Number(opening?.cents ?? 0);
  let balance = openingCents;
  const lines = entries.map((entry) => {
    const amountCents = Number(entry.cents);
    balance += amountCents;
    return { postedOn: entry.posted_on, description: entry.description, amountCents, balanceCents: balance };
  });
  const owners = rowsOf<{ full_name: string }>(
    await db.execute(sql`
      select pr.full_name from unit_ownerships uo join profiles pr on pr.id = uo.user_id
      where uo.unit_id = ${unit.id} and uo.starts_on <= ${through}::date
        and (uo.ends_on is null or uo.ends_on > ${through}::date)
      order by uo.is_primary desc, pr.full_name`),
  ).map((row) => row.full_name);
  return {
    association: { name: property.name, address: property.address },
    unit,
    owners,
    month,
    from,
    through,
    isPartial,
    openingCents,
    lines,
    chargesCents: lines.reduce((sum, line) => sum + Math.max(line.amountCents, 0), 0),
    creditsCents: lines.reduce((sum, line) => sum - Math.min(line.amountCents, 0), 0),
    closingCents: balance,
    nextCharge: isPartial
      ? ((await upcomingChargesOf(db, property.id, unit.id, property.today))[0] ?? null)
      : null,
    payOnline,
  };
}

const propertyColumns = {
  id: properties.id,
  name: properties.name,
  address: properties.address,
  today: sql<string>`to_char(now() at time zone ${properties.timeZone}, 'YYYY-MM-DD')`,
};

/** The PDF of a unit's month, the unit found under `condition` (404 when the caller may not have it). */
async function statementPdf(
  ctx: ServiceContext,
  provider: PaymentProviderClient | null,
  condition: SQL | undefined,
  month: string,
) {
  const [row] = await ctx.db
    .select({ unit: { id: units.id, label: units.label }, property: propertyColumns })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(condition);
  if (!row) throw notFound('Unit');
  const statement = await statementOf(ctx.db, row.property, row.unit, month, provider !== null);
  const rendered = await renderStatement(statement);
  const safeLabel = statement.unit.label.replace(/[^A-Za-z0-9-]+/g, '-');
  return { fileName: `statement-unit-${safeLabel}-${statement.month}.pdf`, bytes: rendered.bytes };
}

/** The owner's statement of their own unit (404 for anyone else's). */
export function ownerStatement(
  ctx: ServiceContext,
  provider: PaymentProviderClient | null,
  unitId: string,
  query: StatementQuery,
) {
  const mine = and(
    eq(units.id, unitId),
    ownerAccountScope(ctx.actor, sql`${units.id}`),
    isNull(units.archivedAt),
  );
  return statementPdf(ctx, provider, mine, query.month);
}

/** A unit's statement for the association's books' readers (managers, the board, admins). */
export async function unitStatement(
  ctx: ServiceContext,
  provider: PaymentProviderClient | null,
  propertyId: string,
  unitId: string,
  query: StatementQuery,
) {
  await requireReader(ctx, propertyId);
  return statementPdf(
    ctx,
    provider,
    and(eq(units.id, unitId), eq(units.propertyId, propertyId)),
    query.month,
  );
}

/**
 * The statements a month-end run sends: every unit of the association with owners today whose month had
 * activity or closed at anything but nothing, with those owners.
 */
export async function statementsToSend(
  db: Db,
  propertyId: string,
  month: string,
): Promise<{ statement: Statement; ownerIds: string[] }[]> {
  const [property] = await db.select(propertyColumns).from(properties).where(eq(properties.id, propertyId));
  if (!property) return [];
  const owned = rowsOf<{ id: string; label: string; owner_ids: string[] }>(
    await db.execute(sql`
      select u.id, u.label, array_agg(distinct uo.user_id) as owner_ids
      from units u
      join unit_ownerships uo on uo.unit_id = u.id and uo.starts_on <= ${property.today}::date
        and (uo.ends_on is null or uo.ends_on > ${property.today}::date)
      where u.property_id = ${propertyId} and u.archived_at is null
      group by u.id, u.label
      order by u.label`),
  );
  const sending: { statement: Statement; ownerIds: string[] }[] = [];
  for (const unit of owned) {
    const statement = await statementOf(db, property, { id: unit.id, label: unit.label }, month, false);
    if (statement.lines.length > 0 || statement.closingCents !== 0) {
      sending.push({ statement, ownerIds: unit.owner_ids });
    }
  }
  return sending;
}

const monthTitle = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T00:00:00Z`),
  );

/** What an owner is told when a statement is ready: its figures, and where to download it and pay. */
export function statementNotice(statement: Statement) {
  const { closingCents: closing, unit, month } = statement;
  const standing =
    closing > 0
      ? `${formatMoney(closing)} due`
      : closing < 0
        ? `${formatMoney(-closing)} credit`
        : 'nothing due';
  return {
    kind: 'statement.ready' as const,
    title: `Statement for unit ${unit.label}, ${monthTitle(month)}: ${standing}`,
    body: [
      `${statement.association.name}, unit ${unit.label}, ${monthTitle(month)}.`,
      `Opening balance ${formatMoney(statement.openingCents)}; charges ${formatMoney(statement.chargesCents)}; payments and credits ${formatMoney(statement.creditsCents)}; closing balance ${formatMoney(closing)}.`,
      'Download the statement (PDF), see every charge and payment, and pay on your Billing page.',
    ].join('\n\n'),
    link: `/resident-portal/billing?unit=${unit.id}`,
    dedupeKey: `statement:${unit.id}:${month}`,
  };
}
