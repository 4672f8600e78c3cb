import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingMoney, glAccounts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { postEntry, type PostingLine } from '../finance/books.service.ts';
import { firstOpenDay } from '../finance/charges.ts';

/**
 * A booking's money in the association's books (decision 0066). It is not a payment toward the unit's
 * assessments, so it never goes through `payments` and the jurisdiction's allocation order (that would
 * let a fee pay old assessments while the booking stays unpaid, and would leave tenants unable to pay):
 * - paid: cash debited; the fee credited to 4300 Amenity and Other Fees, the deposit to 2300 Amenity
 *   Deposits Held (a liability: it is owed back);
 * - refunded (declined, cancelled): the same lines the other way;
 * - deposit settled after the event: the deposit account debited, cash credited with what goes back and
 *   the fee income with what is kept.
 * A late-cancellation fee is different: an ordinary charge on the unit's account (bookings.service.ts).
 */

type Accounts = { cash: string; feeIncome: string; deposits: string };

async function accountsOf(tx: Db, propertyId: string): Promise<Accounts> {
  const rows = await tx
    .select({ id: glAccounts.id, key: glAccounts.systemKey, isActive: glAccounts.isActive })
    .from(glAccounts)
    .where(
      and(
        eq(glAccounts.propertyId, propertyId),
        inArray(glAccounts.systemKey, ['operating_cash', 'fee_income', 'amenity_deposits']),
      ),
    );
  const idOf = (key: string, words: string) => {
    const row = rows.find((candidate) => candidate.key === key && candidate.isActive);
    if (!row)
      throw new AppError(
        409,
        'NO_BOOKING_ACCOUNT',
        `These books have no active ${words} account for booking money`,
      );
    return row.id;
  };
  return {
    cash: idOf('operating_cash', 'operating cash'),
    feeIncome: idOf('fee_income', 'amenity fee income'),
    deposits: idOf('amenity_deposits', 'amenity deposits held (2300)'),
  };
}

type BookingRef = { id: string; propertyId: string };
type Movement = {
  kind: 'payment' | 'refund' | 'deposit_settlement';
  feeCents: number;
  depositCents: number;
  keptCents?: number;
  memo: string;
  today: string;
  createdBy: string | null;
  method?: string;
  provider?: string;
  providerRef?: string;
  idempotencyKey?: string;
  reason?: string;
};

export async function postBookingMoney(tx: Db, booking: BookingRef, movement: Movement): Promise<string> {
  const accounts = await accountsOf(tx, booking.propertyId);
  const kept = movement.keptCents ?? 0;
  const lines: PostingLine[] = [];
  const sign = movement.kind === 'payment' ? 1 : -1;
  const cash =
    movement.feeCents + movement.depositCents - (movement.kind === 'deposit_settlement' ? kept : 0);
  if (cash !== 0) lines.push({ accountId: accounts.cash, amountCents: sign * cash });
  if (movement.feeCents > 0)
    lines.push({ accountId: accounts.feeIncome, amountCents: -sign * movement.feeCents });
  if (movement.depositCents > 0)
    lines.push({ accountId: accounts.deposits, amountCents: -sign * movement.depositCents });
  if (kept > 0)
    lines.push({ accountId: accounts.feeIncome, amountCents: -kept, memo: 'Kept from the deposit' });
  const entryId = await postEntry(tx, {
    propertyId: booking.propertyId,
    postedOn: await firstOpenDay(tx, booking.propertyId, movement.today),
    memo: movement.memo,
    sourceType: 'booking',
    sourceId: booking.id,
    createdBy: movement.createdBy,
    lines,
  });
  await tx.insert(bookingMoney).values({
    bookingId: booking.id,
    propertyId: booking.propertyId,
    kind: movement.kind,
    feeCents: movement.feeCents,
    depositCents: movement.depositCents - (movement.kind === 'deposit_settlement' ? kept : 0),
    keptCents: kept,
    method: movement.method,
    provider: movement.provider,
    providerRef: movement.providerRef,
    idempotencyKey: movement.idempotencyKey,
    journalEntryId: entryId,
    reason: movement.reason,
    createdBy: movement.createdBy,
  });
  return entryId;
}
