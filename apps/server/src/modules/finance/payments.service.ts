import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  Deposit,
  Fund,
  JurisdictionId,
  Payment,
  PaymentPage,
  RecordPayment,
  ReversePayment,
} from '@commonwise/contracts';
import type { paymentListQuerySchema } from '@commonwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  charges,
  financeBooks,
  glAccounts,
  journalEntries,
  journalLines,
  paymentAllocations,
  payments,
  profiles,
  units,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { offsetOf } from '../../lib/paging.ts';
import { allocatePayment, type OpenCharge } from './allocation.ts';
import {
  fieldError,
  inTransaction,
  postEntry,
  requireKeeper,
  requireReader,
  type PostingLine,
} from './books.service.ts';
import { firstOpenDay, insertCharges, postingAccounts, receivableKeyOf } from './charges.ts';

/**
 * Payments (issue 20, item 4; decision 0045). A payment that succeeds is allocated to its unit's open
 * charges in the jurisdiction's order (allocation.ts) and posted in one entry: cash debited in each fund
 * it pays into, the unit's receivables credited, and what it did not pay credited to the unit's prepaid
 * account (its credit, applied to charges posted later by `applyCredits`). A return reverses the
 * payment's entries; its charges are open again. Everything for one unit is done under a lock on the
 * unit's row, so two payments at once are allocated one after the other.
 */

type PaymentRow = typeof payments.$inferSelect;

const cashKeyOf: Record<Fund, string | null> = {
  operating: 'operating_cash',
  special: 'special_cash',
  reserve: null,
};

/** The accounts payments post to, by system key. */
async function paymentAccounts(db: Db, propertyId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: glAccounts.id, key: glAccounts.systemKey, isActive: glAccounts.isActive })
    .from(glAccounts)
    .where(
      and(
        eq(glAccounts.propertyId, propertyId),
        inArray(glAccounts.systemKey, [
          'operating_cash',
          'special_cash',
          'assessments_receivable',
          'special_receivable',
          'prepaid_assessments',
        ]),
      ),
    );
  return new Map(rows.filter((row) => row.isActive).map((row) => [row.key!, row.id]));
}

const accountOf = (accounts: Map<string, string>, key: string) => {
  const id = accounts.get(key);
  if (!id)
    throw new AppError(
      409,
      'NO_PAYMENT_ACCOUNT',
      `These books have no active ${key.replaceAll('_', ' ')} account`,
    );
  return id;
};

type OpenChargeRow = OpenCharge & { fund: Fund };

/**
 * A unit's charges with what is still owed on each: the amount less what payments that stand have paid
 * (a failed or returned payment's allocations do not count) and less any waiver (a reversal of the
 * charge's entry).
 */
export async function openChargesOf(db: Db, unitId: string): Promise<OpenChargeRow[]> {
  const rows = await db
    .select({
      id: charges.id,
      kind: charges.kind,
      dueOn: charges.dueOn,
      fund: glAccounts.fund,
      openCents: sql<string>`${charges.amountCents} - coalesce((
        select sum(a.amount_cents) from payment_allocations a join payments p on p.id = a.payment_id
        where a.charge_id = "charges"."id" and p.status not in ('failed', 'reversed')), 0)`,
      waived: sql<boolean>`exists (select 1 from journal_entries r where r.reverses_id = "charges"."journal_entry_id")`,
    })
    .from(charges)
    .innerJoin(glAccounts, eq(glAccounts.id, charges.incomeAccountId))
    .where(eq(charges.unitId, unitId))
    .orderBy(asc(charges.dueOn), asc(charges.id));
  return rows
    .filter((row) => !row.waived)
    .map((row) => ({
      id: row.id,
      kind: row.kind,
      dueOn: row.dueOn,
      fund: row.fund,
      openCents: Number(row.openCents),
    }))
    .filter((row) => row.openCents > 0);
}

/**
 * What the unit's succeeded payments have not yet paid: its credit, per payment, oldest first. (The
 * subqueries name "payments"."id" in full: Drizzle writes a single table's columns unqualified, which
 * inside a subquery would mean the subquery's own `id`.)
 */
async function unappliedOf(db: Db, unitId: string): Promise<{ paymentId: string; cents: number }[]> {
  const rows = await db
    .select({
      paymentId: payments.id,
      cents: sql<string>`${payments.amountCents} - coalesce((select sum(a.amount_cents) from payment_allocations a where a.payment_id = "payments"."id"), 0)`,
    })
    .from(payments)
    .where(and(eq(payments.unitId, unitId), eq(payments.status, 'succeeded')))
    .orderBy(asc(payments.receivedOn), asc(payments.createdAt), asc(payments.id));
  return rows
    .map((row) => ({ paymentId: row.paymentId, cents: Number(row.cents) }))
    .filter((row) => row.cents > 0);
}

export async function lockUnit(db: Db, propertyId: string, unitId: string) {
  const [unit] = await db
    .select({ id: units.id, label: units.label, archivedAt: units.archivedAt })
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.propertyId, propertyId)))
    .for('update');
  return unit;
}

/**
 * Allocates and posts a payment that has just succeeded, in the caller's transaction (the unit locked):
 * one entry, cash per fund against the receivables paid, the rest to the unit's credit.
 */
export async function settlePayment(
  tx: Db,
  payment: PaymentRow,
  jurisdiction: JurisdictionId,
  today: string,
  createdBy: string | null,
): Promise<void> {
  const accounts = await paymentAccounts(tx, payment.propertyId);
  const open = await openChargesOf(tx, payment.unitId);
  const fundOf = new Map(open.map((charge) => [charge.id, charge.fund]));
  const allocations = allocatePayment(payment.amountCents, open, jurisdiction, today).filter(
    (allocation): allocation is { chargeId: string; amountCents: number } => allocation.chargeId !== null,
  );
  const byFund = new Map<Fund, number>();
  for (const allocation of allocations) {
    const fund = fundOf.get(allocation.chargeId)!;
    byFund.set(fund, (byFund.get(fund) ?? 0) + allocation.amountCents);
  }
  const credit =
    payment.amountCents - allocations.reduce((sum, allocation) => sum + allocation.amountCents, 0);
  const lines: PostingLine[] = [];
  for (const [fund, cents] of byFund) {
    lines.push({ accountId: accountOf(accounts, cashKeyOf[fund]!), amountCents: cents });
    lines.push({
      accountId: accountOf(accounts, receivableKeyOf[fund]!),
      amountCents: -cents,
      unitId: payment.unitId,
    });
  }
  if (credit > 0) {
    lines.push({ accountId: accountOf(accounts, 'operating_cash'), amountCents: credit });
    lines.push({
      accountId: accountOf(accounts, 'prepaid_assessments'),
      amountCents: -credit,
      unitId: payment.unitId,
      memo: 'Credit',
    });
  }
  const entryId = await postEntry(tx, {
    propertyId: payment.propertyId,
    postedOn: await firstOpenDay(tx, payment.propertyId, payment.receivedOn),
    memo: describePayment(payment),
    sourceType: 'payment',
    sourceId: payment.id,
    createdBy,
    lines,
  });
  await tx
    .update(payments)
    .set({ status: 'succeeded', journalEntryId: entryId, updatedAt: new Date() })
    .where(eq(payments.id, payment.id));
  if (allocations.length > 0)
    await tx.insert(paymentAllocations).values(
      allocations.map((allocation) => ({
        paymentId: payment.id,
        chargeId: allocation.chargeId,
        amountCents: allocation.amountCents,
        entryId,
      })),
    );
}

const methodWords: Record<PaymentRow['method'], string> = {
  card: 'card',
  ach: 'bank debit',
  check: 'check',
  cash: 'cash',
  bank_transfer: 'bank transfer',
  external: 'payment portal',
};
function describePayment(payment: Pick<PaymentRow, 'method' | 'reference'>) {
  const reference = payment.reference
    ? ` ${payment.method === 'check' ? 'no. ' : ''}${payment.reference}`
    : '';
  return `Payment by ${methodWords[payment.method]}${reference}`;
}

/**
 * Applies a unit's credit (what its payments have not yet paid) to its open charges, in the
 * jurisdiction's order, in the caller's transaction: one entry per payment whose credit is used, moving
 * it from the prepaid account to the receivables. Run after charges are posted, so a unit that paid
 * ahead is never shown, or charged a late fee, as owing.
 */
export async function applyCredits(
  tx: Db,
  propertyId: string,
  unitId: string,
  jurisdiction: JurisdictionId,
  today: string,
): Promise<number> {
  const credits = await unappliedOf(tx, unitId);
  if (credits.length === 0) return 0;
  let open = await openChargesOf(tx, unitId);
  if (open.length === 0) return 0;
  const accounts = await paymentAccounts(tx, propertyId);
  let applied = 0;
  for (const credit of credits) {
    const fundOf = new Map(open.map((charge) => [charge.id, charge.fund]));
    const allocations = allocatePayment(credit.cents, open, jurisdiction, today).filter(
      (allocation): allocation is { chargeId: string; amountCents: number } => allocation.chargeId !== null,
    );
    if (allocations.length === 0) break;
    const total = allocations.reduce((sum, allocation) => sum + allocation.amountCents, 0);
    const byFund = new Map<Fund, number>();
    for (const allocation of allocations) {
      const fund = fundOf.get(allocation.chargeId)!;
      byFund.set(fund, (byFund.get(fund) ?? 0) + allocation.amountCents);
    }
    // The credit sits in operating: paying a special-fund charge moves the cash between the funds too.
    const lines: PostingLine[] = [
      {
        accountId: accountOf(accounts, 'prepaid_assessments'),
        amountCents: total,
        unitId,
        memo: 'Credit applied',
      },
      { accountId: accountOf(accounts, 'operating_cash'), amountCents: -total },
    ];
    for (const [fund, cents] of byFund) {
      lines.push({ accountId: accountOf(accounts, cashKeyOf[fund]!), amountCents: cents });
      lines.push({ accountId: accountOf(accounts, receivableKeyOf[fund]!), amountCents: -cents, unitId });
    }
    const entryId = await postEntry(tx, {
      propertyId,
      postedOn: await firstOpenDay(tx, propertyId, today),
      memo: 'Credit applied to charges',
      sourceType: 'credit',
      sourceId: credit.paymentId,
      createdBy: null,
      lines: mergeLines(lines),
    });
    await tx.insert(paymentAllocations).values(
      allocations.map((allocation) => ({
        paymentId: credit.paymentId,
        chargeId: allocation.chargeId,
        amountCents: allocation.amountCents,
        entryId,
      })),
    );
    applied += total;
    open = await openChargesOf(tx, unitId);
    if (open.length === 0) break;
  }
  return applied;
}

/** Lines on the same account and unit added together (operating cash out and back in cancels). */
function mergeLines(lines: PostingLine[]): PostingLine[] {
  const merged = new Map<string, PostingLine>();
  for (const line of lines) {
    const key = `${line.accountId}|${line.unitId ?? ''}`;
    const found = merged.get(key);
    if (found) found.amountCents += line.amountCents;
    else merged.set(key, { ...line });
  }
  return [...merged.values()].filter((line) => line.amountCents !== 0);
}

// --- Recording, returning and listing ------------------------------------------------------------

export async function maxPaymentOf(db: Db, propertyId: string) {
  const [books] = await db
    .select({ max: financeBooks.maxPaymentCents })
    .from(financeBooks)
    .where(eq(financeBooks.propertyId, propertyId));
  return books?.max ?? 0;
}

async function recordOne(
  ctx: ServiceContext,
  tx: Db,
  property: { id: string; today: string; jurisdiction: JurisdictionId },
  input: Omit<RecordPayment, 'receivedOn'>,
  receivedOn: string,
  field: (name: string) => string,
): Promise<string> {
  const unit = await lockUnit(tx, property.id, input.unitId);
  if (!unit) throw fieldError(400, 'UNKNOWN_UNIT', field('unitId'), 'Choose a unit of this association');
  const max = await maxPaymentOf(tx, property.id);
  if (input.amountCents > max)
    throw fieldError(
      422,
      'PAYMENT_TOO_LARGE',
      field('amountCents'),
      `A single payment is at most ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(max / 100)} here`,
    );
  const [payment] = await tx
    .insert(payments)
    .values({
      propertyId: property.id,
      unitId: unit.id,
      method: input.method,
      provider: 'manual',
      status: 'pending',
      amountCents: input.amountCents,
      receivedOn,
      reference: input.reference || null,
      memo: input.memo || null,
      createdBy: ctx.actor.id,
    })
    .returning();
  await settlePayment(tx, payment!, property.jurisdiction, property.today, ctx.actor.id);
  return payment!.id;
}

function checkReceivedOn(receivedOn: string, today: string) {
  if (receivedOn > today)
    throw fieldError(
      422,
      'RECEIVED_IN_FUTURE',
      'receivedOn',
      'A payment is recorded once it has been received',
    );
}

/** A check, cash, a transfer or a payment made elsewhere, recorded by a manager: received, so posted now. */
export async function recordPayment(
  ctx: ServiceContext,
  propertyId: string,
  input: RecordPayment,
): Promise<Payment> {
  const id = await inTransaction(ctx, async (tx) => {
    const property = await requireKeeper(ctx, tx, propertyId);
    checkReceivedOn(input.receivedOn, property.today);
    return recordOne(ctx, tx, property, input, input.receivedOn, (name) => name);
  });
  return (await paymentsByIds(ctx.db, [id]))[0]!;
}

/** A deposit's payments, all recorded or none (a mistake in one leaves nothing half entered). */
export async function recordDeposit(
  ctx: ServiceContext,
  propertyId: string,
  input: Deposit,
): Promise<Payment[]> {
  const ids = await inTransaction(ctx, async (tx) => {
    const property = await requireKeeper(ctx, tx, propertyId);
    checkReceivedOn(input.receivedOn, property.today);
    const made: string[] = [];
    for (const [index, payment] of input.payments.entries())
      made.push(
        await recordOne(ctx, tx, property, payment, input.receivedOn, (name) => `payments.${index}.${name}`),
      );
    return made;
  });
  return paymentsByIds(ctx.db, ids);
}

/**
 * A payment that came back (a bounced check, a returned bank debit): its entries are reversed, so its
 * charges are owed again, and an optional returned-payment fee is charged to the unit.
 */
export async function reversePayment(
  ctx: ServiceContext,
  propertyId: string,
  paymentId: string,
  input: ReversePayment,
): Promise<Payment> {
  await inTransaction(ctx, async (tx) => {
    const property = await requireKeeper(ctx, tx, propertyId);
    const [found] = await tx
      .select({ unitId: payments.unitId })
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.propertyId, propertyId)));
    if (!found) throw notFound('Payment');
    await lockUnit(tx, propertyId, found.unitId);
    await returnPayment(tx, paymentId, input.reason, property.today, ctx.actor.id);
    if (input.returnedFeeCents) {
      const accounts = await postingAccounts(tx, propertyId, 'fee', undefined);
      await insertCharges(
        tx,
        propertyId,
        accounts,
        [
          {
            unitId: found.unitId,
            kind: 'fee',
            description: 'Returned payment fee',
            dueOn: property.today,
            amountCents: input.returnedFeeCents,
          },
        ],
        await firstOpenDay(tx, propertyId, property.today),
        ctx.actor.id,
      );
    }
  });
  return (await paymentsByIds(ctx.db, [paymentId]))[0]!;
}

/**
 * Reverses a succeeded payment's entries (its own, and those that applied its credit later) and marks it
 * returned, in the caller's transaction with the unit locked. Used for manual returns and by providers.
 */
export async function returnPayment(
  tx: Db,
  paymentId: string,
  reason: string,
  today: string,
  createdBy: string | null,
): Promise<void> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!payment) throw notFound('Payment');
  if (payment.status !== 'succeeded')
    throw new AppError(409, 'PAYMENT_NOT_RECEIVED', 'Only a received payment can be returned');
  const entryIds = [
    payment.journalEntryId!,
    ...(
      await tx
        .selectDistinct({ entryId: paymentAllocations.entryId })
        .from(paymentAllocations)
        .where(
          and(
            eq(paymentAllocations.paymentId, paymentId),
            sql`${paymentAllocations.entryId} <> ${payment.journalEntryId}`,
          ),
        )
    ).map((row) => row.entryId),
  ];
  const lines = await tx
    .select({
      entryId: journalLines.entryId,
      accountId: journalLines.accountId,
      unitId: journalLines.unitId,
      amountCents: journalLines.amountCents,
      memo: journalLines.memo,
    })
    .from(journalLines)
    .where(inArray(journalLines.entryId, entryIds));
  const postedOn = await firstOpenDay(tx, payment.propertyId, today);
  let paymentReversal: string | null = null;
  for (const entryId of entryIds) {
    const reversal = await postEntry(tx, {
      propertyId: payment.propertyId,
      postedOn,
      memo: `Returned: ${reason}`,
      sourceType: 'payment_return',
      sourceId: payment.id,
      reversesId: entryId,
      createdBy,
      lines: lines
        .filter((line) => line.entryId === entryId)
        .map((line) => ({
          accountId: line.accountId,
          amountCents: -line.amountCents,
          unitId: line.unitId ?? undefined,
          memo: line.memo ?? undefined,
        })),
    });
    if (entryId === payment.journalEntryId) paymentReversal = reversal;
  }
  await tx
    .update(payments)
    .set({
      status: 'reversed',
      reversalEntryId: paymentReversal,
      failureReason: reason,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, paymentId));
}

export async function paymentsByIds(db: Db, ids: string[]): Promise<Payment[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      payment: payments,
      unitLabel: units.label,
      entryNumber: journalEntries.number,
      createdByName: profiles.fullName,
    })
    .from(payments)
    .innerJoin(units, eq(units.id, payments.unitId))
    .leftJoin(journalEntries, eq(journalEntries.id, payments.journalEntryId))
    .leftJoin(profiles, eq(profiles.id, payments.createdBy))
    .where(inArray(payments.id, ids));
  const allocations = await db
    .select({
      paymentId: paymentAllocations.paymentId,
      chargeId: paymentAllocations.chargeId,
      amountCents: paymentAllocations.amountCents,
      description: charges.description,
      kind: charges.kind,
      dueOn: charges.dueOn,
    })
    .from(paymentAllocations)
    .innerJoin(charges, eq(charges.id, paymentAllocations.chargeId))
    .where(inArray(paymentAllocations.paymentId, ids))
    .orderBy(asc(paymentAllocations.createdAt), asc(charges.dueOn));
  const byId = new Map(rows.map((row) => [row.payment.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { payment } = row;
    const paid = allocations.filter((allocation) => allocation.paymentId === id);
    const allocated = paid.reduce((sum, allocation) => sum + allocation.amountCents, 0);
    const credit = payment.status === 'succeeded' ? payment.amountCents - allocated : 0;
    return [
      {
        id: payment.id,
        unit: { id: payment.unitId, label: row.unitLabel },
        method: payment.method,
        provider: payment.provider,
        status: payment.status,
        amountCents: payment.amountCents,
        receivedOn: payment.receivedOn,
        reference: payment.reference,
        memo: payment.memo,
        failureReason: payment.failureReason,
        journalEntryNumber: row.entryNumber,
        allocations: [
          ...paid.map(({ paymentId: _, ...allocation }) => allocation),
          ...(credit > 0
            ? [
                {
                  chargeId: null,
                  description: 'Credit on the account',
                  kind: null,
                  dueOn: null,
                  amountCents: credit,
                },
              ]
            : []),
        ],
        createdByName: row.createdByName,
        createdAt: payment.createdAt.toISOString(),
      } satisfies Payment,
    ];
  });
}

export async function listPayments(
  ctx: ServiceContext,
  propertyId: string,
  query: z.infer<typeof paymentListQuerySchema>,
): Promise<PaymentPage> {
  await requireReader(ctx, propertyId);
  return paymentPageOf(
    ctx.db,
    and(eq(payments.propertyId, propertyId), query.unitId ? eq(payments.unitId, query.unitId) : undefined),
    query,
  );
}

/** A page of payments, newest first, for a caller already allowed to read them. */
export async function paymentPageOf(
  db: Db,
  condition: SQL | undefined,
  query: z.infer<typeof paymentListQuerySchema>,
): Promise<PaymentPage> {
  const rows = await db
    .select({ id: payments.id, total: sql<number>`(count(*) over ())::int` })
    .from(payments)
    .where(condition)
    .orderBy(desc(payments.receivedOn), desc(payments.createdAt), desc(payments.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const total =
    rows[0]?.total ??
    (query.page > 1
      ? ((
          await db
            .select({ count: sql<number>`count(*)::int` })
            .from(payments)
            .where(condition)
        )[0]?.count ?? 0)
      : 0);
  return {
    payments: await paymentsByIds(
      db,
      rows.map((row) => row.id),
    ),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** Applies every unit's credit to its open charges (after a night's charges are posted). */
export async function applyAllCredits(
  tx: Db,
  propertyId: string,
  jurisdiction: JurisdictionId,
  today: string,
): Promise<number> {
  const withCredit = await tx
    .selectDistinct({ unitId: payments.unitId })
    .from(payments)
    .where(
      and(
        eq(payments.propertyId, propertyId),
        eq(payments.status, 'succeeded'),
        sql`${payments.amountCents} > coalesce((select sum(a.amount_cents) from payment_allocations a where a.payment_id = "payments"."id"), 0)`,
      ),
    );
  let applied = 0;
  for (const { unitId } of withCredit) {
    await lockUnit(tx, propertyId, unitId);
    applied += await applyCredits(tx, propertyId, unitId, jurisdiction, today);
  }
  return applied;
}
