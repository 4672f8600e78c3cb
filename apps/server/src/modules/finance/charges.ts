import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ChargeKind, Fund } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { charges, financeBooks, glAccounts, journalEntries, journalLines } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';

/**
 * Posting charges (issue 20, item 2; decision 0044). A charge is one journal entry of two lines — the
 * unit's receivable in the income account's fund debited, the income credited — written with its
 * `charges` row in the caller's transaction. Charges are written in batches (a month's assessments for
 * 25,000 units is one run), with ids made here so that no row depends on the order RETURNING gives.
 */

/** The receivable a fund's charges are owed on. Reserve contributions are billed through operating. */
export const receivableKeyOf: Record<Fund, string | null> = {
  operating: 'assessments_receivable',
  special: 'special_receivable',
  reserve: null,
};

/** The owners' accounts: a unit's balance is the sum of its lines on these. */
export const ownerAccountKeys = ['assessments_receivable', 'special_receivable', 'prepaid_assessments'];

/** The income account a kind of charge goes to when none is chosen. */
export const defaultIncomeKeyOf: Record<ChargeKind, string> = {
  assessment: 'assessment_income',
  special_assessment: 'special_assessment_income',
  late_fee: 'late_fee_income',
  interest: 'delinquent_interest_income',
  fine: 'fine_income',
  fee: 'fee_income',
  other: 'fee_income',
};

export type IncomeAccount = { id: string; code: string; name: string; fund: Fund };
export type PostingAccounts = { income: IncomeAccount; receivableId: string };

/**
 * The income account a charge is credited to (the one chosen, or the kind's default) and the receivable
 * it is owed on: both active accounts of these books, the income of an income type, in a fund that bills.
 */
export async function postingAccounts(
  db: Db,
  propertyId: string,
  kind: ChargeKind,
  incomeAccountId: string | undefined,
): Promise<PostingAccounts> {
  const [income] = await db
    .select()
    .from(glAccounts)
    .where(
      and(
        eq(glAccounts.propertyId, propertyId),
        incomeAccountId
          ? eq(glAccounts.id, incomeAccountId)
          : eq(glAccounts.systemKey, defaultIncomeKeyOf[kind]),
      ),
    );
  const refuse = (status: 400 | 409 | 422, code: string, message: string) =>
    new AppError(status, code, message, { fields: { incomeAccountId: message } });
  if (!income) {
    if (incomeAccountId) throw refuse(400, 'UNKNOWN_ACCOUNT', 'Choose an income account of these books');
    throw refuse(409, 'NO_INCOME_ACCOUNT', 'These books have no default income account for it: choose one');
  }
  if (income.type !== 'income') throw refuse(422, 'NOT_INCOME', 'Charges are credited to an income account');
  if (!income.isActive)
    throw refuse(409, 'ACCOUNT_INACTIVE', `Account ${income.code} ${income.name} is inactive`);
  const receivableKey = receivableKeyOf[income.fund];
  if (!receivableKey)
    throw refuse(
      422,
      'FUND_NOT_BILLED',
      'Owners are billed in the operating or special fund: bill reserve contributions as operating income and transfer them',
    );
  const [receivable] = await db
    .select({ id: glAccounts.id, isActive: glAccounts.isActive })
    .from(glAccounts)
    .where(and(eq(glAccounts.propertyId, propertyId), eq(glAccounts.systemKey, receivableKey)));
  if (!receivable?.isActive)
    throw new AppError(
      409,
      'NO_RECEIVABLE',
      `The ${income.fund} fund has no active receivable account for owners' charges`,
    );
  return {
    income: { id: income.id, code: income.code, name: income.name, fund: income.fund },
    receivableId: receivable.id,
  };
}

export type NewCharge = {
  unitId: string;
  kind: ChargeKind;
  description: string;
  dueOn: string;
  amountCents: number;
  scheduleId?: string;
  period?: string;
  installment?: number | null;
  /** A late fee's or interest's: the late charge it is for and the rule version that made it. */
  lateChargeId?: string;
  lateFeeRuleId?: string;
};

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest of the three tables. */
const batchSize = 1000;

/** The first day a charge can be posted on: its own day, or the first day after the closed months. */
export async function firstOpenDay(db: Db, propertyId: string, day: string): Promise<string> {
  const [books] = await db
    .select({ closedThrough: financeBooks.closedThrough })
    .from(financeBooks)
    .where(eq(financeBooks.propertyId, propertyId));
  if (!books) throw notFound('Books');
  if (!books.closedThrough || day > books.closedThrough) return day;
  const next = new Date(`${books.closedThrough}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * Writes charges, each with its entry and two lines, in the caller's transaction, posted on `postedOn`
 * (an open day: see `firstOpenDay`). Returns the charges' ids in the order given.
 */
export async function insertCharges(
  tx: Db,
  propertyId: string,
  accounts: PostingAccounts,
  items: NewCharge[],
  postedOn: string,
  createdBy: string | null,
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < items.length; start += batchSize) {
    const batch = items.slice(start, start + batchSize).map((item) => ({
      item,
      chargeId: randomUUID(),
      entryId: randomUUID(),
    }));
    await tx.insert(journalEntries).values(
      batch.map(({ item, chargeId, entryId }) => ({
        id: entryId,
        propertyId,
        postedOn,
        memo: item.description,
        sourceType: 'charge',
        sourceId: chargeId,
        createdBy,
      })),
    );
    await tx.insert(journalLines).values(
      batch.flatMap(({ item, entryId }) => [
        {
          entryId,
          propertyId,
          accountId: accounts.receivableId,
          fund: accounts.income.fund,
          unitId: item.unitId,
          amountCents: item.amountCents,
        },
        {
          entryId,
          propertyId,
          accountId: accounts.income.id,
          fund: accounts.income.fund,
          amountCents: -item.amountCents,
        },
      ]),
    );
    await tx.insert(charges).values(
      batch.map(({ item, chargeId, entryId }) => ({
        id: chargeId,
        propertyId,
        unitId: item.unitId,
        kind: item.kind,
        description: item.description,
        dueOn: item.dueOn,
        amountCents: item.amountCents,
        incomeAccountId: accounts.income.id,
        scheduleId: item.scheduleId,
        period: item.period,
        installment: item.installment ?? null,
        lateChargeId: item.lateChargeId ?? null,
        lateFeeRuleId: item.lateFeeRuleId ?? null,
        journalEntryId: entryId,
        createdBy,
      })),
    );
    ids.push(...batch.map(({ chargeId }) => chargeId));
  }
  return ids;
}

/** The units of a schedule already charged for a period (so a re-run posts nothing more). */
export async function chargedUnits(db: Db, scheduleId: string, period: string): Promise<Set<string>> {
  const rows = await db
    .select({ unitId: charges.unitId })
    .from(charges)
    .where(and(eq(charges.scheduleId, scheduleId), eq(charges.period, period)));
  return new Set(rows.map((row) => row.unitId));
}
