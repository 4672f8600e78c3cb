import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  formatMoney,
  type OnlinePaymentInput,
  type OwnerAccount,
  type OwnerAccountList,
  type Payment,
  type StartedPayment,
  type PaymentPage,
  type UnitLedger,
} from '@commonwise/contracts';
import type { paymentListQuerySchema, unitLedgerQuerySchema } from '@commonwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { glAccounts, journalLines, payments, properties, units } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { safeCell } from '../../lib/csv.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { ownerAccountScope } from '../access/scope.ts';
import { upcomingChargesOf } from './assessments.service.ts';
import { fieldError, inTransaction, type PropertyRow } from './books.service.ts';
import { ownerAccountKeys } from './charges.ts';
import { ledgerOfUnit } from './ledger.service.ts';
import { onlinePaymentsOf, type PaymentProviderClient } from './payment-providers.ts';
import {
  lockUnit,
  maxPaymentOf,
  openChargesOf,
  paymentPageOf,
  paymentsByIds,
  settlePayment,
} from './payments.service.ts';

/**
 * An owner's own accounts (issue 20, items 4 and 6; decision 0047): the units they own today, each
 * with its balance, what is past due, its credit and the next charges, read from the journal; the
 * unit's account and payments; and paying online through the installation's provider. Scoped by
 * ownership (access/scope.ts ownerAccountScope): a tenant, a past owner or anyone else gets 404.
 */

export type OwnedUnit = { id: string; label: string; property: PropertyRow };

async function ownedUnits(ctx: Pick<ServiceContext, 'actor'>, db: Db, unitId?: string): Promise<OwnedUnit[]> {
  const rows = await db
    .select({
      id: units.id,
      label: units.label,
      property: {
        id: properties.id,
        name: properties.name,
        today: sql<string>`to_char(now() at time zone ${properties.timeZone}, 'YYYY-MM-DD')`,
        timeZone: properties.timeZone,
        jurisdiction: properties.jurisdiction,
      },
    })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(
      and(
        ownerAccountScope(ctx.actor, sql`${units.id}`),
        isNull(units.archivedAt),
        unitId ? eq(units.id, unitId) : undefined,
      ),
    )
    .orderBy(asc(properties.name), asc(units.label));
  return rows;
}

export async function requireOwnedUnit(ctx: ServiceContext, db: Db, unitId: string): Promise<OwnedUnit> {
  const [unit] = await ownedUnits(ctx, db, unitId);
  if (!unit) throw notFound('Unit');
  return unit;
}

export async function listOwnerAccounts(
  ctx: Pick<ServiceContext, 'db' | 'actor'>,
  provider: PaymentProviderClient | null,
): Promise<OwnerAccountList> {
  const owned = await ownedUnits(ctx, ctx.db);
  if (owned.length === 0) return { accounts: [] };
  const sums = await ctx.db
    .select({
      unitId: journalLines.unitId,
      balance: sql<string>`sum(${journalLines.amountCents})`,
      prepaid: sql<string>`coalesce(sum(${journalLines.amountCents}) filter (where ${glAccounts.systemKey} = 'prepaid_assessments'), 0)`,
    })
    .from(journalLines)
    .innerJoin(glAccounts, eq(glAccounts.id, journalLines.accountId))
    .where(
      and(
        inArray(
          journalLines.unitId,
          owned.map((unit) => unit.id),
        ),
        inArray(glAccounts.systemKey, ownerAccountKeys),
      ),
    )
    .groupBy(journalLines.unitId);
  const sumOf = new Map(sums.map((row) => [row.unitId, row]));
  const accounts: OwnerAccount[] = [];
  for (const unit of owned) {
    const open = await openChargesOf(ctx.db, unit.id);
    const sum = sumOf.get(unit.id);
    accounts.push({
      propertyId: unit.property.id,
      propertyName: unit.property.name,
      today: unit.property.today,
      unit: { id: unit.id, label: unit.label },
      balanceCents: Number(sum?.balance ?? 0),
      pastDueCents: open
        .filter((charge) => charge.dueOn < unit.property.today)
        .reduce((total, charge) => total + charge.openCents, 0),
      creditCents: -Number(sum?.prepaid ?? 0),
      nextCharges: await upcomingChargesOf(ctx.db, unit.property.id, unit.id, unit.property.today),
      payments: onlinePaymentsOf(provider, provider ? await maxPaymentOf(ctx.db, unit.property.id) : 0),
    });
  }
  return { accounts };
}

export async function ownerLedger(
  ctx: ServiceContext,
  unitId: string,
  query: z.infer<typeof unitLedgerQuerySchema>,
): Promise<UnitLedger> {
  const unit = await requireOwnedUnit(ctx, ctx.db, unitId);
  return ledgerOfUnit(ctx.db, unit, query);
}

/** Lines a unit's account export holds at most (decades of monthly charges and payments). */
const ledgerExportMaxLines = 10_000;

/** The unit's whole account as CSV, oldest first, for a spreadsheet. */
export async function exportOwnerLedger(
  ctx: ServiceContext,
  unitId: string,
): Promise<{ fileName: string; csv: string }> {
  const unit = await requireOwnedUnit(ctx, ctx.db, unitId);
  const ledger = await ledgerOfUnit(ctx.db, unit, { page: 1, limit: ledgerExportMaxLines });
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  const records = ledger.lines
    .toReversed()
    .map((line) => [
      line.postedOn,
      String(line.entryNumber),
      safeCell(line.charge?.description ?? line.memo),
      line.charge?.dueOn ?? '',
      dollars(line.amountCents),
      dollars(line.balanceCents),
    ]);
  const safeLabel = unit.label.replace(/[^A-Za-z0-9-]+/g, '-');
  return {
    fileName: `account-unit-${safeLabel}-${unit.property.today}.csv`,
    csv: stringify(records, {
      header: true,
      columns: ['Date', 'Entry', 'Description', 'Due', 'Amount', 'Balance'],
    }),
  };
}

export async function ownerPayments(
  ctx: ServiceContext,
  unitId: string,
  query: z.infer<typeof paymentListQuerySchema>,
): Promise<PaymentPage> {
  const unit = await requireOwnedUnit(ctx, ctx.db, unitId);
  return paymentPageOf(ctx.db, eq(payments.unitId, unit.id), query);
}

/**
 * An owner pays for their unit online. The provider is asked first (outside the transaction: it may be
 * a network call, and the same idempotency key makes it start one payment however often it is asked);
 * then, in one transaction under the unit's lock, the payment is written and — when the provider says it
 * succeeded — allocated and posted, and the receipt queued. The same key twice returns the first payment.
 */
export async function payOnline(
  ctx: ServiceContext,
  unitId: string,
  input: OnlinePaymentInput,
  provider: PaymentProviderClient | null,
): Promise<StartedPayment> {
  const unit = await requireOwnedUnit(ctx, ctx.db, unitId);
  const settings = onlinePaymentsOf(provider, provider ? await maxPaymentOf(ctx.db, unit.property.id) : 0);
  if (!provider || settings.provider === null)
    throw new AppError(409, 'NO_ONLINE_PAYMENTS', settings.notice ?? 'Online payments are not available');
  const earlier = await paymentByKey(ctx.db, unit, input);
  if (earlier) return started(earlier, provider);
  if (!provider.methods.includes(input.method))
    throw fieldError(
      422,
      'METHOD_NOT_OFFERED',
      'method',
      'This association does not take that method online',
    );
  if (input.amountCents > settings.maxPaymentCents)
    throw fieldError(
      422,
      'PAYMENT_TOO_LARGE',
      'amountCents',
      `A single payment is at most ${formatMoney(settings.maxPaymentCents)} here`,
    );
  // No convenience fee is charged today; a payer who was shown another fee confirms again.
  const feeCents = 0;
  if (input.feeCents !== feeCents)
    throw fieldError(
      409,
      'FEE_CHANGED',
      'feeCents',
      `The fee for this payment is ${formatMoney(feeCents)}: review the payment and confirm again`,
    );

  const paymentId = randomUUID();
  const answer = await provider.start({
    paymentId,
    propertyId: unit.property.id,
    unitId: unit.id,
    amountCents: input.amountCents,
    method: input.method,
    idempotencyKey: input.idempotencyKey,
  });
  const id = await inTransaction(ctx, async (tx) => {
    await lockUnit(tx, unit.property.id, unit.id);
    const [payment] = await tx
      .insert(payments)
      .values({
        id: paymentId,
        propertyId: unit.property.id,
        unitId: unit.id,
        payerId: ctx.actor.id,
        method: input.method,
        provider: provider.name,
        providerRef: answer.providerRef,
        status: 'pending',
        amountCents: input.amountCents,
        receivedOn: unit.property.today,
        idempotencyKey: input.idempotencyKey,
        createdBy: ctx.actor.id,
      })
      .onConflictDoNothing()
      .returning();
    // The same key raced in from a second request: that one's payment stands.
    if (!payment) return null;
    if (answer.status === 'succeeded') {
      await settlePayment(tx, payment, unit.property.jurisdiction, unit.property.today, ctx.actor.id);
      const [made] = await paymentsByIds(tx, [payment.id]);
      await ctx.notifier.notify(tx, [ctx.actor.id], receiptOf(made!, unit));
    } else if (answer.status === 'failed')
      await tx
        .update(payments)
        .set({ status: 'failed', failureReason: answer.failureReason ?? 'Declined', updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
    return payment.id;
  });
  if (id === null) return started((await paymentByKey(ctx.db, unit, input))!, provider);
  const [made] = await paymentsByIds(ctx.db, [id]);
  return started({ ...made!, providerRef: answer.providerRef }, provider, answer.clientSecret);
}

/**
 * The payer withdraws a payment they started with the provider and did not confirm (they closed the
 * form): the provider cancels it first, then it is marked failed. One already under way is left to the
 * provider's word (409).
 */
export async function cancelOnlinePayment(
  ctx: ServiceContext,
  unitId: string,
  paymentId: string,
  provider: PaymentProviderClient | null,
): Promise<Payment> {
  const unit = await requireOwnedUnit(ctx, ctx.db, unitId);
  const [payment] = await ctx.db
    .select({ id: payments.id, status: payments.status, providerRef: payments.providerRef })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.unitId, unit.id), eq(payments.payerId, ctx.actor.id)));
  if (!payment) throw notFound('Payment');
  const notPending = () =>
    new AppError(409, 'PAYMENT_NOT_PENDING', 'This payment is no longer waiting: it cannot be withdrawn');
  if (payment.status !== 'pending' || !payment.providerRef || !provider?.cancel) throw notPending();
  if (!(await provider.cancel(payment.providerRef)))
    throw new AppError(
      409,
      'PAYMENT_UNDERWAY',
      'This payment is already under way with the bank: it shows on your account when it is received',
    );
  await inTransaction(ctx, async (tx) => {
    await lockUnit(tx, unit.property.id, unit.id);
    await tx
      .update(payments)
      .set({ status: 'failed', failureReason: 'Withdrawn before it was paid', updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
  });
  return (await paymentsByIds(ctx.db, [payment.id]))[0]!;
}

/**
 * The payment as the payer's browser gets it: with what it needs to confirm a pending payment with the
 * provider (asked of the provider again for the same request repeated).
 */
async function started(
  payment: Payment & { providerRef: string | null },
  provider: PaymentProviderClient,
  clientSecret?: string,
): Promise<StartedPayment> {
  const { providerRef, ...shown } = payment;
  if (shown.status !== 'pending' || shown.provider !== 'stripe' || !provider.publishableKey || !providerRef)
    return { ...shown, confirmation: null };
  const secret = clientSecret ?? (await provider.resume?.(providerRef)) ?? null;
  return {
    ...shown,
    confirmation: secret
      ? { provider: 'stripe', clientSecret: secret, publishableKey: provider.publishableKey }
      : null,
  };
}

/** The payment an earlier request with this key made, if any (refused if it was another payment). */
async function paymentByKey(
  db: Db,
  unit: OwnedUnit,
  input: OnlinePaymentInput,
): Promise<(Payment & { providerRef: string | null }) | null> {
  const [row] = await db
    .select({
      id: payments.id,
      unitId: payments.unitId,
      amountCents: payments.amountCents,
      providerRef: payments.providerRef,
    })
    .from(payments)
    .where(and(eq(payments.propertyId, unit.property.id), eq(payments.idempotencyKey, input.idempotencyKey)));
  if (!row) return null;
  if (row.unitId !== unit.id || row.amountCents !== input.amountCents)
    throw new AppError(
      409,
      'IDEMPOTENCY_KEY_REUSED',
      'This payment key was already used for another payment: start the payment again',
    );
  return { ...(await paymentsByIds(db, [row.id]))[0]!, providerRef: row.providerRef };
}

export function receiptOf(payment: Payment, unit: OwnedUnit) {
  const lines = payment.allocations.map(
    (allocation) => `${allocation.description}: ${formatMoney(allocation.amountCents)}`,
  );
  return {
    kind: 'payment.receipt' as const,
    propertyId: unit.property.id,
    title: `Payment received: ${formatMoney(payment.amountCents)} for unit ${unit.label}`,
    body: [
      `${unit.property.name}, unit ${unit.label}. Received ${payment.receivedOn}${
        payment.journalEntryNumber ? `, entry ${payment.journalEntryNumber}` : ''
      }.`,
      `Applied to:\n${lines.join('\n')}`,
      ...(payment.provider === 'test' ? ['Demo mode: this was a test payment; no money moved.'] : []),
    ].join('\n\n'),
    link: `/resident-portal/billing?unit=${unit.id}`,
    dedupeKey: `payment:${payment.id}`,
  };
}
