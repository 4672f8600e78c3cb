import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { ChargeKind, PaymentStatus, UpcomingCharge } from '@commonwise/contracts';
import {
  assessmentSchedules,
  charges,
  journalEntries,
  lateFeeRules,
  payments,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { chargesByIds } from './ledger.service.ts';
import { listOwnerAccounts } from './owner-accounts.service.ts';

/**
 * What the assistant may tell an owner about their own accounts (issue 20, item 9; decision 0049):
 * each unit they own today (the same scope as their Billing page, so nobody else's figures can
 * appear), its balance, what is past due, its credit, the next charge and the last payment, and the
 * charges they ask about — each with why it was charged: the schedule and what adopted it, or the
 * late-fee rule and the authority it names.
 */

type Reader = Pick<ServiceContext, 'db' | 'actor'>;

/** A charge, with the rule that made it. */
export type ExplainedCharge = {
  kind: ChargeKind;
  description: string;
  amountCents: number;
  dueOn: string;
  postedOn: string;
  /** What is still owed on it (0 when paid or waived). */
  openCents: number;
  waivedOn: string | null;
  /** An assessment's schedule: its name and the budget or resolution that adopted it. */
  schedule: { name: string; adoptedBy: string } | null;
  /** A late fee's or interest's rule, and the charge it was for. */
  lateFee: {
    graceDays: number;
    fixedCents: number | null;
    percentBp: number | null;
    authority: string;
    onCharge: string | null;
  } | null;
};

export type OwnerAccountFacts = {
  propertyName: string;
  unitLabel: string;
  balanceCents: number;
  pastDueCents: number;
  creditCents: number;
  nextCharge: UpcomingCharge | null;
  lastPayment: { amountCents: number; receivedOn: string; status: PaymentStatus } | null;
  /** The charges of the amounts asked about (newest first), else the latest charge. */
  charges: ExplainedCharge[];
};

export type AccountAnswerFacts = {
  accounts: OwnerAccountFacts[];
  /** Amounts asked about that no charge of any of the owner's units has. */
  amountsNotFound: number[];
};

/** Charges of one amount told at most, newest first: a monthly assessment matches every month. */
const matchesTold = 3;

/** Reads as the asker: `ctx.actor`'s own units only. */
export async function ownerAccountFacts(
  ctx: Reader,
  amountsCents: readonly number[],
): Promise<AccountAnswerFacts> {
  const { accounts } = await listOwnerAccounts(ctx, null);
  const found = new Set<number>();
  const facts: OwnerAccountFacts[] = [];
  for (const account of accounts) {
    const unitId = account.unit.id;
    const [[lastPayment], chargeIds] = await Promise.all([
      ctx.db
        .select({
          amountCents: payments.amountCents,
          receivedOn: payments.receivedOn,
          status: payments.status,
        })
        .from(payments)
        .where(and(eq(payments.unitId, unitId), notInArray(payments.status, ['failed'])))
        .orderBy(desc(payments.receivedOn), desc(payments.createdAt))
        .limit(1),
      chargesAskedAbout(ctx, unitId, amountsCents),
    ]);
    const explained = await explain(ctx, chargeIds);
    for (const charge of explained) found.add(charge.amountCents);
    facts.push({
      propertyName: account.propertyName,
      unitLabel: account.unit.label,
      balanceCents: account.balanceCents,
      pastDueCents: account.pastDueCents,
      creditCents: account.creditCents,
      nextCharge: account.nextCharges[0] ?? null,
      lastPayment: lastPayment ?? null,
      charges: explained,
    });
  }
  return { accounts: facts, amountsNotFound: amountsCents.filter((amount) => !found.has(amount)) };
}

/** The unit's charges of the amounts asked about (newest first), or its latest charge when none is named. */
async function chargesAskedAbout(
  ctx: Reader,
  unitId: string,
  amountsCents: readonly number[],
): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: charges.id })
    .from(charges)
    .innerJoin(journalEntries, eq(journalEntries.id, charges.journalEntryId))
    .where(
      and(
        eq(charges.unitId, unitId),
        amountsCents.length > 0 ? inArray(charges.amountCents, [...amountsCents]) : undefined,
      ),
    )
    .orderBy(desc(journalEntries.postedOn), desc(journalEntries.number))
    .limit(amountsCents.length > 0 ? matchesTold : 1);
  return rows.map((row) => row.id);
}

async function explain(ctx: Reader, ids: string[]): Promise<ExplainedCharge[]> {
  if (ids.length === 0) return [];
  const [listed, rules] = await Promise.all([
    chargesByIds(ctx.db, ids),
    ctx.db
      .select({
        id: charges.id,
        scheduleName: assessmentSchedules.name,
        adoptedBy: assessmentSchedules.adoptedBy,
        graceDays: lateFeeRules.graceDays,
        fixedCents: lateFeeRules.fixedCents,
        percentBp: lateFeeRules.percentBp,
        authority: lateFeeRules.authority,
        lateChargeId: charges.lateChargeId,
      })
      .from(charges)
      .leftJoin(assessmentSchedules, eq(assessmentSchedules.id, charges.scheduleId))
      .leftJoin(lateFeeRules, eq(lateFeeRules.id, charges.lateFeeRuleId))
      .where(inArray(charges.id, ids)),
  ]);
  const lateChargeIds = rules.flatMap((rule) => (rule.lateChargeId ? [rule.lateChargeId] : []));
  const lateCharges =
    lateChargeIds.length > 0
      ? await ctx.db
          .select({ id: charges.id, description: charges.description })
          .from(charges)
          .where(inArray(charges.id, lateChargeIds))
      : [];
  const ruleOf = new Map(rules.map((rule) => [rule.id, rule]));
  const descriptionOf = new Map(lateCharges.map((charge) => [charge.id, charge.description]));
  return listed.map((charge) => {
    const rule = ruleOf.get(charge.id);
    return {
      kind: charge.kind,
      description: charge.description,
      amountCents: charge.amountCents,
      dueOn: charge.dueOn,
      postedOn: charge.postedOn,
      openCents: charge.openCents,
      waivedOn: charge.waived?.on ?? null,
      schedule:
        rule?.scheduleName && rule.adoptedBy ? { name: rule.scheduleName, adoptedBy: rule.adoptedBy } : null,
      lateFee:
        rule?.authority && rule.graceDays !== null
          ? {
              graceDays: rule.graceDays,
              fixedCents: rule.fixedCents,
              percentBp: rule.percentBp,
              authority: rule.authority,
              onCharge: rule.lateChargeId ? (descriptionOf.get(rule.lateChargeId) ?? null) : null,
            }
          : null,
    };
  });
}
