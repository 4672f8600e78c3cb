import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Charge, ChargeInput, ChargePage, UnitLedger } from '@commonwise/contracts';
import type { chargeListQuerySchema, unitLedgerQuerySchema } from '@commonwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { charges, glAccounts, journalEntries, journalLines, profiles, units } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { offsetOf } from '../../lib/paging.ts';
import { fieldError, inTransaction, requireKeeper, requireReader } from './books.service.ts';
import { firstOpenDay, insertCharges, ownerAccountKeys, postingAccounts } from './charges.ts';
import { applyCredits, lockUnit } from './payments.service.ts';

/**
 * Charges and a unit's account (issue 20, item 2): one-off charges by a manager, the list of charges,
 * and a unit's ledger — every line posted for the unit to the owners' accounts, with the balance after
 * each, computed from the journal.
 */

export async function chargesByIds(db: Db, ids: string[]): Promise<Charge[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      charge: charges,
      unitLabel: units.label,
      account: { id: glAccounts.id, code: glAccounts.code, name: glAccounts.name, fund: glAccounts.fund },
      postedOn: journalEntries.postedOn,
      entryNumber: journalEntries.number,
      createdByName: profiles.fullName,
      paidCents: sql<string>`coalesce((select sum(a.amount_cents) from payment_allocations a
        join payments p on p.id = a.payment_id
        where a.charge_id = "charges"."id" and p.status not in ('failed', 'reversed')), 0)`,
      waiver: sql<{
        on: string;
        memo: string;
      } | null>`(select json_build_object('on', r.posted_on, 'memo', r.memo)
        from journal_entries r where r.reverses_id = "charges"."journal_entry_id")`,
    })
    .from(charges)
    .innerJoin(units, eq(units.id, charges.unitId))
    .innerJoin(glAccounts, eq(glAccounts.id, charges.incomeAccountId))
    .innerJoin(journalEntries, eq(journalEntries.id, charges.journalEntryId))
    .leftJoin(profiles, eq(profiles.id, charges.createdBy))
    .where(inArray(charges.id, ids));
  const byId = new Map(
    rows.map(({ charge, unitLabel, account, postedOn, entryNumber, createdByName, paidCents, waiver }) => [
      charge.id,
      {
        id: charge.id,
        unit: { id: charge.unitId, label: unitLabel },
        kind: charge.kind,
        description: charge.description,
        dueOn: charge.dueOn,
        postedOn,
        amountCents: charge.amountCents,
        incomeAccount: account,
        scheduleId: charge.scheduleId,
        period: charge.period,
        installment: charge.installment,
        journalEntryId: charge.journalEntryId,
        journalEntryNumber: entryNumber,
        openCents: waiver ? 0 : charge.amountCents - Number(paidCents),
        waived: waiver ? { on: waiver.on, reason: waiver.memo.replace(/^Waived: /, '') } : null,
        createdByName,
        createdAt: charge.createdAt.toISOString(),
      } satisfies Charge,
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A one-off charge to a unit (a key fob, a clubhouse cleaning), posted today, due when the manager says. */
export async function createCharge(
  ctx: ServiceContext,
  propertyId: string,
  input: ChargeInput,
): Promise<Charge> {
  const [id] = await inTransaction(ctx, async (tx) => {
    const property = await requireKeeper(ctx, tx, propertyId);
    const [unit] = await tx
      .select({ id: units.id, archivedAt: units.archivedAt })
      .from(units)
      .where(and(eq(units.id, input.unitId), eq(units.propertyId, propertyId)));
    if (!unit) throw fieldError(400, 'UNKNOWN_UNIT', 'unitId', 'Choose a unit of this association');
    if (unit.archivedAt) throw fieldError(409, 'UNIT_ARCHIVED', 'unitId', 'This unit is archived');
    if (input.dueOn < property.today)
      throw fieldError(422, 'DUE_IN_PAST', 'dueOn', 'A new charge is due today or later');
    const accounts = await postingAccounts(tx, propertyId, input.kind, input.incomeAccountId);
    const postedOn = await firstOpenDay(tx, propertyId, property.today);
    await lockUnit(tx, propertyId, unit.id);
    const ids = await insertCharges(
      tx,
      propertyId,
      accounts,
      [
        {
          unitId: unit.id,
          kind: input.kind,
          description: input.description,
          dueOn: input.dueOn,
          amountCents: input.amountCents,
        },
      ],
      postedOn,
      ctx.actor.id,
    );
    // A unit that paid ahead has the charge paid from its credit at once.
    await applyCredits(tx, propertyId, unit.id, property.jurisdiction, property.today);
    return ids;
  });
  return (await chargesByIds(ctx.db, [id!]))[0]!;
}

export async function listCharges(
  ctx: ServiceContext,
  propertyId: string,
  query: z.infer<typeof chargeListQuerySchema>,
): Promise<ChargePage> {
  await requireReader(ctx, propertyId);
  const condition = and(
    eq(charges.propertyId, propertyId),
    query.unitId ? eq(charges.unitId, query.unitId) : undefined,
    query.scheduleId ? eq(charges.scheduleId, query.scheduleId) : undefined,
  );
  const rows = await ctx.db
    .select({ id: charges.id, total: sql<number>`(count(*) over ())::int` })
    .from(charges)
    .where(condition)
    .orderBy(desc(charges.dueOn), desc(charges.createdAt), desc(charges.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const total =
    rows[0]?.total ??
    (query.page > 1
      ? ((
          await ctx.db
            .select({ count: sql<number>`count(*)::int` })
            .from(charges)
            .where(condition)
        )[0]?.count ?? 0)
      : 0);
  return {
    charges: await chargesByIds(
      ctx.db,
      rows.map((row) => row.id),
    ),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * A unit's account, newest first: each entry that touched the unit's owner accounts (receivables,
 * prepaid), what it changed, the charge it posted if any, and the running balance — all from the journal.
 */
export async function unitLedger(
  ctx: ServiceContext,
  propertyId: string,
  unitId: string,
  query: z.infer<typeof unitLedgerQuerySchema>,
): Promise<UnitLedger> {
  await requireReader(ctx, propertyId);
  const [unit] = await ctx.db
    .select({ id: units.id, label: units.label })
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.propertyId, propertyId)));
  if (!unit) throw notFound('Unit');
  return ledgerOfUnit(ctx.db, unit, query);
}

/** A unit's account page, for a caller already allowed to read it (its books' readers, its owner). */
export async function ledgerOfUnit(
  db: Db,
  unit: { id: string; label: string },
  query: z.infer<typeof unitLedgerQuerySchema>,
): Promise<UnitLedger> {
  const unitId = unit.id;
  // One row per entry: what it changed on the unit's owner accounts (a credit applied moves money from
  // the prepaid account to a receivable, so it shows with no change to the balance).
  const perEntry = db
    .select({
      entryId: journalLines.entryId,
      amountCents: sql<string>`sum(${journalLines.amountCents})`.as('entry_cents'),
    })
    .from(journalLines)
    .innerJoin(glAccounts, eq(glAccounts.id, journalLines.accountId))
    .where(and(eq(journalLines.unitId, unitId), inArray(glAccounts.systemKey, ownerAccountKeys)))
    .groupBy(journalLines.entryId)
    .as('per_entry');
  const ownerLines = db
    .select({
      entryId: perEntry.entryId,
      amountCents: perEntry.amountCents,
      postedOn: journalEntries.postedOn,
      number: journalEntries.number,
      memo: journalEntries.memo,
      sourceType: journalEntries.sourceType,
      reversesId: journalEntries.reversesId,
      balance:
        sql<string>`sum(${perEntry.amountCents}) over (order by ${journalEntries.postedOn}, ${journalEntries.number})`.as(
          'balance',
        ),
      total: sql<number>`(count(*) over ())::int`.as('total'),
    })
    .from(perEntry)
    .innerJoin(journalEntries, eq(journalEntries.id, perEntry.entryId))
    .as('owner_lines');
  const rows = await db
    .select({
      entryId: ownerLines.entryId,
      amountCents: ownerLines.amountCents,
      postedOn: ownerLines.postedOn,
      number: ownerLines.number,
      memo: ownerLines.memo,
      sourceType: ownerLines.sourceType,
      reversesId: ownerLines.reversesId,
      balance: ownerLines.balance,
      total: ownerLines.total,
      charge: { id: charges.id, kind: charges.kind, dueOn: charges.dueOn, description: charges.description },
    })
    .from(ownerLines)
    .leftJoin(charges, eq(charges.journalEntryId, ownerLines.entryId))
    .orderBy(desc(ownerLines.postedOn), desc(ownerLines.number))
    .limit(query.limit)
    .offset(offsetOf(query));
  const balanceCents = await unitBalanceOf(db, unitId);
  const total = rows[0]?.total ?? 0;
  return {
    unit,
    balanceCents,
    lines: rows.map(({ charge, ...line }) => ({
      id: line.entryId,
      entryId: line.entryId,
      entryNumber: line.number,
      postedOn: line.postedOn,
      memo: line.memo,
      sourceType: line.sourceType,
      charge: charge?.id ? charge : null,
      reversesEntryId: line.reversesId,
      amountCents: Number(line.amountCents),
      balanceCents: Number(line.balance),
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** What a unit owes now on its owner accounts (negative: paid ahead), summed from the journal. */
export async function unitBalanceOf(db: Db, unitId: string): Promise<number> {
  const [current] = await db
    .select({ balance: sql<string | null>`sum(${journalLines.amountCents})` })
    .from(journalLines)
    .innerJoin(glAccounts, eq(glAccounts.id, journalLines.accountId))
    .where(and(eq(journalLines.unitId, unitId), inArray(glAccounts.systemKey, ownerAccountKeys)));
  return Number(current?.balance ?? 0);
}
