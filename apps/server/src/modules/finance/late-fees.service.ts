import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  effectiveLimit,
  isKnownRule,
  JurisdictionRuleError,
  lateFeeRuleInputSchema,
  maxCents,
  percentOf,
  ruleOf,
  type Charge,
  type JurisdictionId,
  type LateFeeRule,
  type LateFeeRuleInput,
  type LateFeeState,
  type WaiveCharge,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { charges, journalLines, lateFeeRules, profiles, properties, units } from '../../db/schema/index.ts';
import { lateFeesCron, nextRunDate } from './run-times.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { financeScope } from '../access/scope.ts';
import {
  fieldError,
  inTransaction,
  postEntry,
  requireKeeper,
  requireProperty,
  requireReader,
} from './books.service.ts';
import { firstOpenDay, insertCharges, postingAccounts, type NewCharge } from './charges.ts';
import { chargesByIds } from './ledger.service.ts';
import { addDays } from './due-dates.ts';

/**
 * Late fees and interest (issue 20, item 3; decision 0046). An association's rule says how many days of
 * grace, what fee (fixed and/or a percentage of the late charge, within a minimum and maximum), whether
 * once per late charge or each month, and what yearly interest from how many days late, on which kinds
 * of charge. It is checked against the jurisdiction's caps when saved (refused naming the statute) and
 * versioned. The nightly run (finance.jobs.ts, after the assessments) charges each late charge its fee
 * and interest exactly once per period (a unique key); a waiver reverses a charge's entry, visibly.
 */

type RuleRow = typeof lateFeeRules.$inferSelect;

const toRule = (row: RuleRow, createdByName: string | null): LateFeeRule => ({
  id: row.id,
  version: row.version,
  active: row.active,
  graceDays: row.graceDays,
  fixedCents: row.fixedCents,
  percentBp: row.percentBp,
  minCents: row.minCents,
  maxCents: row.maxCents,
  basis: row.basis,
  interestAprBp: row.interestAprBp,
  interestFromDays: row.interestFromDays,
  appliesTo: row.appliesTo as LateFeeRule['appliesTo'],
  authority: row.authority,
  effectiveFrom: row.effectiveFrom,
  createdByName,
  createdAt: row.createdAt.toISOString(),
});

type FeeTerms = Pick<RuleRow, 'fixedCents' | 'percentBp' | 'minCents' | 'maxCents'>;

/** The fee on a late charge of `cents`: fixed plus the percentage, within the minimum and maximum. */
export function lateFeeFor(terms: FeeTerms, cents: number): number {
  let fee = (terms.fixedCents ?? 0) + (terms.percentBp ? percentOf(cents, terms.percentBp) : 0);
  if (terms.minCents !== null && fee < terms.minCents) fee = terms.minCents;
  if (terms.maxCents !== null && fee > terms.maxCents) fee = terms.maxCents;
  return fee;
}

/** A month's simple interest on `cents` at a yearly rate in basis points, rounded half up to the cent. */
export function monthlyInterest(cents: number, aprBp: number): number {
  const scaled = BigInt(cents) * BigInt(aprBp);
  return Number((scaled * 2n + 120_000n) / 240_000n);
}

/**
 * The installments at which a fee rule and a "greater of $X or Y%" cap can cross: both are piecewise
 * linear in the installment, so the fee exceeds the cap somewhere only if it does at a kink or an end.
 */
function installmentsToCheck(terms: FeeTerms, cap: { cents: number; basisPoints: number } | null): number[] {
  const points = new Set<number>([1, 100, maxCents]);
  const kinkAt = (target: number, from: number, bp: number) =>
    bp > 0 ? Math.round(((target - from) * 10_000) / bp) : null;
  const percent = terms.percentBp ?? 0;
  const fixed = terms.fixedCents ?? 0;
  for (const kink of [
    terms.minCents !== null ? kinkAt(terms.minCents, fixed, percent) : null,
    terms.maxCents !== null ? kinkAt(terms.maxCents, fixed, percent) : null,
    cap ? kinkAt(cap.cents, 0, cap.basisPoints) : null,
  ])
    if (kink !== null && kink > 0)
      for (const near of [kink - 1, kink, kink + 1]) if (near > 0 && near <= maxCents) points.add(near);
  return [...points];
}

/** Refuses a rule the association's state does not allow, naming the statute (422). */
function checkAgainstProfile(jurisdiction: JurisdictionId, rule: LateFeeRuleInput) {
  const terms: FeeTerms = {
    fixedCents: rule.fixedCents ?? null,
    percentBp: rule.percentBp ?? null,
    minCents: rule.minCents ?? null,
    maxCents: rule.maxCents ?? null,
  };
  const refuse = (error: JurisdictionRuleError, field: string) =>
    fieldError(422, error.code, field, error.message);
  const feeRule = ruleOf(jurisdiction, 'lateFee');
  const cap = isKnownRule(feeRule) && typeof feeRule.value === 'object' ? feeRule.value : null;
  if (rule.fixedCents || rule.percentBp)
    for (const installment of installmentsToCheck(terms, cap))
      try {
        effectiveLimit(jurisdiction, 'lateFee', lateFeeFor(terms, installment), {
          installmentCents: installment,
        });
      } catch (error) {
        if (error instanceof JurisdictionRuleError)
          throw refuse(error, rule.percentBp ? 'percentBp' : 'fixedCents');
        throw error;
      }
  if (rule.interestAprBp)
    try {
      effectiveLimit(jurisdiction, 'interestRate', rule.interestAprBp);
    } catch (error) {
      if (error instanceof JurisdictionRuleError) throw refuse(error, 'interestAprBp');
      throw error;
    }
  const fines = ruleOf(jurisdiction, 'feesOrInterestOnFines');
  if (rule.appliesTo.includes('fine') && isKnownRule(fines) && fines.value === false)
    throw fieldError(
      422,
      'NO_FEES_ON_FINES',
      'appliesTo',
      `Late fees and interest may not be charged on fines (${fines.statute})`,
    );
}

function limitsOf(jurisdiction: JurisdictionId): LateFeeState['limits'] {
  const describe = (key: 'lateFee' | 'interestRate' | 'feesOrInterestOnFines') => {
    const rule = ruleOf(jurisdiction, key);
    if (!isKnownRule(rule))
      return {
        statute: 'documentDefined' in rule ? (rule.statute ?? null) : null,
        note: rule.note,
      };
    return { statute: rule.statute, note: rule.note ?? '' };
  };
  return {
    lateFee: describe('lateFee'),
    interest: describe('interestRate'),
    fines: describe('feesOrInterestOnFines'),
  };
}

async function rulesOf(db: Db, propertyId: string) {
  return db
    .select({ row: lateFeeRules, createdByName: profiles.fullName })
    .from(lateFeeRules)
    .leftJoin(profiles, eq(profiles.id, lateFeeRules.createdBy))
    .where(eq(lateFeeRules.propertyId, propertyId))
    .orderBy(desc(lateFeeRules.version))
    .limit(versionsShown);
}

/** The versions shown with the rule (the audit trail keeps every one). */
const versionsShown = 20;

export async function getLateFeeState(ctx: ServiceContext, propertyId: string): Promise<LateFeeState> {
  const property = await requireReader(ctx, propertyId);
  const rows = await rulesOf(ctx.db, propertyId);
  const history = rows.map(({ row, createdByName }) => toRule(row, createdByName));
  const on = nextRunDate(property.timeZone, lateFeesCron);
  const planned = await planLateCharges(ctx.db, propertyId, property.jurisdiction, on);
  const labels = new Map(
    (
      await ctx.db
        .select({ id: units.id, label: units.label })
        .from(units)
        .where(eq(units.propertyId, propertyId))
    ).map((unit) => [unit.id, unit.label]),
  );
  return {
    jurisdiction: property.jurisdiction,
    current: history[0] ?? null,
    history,
    limits: limitsOf(property.jurisdiction),
    nextRun: {
      on,
      count: planned.length,
      totalCents: planned.reduce((sum, item) => sum + item.amountCents, 0),
      items: planned.slice(0, 50).map((item) => ({
        unitId: item.unitId,
        unitLabel: labels.get(item.unitId) ?? '',
        kind: item.kind as 'late_fee' | 'interest',
        description: item.description,
        amountCents: item.amountCents,
      })),
    },
  };
}

/** Saves a new version of the rule (the previous ones stay, with the fees they charged). */
export async function saveLateFeeRule(
  ctx: ServiceContext,
  propertyId: string,
  input: LateFeeRuleInput,
): Promise<LateFeeState> {
  const rule = lateFeeRuleInputSchema.parse(input);
  try {
    await ctx.db.transaction(async (tx) => {
      const property = await requireKeeper(ctx, tx, propertyId);
      if (rule.active) checkAgainstProfile(property.jurisdiction, rule);
      const [{ latest } = { latest: 0 }] = await tx
        .select({ latest: sql<number>`coalesce(max(${lateFeeRules.version}), 0)::int` })
        .from(lateFeeRules)
        .where(eq(lateFeeRules.propertyId, propertyId));
      await tx.insert(lateFeeRules).values({
        propertyId,
        version: latest + 1,
        active: rule.active,
        graceDays: rule.graceDays,
        fixedCents: rule.fixedCents ?? null,
        percentBp: rule.percentBp ?? null,
        minCents: rule.minCents ?? null,
        maxCents: rule.maxCents ?? null,
        basis: rule.basis,
        interestAprBp: rule.interestAprBp ?? null,
        interestFromDays: rule.interestFromDays ?? null,
        appliesTo: [...new Set(rule.appliesTo)],
        authority: rule.authority,
        effectiveFrom: rule.effectiveFrom,
        createdBy: ctx.actor.id,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'late_fee_rules_property_version_key'))
      throw new AppError(409, 'RULE_CHANGED', 'The rule was changed meanwhile: look at it again and save');
    throw error;
  }
  return getLateFeeState(ctx, propertyId);
}

// --- The nightly run ----------------------------------------------------------------------------

export type PlannedLateCharge = NewCharge & { label: string };

/** The rule in force on a day: the latest version, if it is active and in effect. */
async function ruleInForce(db: Db, propertyId: string, today: string): Promise<RuleRow | null> {
  const [latest] = await db
    .select()
    .from(lateFeeRules)
    .where(eq(lateFeeRules.propertyId, propertyId))
    .orderBy(desc(lateFeeRules.version))
    .limit(1);
  return latest && latest.active && latest.effectiveFrom <= today ? latest : null;
}

/**
 * The fees and interest the run of `today` would charge: for each charge of a kind the rule covers, due
 * on or after the rule took effect, still owed and late (`today` ≥ due + grace days), its fee unless
 * already charged (once, or this month), and a month's interest on what is owed once it is late by the
 * interest's days (once a month). Fines are skipped where the state forbids fees on them.
 */
export async function planLateCharges(
  db: Db,
  propertyId: string,
  jurisdiction: JurisdictionId,
  today: string,
): Promise<PlannedLateCharge[]> {
  const rule = await ruleInForce(db, propertyId, today);
  if (!rule) return [];
  const fines = ruleOf(jurisdiction, 'feesOrInterestOnFines');
  const kinds = rule.appliesTo.filter(
    (kind) => !(kind === 'fine' && isKnownRule(fines) && fines.value === false),
  );
  if (kinds.length === 0) return [];
  const month = today.slice(0, 7);
  const feePeriod = rule.basis === 'per_charge' ? 'once' : month;
  const interestFrom = rule.interestFromDays ?? rule.graceDays;
  const lateBy = Math.min(rule.graceDays, rule.interestAprBp ? interestFrom : rule.graceDays);
  const rows = await db
    .select({
      id: charges.id,
      unitId: charges.unitId,
      kind: charges.kind,
      description: charges.description,
      dueOn: charges.dueOn,
      amountCents: charges.amountCents,
      openCents: sql<string>`"charges"."amount_cents" - coalesce((
        select sum(a.amount_cents) from payment_allocations a join payments p on p.id = a.payment_id
        where a.charge_id = "charges"."id" and p.status not in ('failed', 'reversed')), 0)`,
      feeCharged: sql<boolean>`exists (select 1 from charges f where f.late_charge_id = "charges"."id"
        and f.kind = 'late_fee' and f.period = ${feePeriod})`,
      interestCharged: sql<boolean>`exists (select 1 from charges f where f.late_charge_id = "charges"."id"
        and f.kind = 'interest' and f.period = ${month})`,
    })
    .from(charges)
    .where(
      and(
        eq(charges.propertyId, propertyId),
        inArray(charges.kind, kinds as Charge['kind'][]),
        sql`${charges.dueOn} >= ${rule.effectiveFrom}`,
        sql`${charges.dueOn} <= ${addDays(today, -lateBy)}`,
        sql`not exists (select 1 from journal_entries r where r.reverses_id = "charges"."journal_entry_id")`,
      ),
    )
    .orderBy(asc(charges.dueOn), asc(charges.id));
  const planned: PlannedLateCharge[] = [];
  for (const row of rows) {
    const open = Number(row.openCents);
    if (open <= 0) continue;
    if (!row.feeCharged && today >= addDays(row.dueOn, rule.graceDays)) {
      const fee = lateFeeFor(rule, row.amountCents);
      if (fee > 0)
        planned.push({
          unitId: row.unitId,
          kind: 'late_fee',
          description: `Late fee: ${row.description}`,
          dueOn: today,
          amountCents: fee,
          period: feePeriod,
          lateChargeId: row.id,
          lateFeeRuleId: rule.id,
          label: row.description,
        });
    }
    if (rule.interestAprBp && !row.interestCharged && today >= addDays(row.dueOn, interestFrom)) {
      const interest = monthlyInterest(open, rule.interestAprBp);
      if (interest > 0)
        planned.push({
          unitId: row.unitId,
          kind: 'interest',
          description: `Interest (${rule.interestAprBp / 100}% a year) for ${month}: ${row.description}`,
          dueOn: today,
          amountCents: interest,
          period: month,
          lateChargeId: row.id,
          lateFeeRuleId: rule.id,
          label: row.description,
        });
    }
  }
  return planned;
}

/** Charges the planned fees and interest in the caller's transaction (the nightly run's). */
export async function postLateCharges(
  tx: Db,
  propertyId: string,
  jurisdiction: JurisdictionId,
  today: string,
): Promise<{ fees: number; interest: number; totalCents: number }> {
  const planned = await planLateCharges(tx, propertyId, jurisdiction, today);
  const postedOn = await firstOpenDay(tx, propertyId, today);
  let totalCents = 0;
  for (const kind of ['late_fee', 'interest'] as const) {
    const items = planned.filter((item) => item.kind === kind);
    if (items.length === 0) continue;
    const accounts = await postingAccounts(tx, propertyId, kind, undefined);
    await insertCharges(tx, propertyId, accounts, items, postedOn, null);
    totalCents += items.reduce((sum, item) => sum + item.amountCents, 0);
  }
  return {
    fees: planned.filter((item) => item.kind === 'late_fee').length,
    interest: planned.filter((item) => item.kind === 'interest').length,
    totalCents,
  };
}

// --- Waivers ------------------------------------------------------------------------------------

/**
 * Waives a charge nothing has been paid on: its entry is reversed (visible on the unit's account as
 * "Waived: <reason>"), and it is no longer owed. By the association's managers or its board.
 */
export async function waiveCharge(
  ctx: ServiceContext,
  propertyId: string,
  chargeId: string,
  input: WaiveCharge,
): Promise<Charge> {
  await inTransaction(ctx, async (tx) => {
    const property = await requireProperty(tx, propertyId, financeScope(ctx.actor, sql`${properties.id}`));
    const [charge] = await tx
      .select()
      .from(charges)
      .where(and(eq(charges.id, chargeId), eq(charges.propertyId, propertyId)))
      .for('update');
    if (!charge) throw notFound('Charge');
    const [current] = await chargesByIds(tx, [charge.id]);
    if (current!.waived) throw new AppError(409, 'ALREADY_WAIVED', 'This charge has already been waived');
    if (current!.openCents !== charge.amountCents)
      throw new AppError(
        409,
        'CHARGE_PAID',
        'Part of this charge has been paid: only a charge nothing has been paid on can be waived',
      );
    const lines = await tx
      .select({
        accountId: journalLines.accountId,
        unitId: journalLines.unitId,
        amountCents: journalLines.amountCents,
      })
      .from(journalLines)
      .where(eq(journalLines.entryId, charge.journalEntryId));
    await postEntry(tx, {
      propertyId,
      postedOn: await firstOpenDay(tx, propertyId, property.today),
      memo: `Waived: ${input.reason}`,
      sourceType: 'waiver',
      sourceId: charge.id,
      reversesId: charge.journalEntryId,
      createdBy: ctx.actor.id,
      lines: lines.map((line) => ({
        accountId: line.accountId,
        amountCents: -line.amountCents,
        unitId: line.unitId ?? undefined,
      })),
    });
  });
  return (await chargesByIds(ctx.db, [chargeId]))[0]!;
}
