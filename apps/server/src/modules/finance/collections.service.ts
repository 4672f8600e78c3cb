import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  collectionDecisionInputSchema,
  collectionPolicyInputSchema,
  collectionTemplateKeys,
  effectiveLimit,
  formatMoney,
  isKnownRule,
  JurisdictionRuleError,
  paymentPlanInputSchema,
  placeholdersIn,
  ruleOf,
  type CollectionAction,
  type CollectionCase,
  type CollectionCaseDetail,
  type CollectionDecisionInput,
  type CollectionPolicyInput,
  type CollectionStage,
  type CollectionsState,
  type JurisdictionId,
  type PaymentPlanInput,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  collectionCases,
  collectionEvents,
  collectionPolicies,
  collectionRuns,
  committeeMembers,
  committees,
  letters,
  paymentPlans,
  profiles,
  properties,
  propertyManagers,
  unitOwnerships,
  units,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { FileStorage } from '../../plugins/storage.ts';
import { rowsOf } from '../realtime/publish.ts';
import { financeScope } from '../access/scope.ts';
import { insertDraft, renderDraft } from '../letters/letters.service.ts';
import { currentVersionOf } from '../letters/templates.service.ts';
import { dayIn, formatDay } from '../letters/values.ts';
import { fieldError, requireKeeper, requireProperty, requireReader } from './books.service.ts';
import {
  lockCollections,
  openCollectionItem,
  openCollectionItemsOf,
  stageName,
  withdrawItemDecidedOnCase,
  withdrawMootCollectionItems,
} from './collection-items.ts';
import { addDays, dueDatesBetween } from './due-dates.ts';
import { collectionsCron, nextRunDate } from './run-times.ts';

/**
 * Collections (issue 20, item 8; decision 0054). The nightly run (finance.jobs.ts, at 03:00 after the
 * charges and late fees) looks at each unit's oldest unpaid charge and what is past due, and moves its
 * case at most one stage a night, making that stage's letter as a draft for a person to send. It never
 * enters a stage that needs the board's decision until one is recorded (the board votes on it as a
 * decision item the run opens, collection-items.ts), never moves a case a payment plan pauses (a missed
 * instalment resumes it), and closes a case once nothing is past due. Each run that did anything is
 * recorded, and can be undone while none of its letters has gone out.
 */

type CaseRow = typeof collectionCases.$inferSelect;
export type PlanRow = typeof paymentPlans.$inferSelect;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

// --- The policy ---------------------------------------------------------------------------------

async function policyOf(db: Db, propertyId: string) {
  const [row] = await db
    .select({ policy: collectionPolicies, updatedByName: profiles.fullName })
    .from(collectionPolicies)
    .leftJoin(profiles, eq(profiles.id, collectionPolicies.updatedBy))
    .where(eq(collectionPolicies.propertyId, propertyId));
  return row ?? null;
}

/** The state's notice period before a lien, if the profile knows it (null: unknown, people decide). */
function preLienNotice(jurisdiction: JurisdictionId) {
  const rule = ruleOf(jurisdiction, 'preLienNoticeDays');
  if (isKnownRule(rule)) return { days: rule.value, statute: rule.statute, note: rule.note ?? '' };
  return { days: null, statute: 'documentDefined' in rule ? (rule.statute ?? null) : null, note: rule.note };
}

function limitsOf(jurisdiction: JurisdictionId): CollectionsState['limits'] {
  const procedure = ruleOf(jurisdiction, 'preLienProcedure');
  return {
    preLienNoticeDays: preLienNotice(jurisdiction),
    procedure: isKnownRule(procedure)
      ? { statute: procedure.statute, steps: [...procedure.value], note: procedure.note ?? '' }
      : { statute: null, steps: [], note: procedure.note },
  };
}

/**
 * Refuses a policy the state does not allow: a pre-lien notice giving less time than the state's notice
 * period (naming the statute), and a referral to an attorney or collector that the board does not decide.
 */
function checkPolicy(jurisdiction: JurisdictionId, policy: CollectionPolicyInput) {
  policy.stages.forEach((stage, index) => {
    if (stage.kind === 'pre_lien')
      try {
        effectiveLimit(jurisdiction, 'preLienNoticeDays', stage.cureDays);
      } catch (error) {
        if (error instanceof JurisdictionRuleError)
          throw fieldError(
            422,
            error.code,
            `stages.${index}.cureDays`,
            `${error.message}: give at least ${error.limit} days`,
          );
        throw error;
      }
    if (stage.kind === 'referral' && !stage.requiresDecision)
      throw fieldError(
        422,
        'DECISION_REQUIRED',
        `stages.${index}.requiresDecision`,
        "Referring an account to an attorney or collector is the board's decision: the stage must require one",
      );
  });
}

export async function saveCollectionPolicy(
  ctx: ServiceContext,
  propertyId: string,
  input: CollectionPolicyInput,
): Promise<CollectionsState> {
  const policy = collectionPolicyInputSchema.parse(input);
  await ctx.db.transaction(async (tx) => {
    const property = await requireKeeper(ctx, tx, propertyId);
    checkPolicy(property.jurisdiction, policy);
    const values = {
      active: policy.active,
      stages: policy.stages,
      updatedBy: ctx.actor.id,
      updatedAt: new Date(),
    };
    await tx
      .insert(collectionPolicies)
      .values({ propertyId, ...values })
      .onConflictDoUpdate({ target: collectionPolicies.propertyId, set: values });
  });
  return getCollections(ctx, propertyId);
}

// --- What each unit owes, and its case ----------------------------------------------------------

type Delinquency = {
  unitId: string;
  label: string;
  /** Past due, counting pending payments as paid (a case does not move while money is on its way). */
  pastDueCents: number;
  /** Past due counting only settled payments: a case closes only when this is zero. */
  unsettledCents: number;
  daysPastDue: number;
};

/**
 * Each unit's past-due amount on `today` (charges due before it, not waived, less what payments that
 * stand have paid on them) and how many days past due its oldest unpaid charge is; and the same amount
 * counting only payments that have settled (a bank debit can still be returned).
 */
async function delinquencies(db: Db, propertyId: string, today: string): Promise<Map<string, Delinquency>> {
  const rows = rowsOf<{ unit_id: string; label: string; past_due: string; unsettled: string; days: number }>(
    await db.execute(sql`
      with open_charges as (
        select c.unit_id, c.due_on,
          c.amount_cents - coalesce((
            select sum(a.amount_cents) from payment_allocations a join payments p on p.id = a.payment_id
            where a.charge_id = c.id and p.status not in ('failed', 'reversed')), 0) as open_cents,
          c.amount_cents - coalesce((
            select sum(a.amount_cents) from payment_allocations a join payments p on p.id = a.payment_id
            where a.charge_id = c.id and p.status = 'succeeded'), 0) as unsettled_cents
        from charges c
        where c.property_id = ${propertyId} and c.due_on < ${today}::date
          and not exists (select 1 from journal_entries r where r.reverses_id = c.journal_entry_id)
      )
      select o.unit_id, u.label,
        coalesce(sum(o.open_cents) filter (where o.open_cents > 0), 0)::bigint as past_due,
        sum(o.unsettled_cents)::bigint as unsettled,
        coalesce((${today}::date - min(o.due_on) filter (where o.open_cents > 0))::int, 0) as days
      from open_charges o join units u on u.id = o.unit_id
      where o.unsettled_cents > 0 group by o.unit_id, u.label`),
  );
  return new Map(
    rows.map((row) => [
      row.unit_id,
      {
        unitId: row.unit_id,
        label: row.label,
        pastDueCents: Number(row.past_due),
        unsettledCents: Number(row.unsettled),
        daysPastDue: row.days,
      },
    ]),
  );
}

/** The instalment dates of a plan: monthly from the first, on its day (or the month's last). */
const instalmentDates = (plan: Pick<PlanRow, 'firstDueOn' | 'count'>) =>
  dueDatesBetween(
    {
      frequency: 'monthly',
      dueDay: Number(plan.firstDueOn.slice(8, 10)),
      startsOn: plan.firstDueOn,
      endsOn: null,
      installments: plan.count,
    },
    null,
    '9999-12-31',
  ).map((due) => due.dueOn);

type PlanProgress = { paidCents: number; newDueCents: number };

/**
 * What the owner has paid since the plan was agreed (payments that stand or are pending), and the new
 * assessments fallen due since that day that are as late as the policy's first stage: an owner on a plan
 * keeps paying them (late fees and interest on the old debt are not counted: they are part of what the
 * plan pays off).
 */
async function planProgress(
  db: Db,
  unitId: string,
  plan: PlanRow,
  on: { timeZone: string; today: string; graceDays: number },
) {
  const agreedOn = dayIn(plan.createdAt, on.timeZone);
  const [row] = rowsOf<{ paid: string; due: string }>(
    await db.execute(sql`
      select
        (select coalesce(sum(amount_cents), 0) from payments
          where unit_id = ${unitId} and status in ('pending', 'succeeded')
            and received_on >= ${agreedOn}::date)::bigint as paid,
        (select coalesce(sum(c.amount_cents), 0) from charges c
          where c.unit_id = ${unitId} and c.kind in ('assessment', 'special_assessment')
            and c.due_on >= ${agreedOn}::date and c.due_on <= ${addDays(on.today, -on.graceDays)}::date
            and not exists (select 1 from journal_entries r where r.reverses_id = c.journal_entry_id))::bigint as due`),
  );
  return { paidCents: Number(row!.paid), newDueCents: Number(row!.due) } satisfies PlanProgress;
}

/**
 * Where a plan stands on `today`. It is kept while what was paid since it was agreed covers every
 * instalment whose day has passed and every new charge fallen due since; missed as soon as it does not;
 * completed once every instalment's day has passed and it is kept.
 */
export function planStanding(plan: PlanRow, progress: PlanProgress, today: string) {
  const dates = instalmentDates(plan);
  const passed = dates.filter((day) => day < today).length;
  const requiredCents = plan.instalmentCents * passed + progress.newDueCents;
  if (progress.paidCents < requiredCents)
    return { status: 'missed' as const, nextDueOn: null, requiredCents };
  if (passed >= plan.count) return { status: 'completed' as const, nextDueOn: null, requiredCents };
  return { status: 'active' as const, nextDueOn: dates[passed] ?? null, requiredCents };
}

/** Whether the board's latest decision on entering this stage of the case is to proceed. */
async function boardSaysProceed(db: Db, caseId: string, stage: number) {
  const [latest] = await db
    .select({ outcome: collectionEvents.outcome })
    .from(collectionEvents)
    .where(
      and(
        eq(collectionEvents.caseId, caseId),
        eq(collectionEvents.kind, 'decision'),
        eq(collectionEvents.stage, stage),
      ),
    )
    .orderBy(desc(collectionEvents.seq))
    .limit(1);
  return latest?.outcome === 'proceed';
}

/** The letter of the case's latest arrival at a stage, with its status (none when no owner was on file). */
async function stageLetter(db: Db, caseId: string, stage: number) {
  const [row] = await db
    .select({
      createdAt: collectionEvents.createdAt,
      id: collectionEvents.letterId,
      status: letters.status,
      sentAt: letters.sentAt,
    })
    .from(collectionEvents)
    .leftJoin(letters, eq(letters.id, collectionEvents.letterId))
    .where(
      and(
        eq(collectionEvents.caseId, caseId),
        eq(collectionEvents.kind, 'advanced'),
        eq(collectionEvents.stage, stage),
      ),
    )
    .orderBy(desc(collectionEvents.seq))
    .limit(1);
  return row ?? null;
}

/**
 * Where the case's current stage stands: its time to pay runs from the day its letter was sent. A letter
 * not yet sent holds the case there (the owner has not been told); a cancelled letter, or a stage with
 * no letter (no owner on file), counts from the day the stage was reached.
 */
async function stageClock(db: Db, caseId: string, stage: number, timeZone: string) {
  const letter = await stageLetter(db, caseId, stage);
  if (!letter) return { unsent: false, from: null };
  if (letter.status === 'sent')
    return { unsent: false, from: dayIn(letter.sentAt ?? letter.createdAt, timeZone) };
  if (letter.status && letter.status !== 'cancelled') return { unsent: true, from: null };
  return { unsent: false, from: dayIn(letter.createdAt, timeZone) };
}

async function alreadyHeld(db: Db, caseId: string, stage: number) {
  const [row] = await db
    .select({ id: collectionEvents.id })
    .from(collectionEvents)
    .leftJoin(collectionRuns, eq(collectionRuns.id, collectionEvents.runId))
    .where(
      and(
        eq(collectionEvents.caseId, caseId),
        eq(collectionEvents.kind, 'held'),
        eq(collectionEvents.stage, stage),
        // A hold whose run was undone no longer counts; nor one a payment plan has paused the case
        // since (its decision item was withdrawn): if the plan fails, the board is asked again.
        sql`${collectionRuns.rolledBackAt} is null`,
        sql`not exists (select 1 from collection_events p where p.case_id = ${collectionEvents.caseId}
          and p.kind = 'plan_started' and p.seq > ${collectionEvents.seq})`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

// --- Planning a run -----------------------------------------------------------------------------

type PlannedAction = CollectionAction & {
  caseId: string | null;
  planId?: string;
  /** For `advance`: the day the stage's letter gives the owner to pay by. */
  payBy?: string;
  pastDueCents: number;
  /** For `hold`: how late the oldest unpaid charge is (the board's item says so). */
  daysPastDue?: number;
};

type Planned = { stages: CollectionStage[]; actions: PlannedAction[] };

/**
 * What the run of `today` would do, without writing anything: plans missed or completed, cases closed
 * (nothing past due), opened, moved one stage, or held for the board's decision.
 */
export async function planCollections(
  db: Db,
  propertyId: string,
  timeZone: string,
  today: string,
): Promise<Planned> {
  const found = await policyOf(db, propertyId);
  if (!found || !found.policy.active) return { stages: found?.policy.stages ?? [], actions: [] };
  const stages = found.policy.stages;
  // An owner on a plan keeps paying the new assessments; one counts once it is as late as the first stage.
  const graceDays = stages[0]!.daysPastDue;
  const owed = await delinquencies(db, propertyId, today);
  const cases = await db
    .select({ row: collectionCases, label: units.label })
    .from(collectionCases)
    .innerJoin(units, eq(units.id, collectionCases.unitId))
    .where(and(eq(collectionCases.propertyId, propertyId), ne(collectionCases.status, 'closed')));
  const plans = cases.length
    ? await db
        .select()
        .from(paymentPlans)
        .where(
          and(
            inArray(
              paymentPlans.caseId,
              cases.map(({ row }) => row.id),
            ),
            eq(paymentPlans.status, 'active'),
          ),
        )
    : [];
  const actions: PlannedAction[] = [];
  const caseByUnit = new Map(cases.map(({ row, label }) => [row.unitId, { row, label }]));

  for (const { row, label } of cases) {
    const unit = { id: row.unitId, label };
    const owes = owed.get(row.unitId);
    const plan = plans.find((candidate) => candidate.caseId === row.id);
    // Closed only once settled: a pending bank debit can still come back.
    if (!owes) {
      actions.push({
        kind: 'close',
        caseId: row.id,
        planId: plan?.id,
        unit,
        stage: row.stage,
        pastDueCents: 0,
        summary: `Unit ${label}: nothing is past due; the case closes${plan ? ' and its payment plan is complete' : ''}.`,
      });
      continue;
    }
    if (row.status === 'paused' && plan) {
      const progress = await planProgress(db, row.unitId, plan, { timeZone, today, graceDays });
      const standing = planStanding(plan, progress, today);
      if (standing.status === 'missed')
        actions.push({
          kind: 'plan_missed',
          caseId: row.id,
          planId: plan.id,
          unit,
          stage: row.stage,
          pastDueCents: owes.pastDueCents,
          summary: `Unit ${label}: the payment plan was not kept (${formatMoney(progress.paidCents)} paid since it was agreed, ${formatMoney(standing.requiredCents)} due by now); the case resumes.`,
        });
      else if (standing.status === 'completed')
        actions.push({
          kind: 'plan_completed',
          caseId: row.id,
          planId: plan.id,
          unit,
          stage: row.stage,
          pastDueCents: owes.pastDueCents,
          summary: `Unit ${label}: the payment plan is paid; ${formatMoney(owes.pastDueCents)} is still past due and the case resumes.`,
        });
    }
  }

  for (const owes of owed.values()) {
    const existing = caseByUnit.get(owes.unitId);
    if (existing?.row.status === 'paused') continue;
    const current = existing?.row.stage ?? -1;
    const next = current + 1;
    const stage = stages[next];
    // The next stage, when the debt meets its own days and minimum (not merely a later stage's).
    if (!stage || owes.daysPastDue < stage.daysPastDue || owes.pastDueCents < stage.minBalanceCents) continue;
    const unit = { id: owes.unitId, label: owes.label };
    const caseId = existing?.row.id ?? null;
    // The owner has the time the last letter gave, from the day it was sent, before the next stage.
    if (existing && current >= 0) {
      const clock = await stageClock(db, existing.row.id, current, timeZone);
      if (clock.unsent || (clock.from && addDays(clock.from, stages[current]!.cureDays) >= today)) continue;
    }
    if (!existing)
      actions.push({
        kind: 'open',
        caseId: null,
        unit,
        stage: null,
        pastDueCents: owes.pastDueCents,
        summary: `Unit ${owes.label}: a case opens (${formatMoney(owes.pastDueCents)} past due, the oldest charge ${plural(owes.daysPastDue, 'day', 'days')} late).`,
      });
    if (stage.requiresDecision && !(caseId && (await boardSaysProceed(db, caseId, next)))) {
      // A hold is recorded once; the nights after it change nothing.
      if (!(caseId && (await alreadyHeld(db, caseId, next))))
        actions.push({
          kind: 'hold',
          caseId,
          unit,
          stage: next,
          pastDueCents: owes.pastDueCents,
          daysPastDue: owes.daysPastDue,
          summary: `Unit ${owes.label}: waits for the board's decision before ${stageName(stages, next)}.`,
        });
      continue;
    }
    // A run of a past day (caught up late) still gives the owner the full time from today.
    const realToday = dayIn(new Date(), timeZone);
    const payBy = addDays(today > realToday ? today : realToday, stage.cureDays);
    actions.push({
      kind: 'advance',
      caseId,
      unit,
      stage: next,
      payBy,
      pastDueCents: owes.pastDueCents,
      summary: `Unit ${owes.label}: ${stageName(stages, next)}, a letter for ${formatMoney(owes.pastDueCents)} to pay by ${formatDay(payBy)}.`,
    });
  }
  actions.sort((a, b) => a.unit.label.localeCompare(b.unit.label, 'en', { numeric: true }));
  return { stages, actions };
}

// --- Running it ---------------------------------------------------------------------------------

/** The unit's owners on `today`, the primary owner first: whom a letter about the unit is written to. */
export async function currentOwners(db: Db, unitId: string, today: string) {
  return db
    .select({
      userId: unitOwnerships.userId,
      startsOn: unitOwnerships.startsOn,
      fullName: profiles.fullName,
      email: profiles.email,
    })
    .from(unitOwnerships)
    .innerJoin(profiles, eq(profiles.id, unitOwnerships.userId))
    .where(
      and(
        eq(unitOwnerships.unitId, unitId),
        sql`${unitOwnerships.startsOn} <= ${today}::date`,
        sql`(${unitOwnerships.endsOn} is null or ${unitOwnerships.endsOn} > ${today}::date)`,
      ),
    )
    .orderBy(desc(unitOwnerships.isPrimary), asc(unitOwnerships.startsOn));
}

export type CollectionRunOutcome = {
  runId: string | null;
  summary: string;
  actions: number;
  letters: number;
  /** The cases the run held for the board's decision, in a sentence each. */
  held: string[];
  /** The board's decision items those cases wait on (none when the association has no board). */
  decisionItems: string[];
};

/**
 * Does what `planCollections` plans, in the caller's transaction (the nightly run's), and records the
 * run. A held case is recorded once per stage, not every night. Letters are drafts: a person sends them.
 */
export async function runCollections(
  tx: Db,
  storage: FileStorage,
  propertyId: string,
  today: string,
): Promise<CollectionRunOutcome> {
  const [property] = await tx.select().from(properties).where(eq(properties.id, propertyId)).for('update');
  if (!property) throw notFound('Property');
  // Cases only move forward in time: a day before one already run would read older debts.
  const [later] = await tx
    .select({ runOn: collectionRuns.runOn })
    .from(collectionRuns)
    .where(
      and(
        eq(collectionRuns.propertyId, propertyId),
        sql`${collectionRuns.rolledBackAt} is null`,
        sql`${collectionRuns.runOn} > ${today}::date`,
      ),
    )
    .limit(1);
  if (later)
    return {
      runId: null,
      summary: `Not run: ${formatDay(later.runOn)} has been run already.`,
      actions: 0,
      letters: 0,
      held: [],
      decisionItems: [],
    };
  const { stages, actions } = await planCollections(tx, propertyId, property.timeZone, today);
  const [run] = await tx
    .insert(collectionRuns)
    // Stamped now, holding the lock (not at the transaction's start): runs are ordered by it.
    .values({ propertyId, runOn: today, summary: '', letters: 0, createdAt: new Date() })
    .returning({ id: collectionRuns.id });
  const runId = run!.id;
  const written: string[] = [];
  const casesOpened = new Map<string, string>();
  const problems: string[] = [];
  const held: string[] = [];
  const items: string[] = [];
  let letterCount = 0;
  let done = 0;
  const event = (values: Omit<typeof collectionEvents.$inferInsert, 'runId'>) =>
    tx.insert(collectionEvents).values({ ...values, runId });

  try {
    for (const action of actions) {
      let caseId = action.caseId ?? casesOpened.get(action.unit.id) ?? null;
      const [before] = caseId
        ? await tx.select().from(collectionCases).where(eq(collectionCases.id, caseId))
        : [];
      switch (action.kind) {
        case 'open': {
          const [opened] = await tx
            .insert(collectionCases)
            .values({ propertyId, unitId: action.unit.id, status: 'open', stage: null })
            .returning({ id: collectionCases.id });
          casesOpened.set(action.unit.id, opened!.id);
          await event({ caseId: opened!.id, kind: 'opened', fromStatus: null, summary: action.summary });
          done += 1;
          break;
        }
        case 'close': {
          await tx
            .update(collectionCases)
            .set({ status: 'closed', closedAt: new Date() })
            .where(eq(collectionCases.id, caseId!));
          if (action.planId)
            await tx
              .update(paymentPlans)
              .set({ status: 'completed' })
              .where(eq(paymentPlans.id, action.planId));
          await event({
            caseId: caseId!,
            kind: 'closed',
            planId: action.planId ?? null,
            fromStage: before!.stage,
            fromStatus: before!.status,
            summary: action.summary,
          });
          await withdrawMootCollectionItems(tx, caseId!);
          done += 1;
          break;
        }
        case 'plan_missed':
        case 'plan_completed': {
          await tx
            .update(paymentPlans)
            .set({ status: action.kind === 'plan_missed' ? 'missed' : 'completed' })
            .where(eq(paymentPlans.id, action.planId!));
          await tx.update(collectionCases).set({ status: 'open' }).where(eq(collectionCases.id, caseId!));
          await event({
            caseId: caseId!,
            kind: action.kind,
            planId: action.planId,
            fromStage: before!.stage,
            fromStatus: before!.status,
            summary: action.summary,
          });
          done += 1;
          break;
        }
        case 'hold': {
          caseId ??= casesOpened.get(action.unit.id)!;
          held.push(action.summary);
          await event({
            caseId,
            kind: 'held',
            stage: action.stage,
            fromStage: before?.stage ?? null,
            fromStatus: before?.status ?? 'open',
            summary: action.summary,
          });
          // The board decides it in Decisions: one item for the case and stage, in this transaction.
          const item = await openCollectionItem(tx, {
            propertyId,
            caseId,
            unitLabel: action.unit.label,
            stage: action.stage!,
            stages,
            pastDueCents: action.pastDueCents,
            daysPastDue: action.daysPastDue ?? 0,
            timeZone: property.timeZone,
          });
          if (item) items.push(item);
          done += 1;
          break;
        }
        case 'advance': {
          caseId ??= casesOpened.get(action.unit.id)!;
          const stage = stages[action.stage!]!;
          const drafted = await draftStageLetter(tx, storage, {
            property,
            unitId: action.unit.id,
            kind: stage.kind,
            pastDueCents: action.pastDueCents,
            payBy: action.payBy!,
            today,
          });
          // A letter that cannot be made (a template the run cannot fill) holds this unit, not the run.
          if ('problem' in drafted) {
            problems.push(`Unit ${action.unit.label}: ${drafted.problem}`);
            break;
          }
          const letterId = drafted.letterId;
          if (letterId) {
            written.push(letterId);
            letterCount += 1;
          }
          await tx.update(collectionCases).set({ stage: action.stage }).where(eq(collectionCases.id, caseId));
          await event({
            caseId,
            kind: 'advanced',
            stage: action.stage,
            fromStage: before?.stage ?? null,
            fromStatus: before?.status ?? 'open',
            letterId,
            summary: letterId ? action.summary : `${action.summary} No owner is on file: no letter was made.`,
          });
          await withdrawMootCollectionItems(tx, caseId);
          done += 1;
          break;
        }
      }
    }
  } catch (error) {
    // The run's transaction rolls back: the stored letters must not stay behind without their records.
    await Promise.all(written.map((id) => storage.remove(`letters/${propertyId}/${id}.pdf`).catch(() => {})));
    throw error;
  }
  const notMade = problems.length > 0 ? ` Not moved: ${problems.join('; ')}` : '';
  if (done === 0) {
    await tx.delete(collectionRuns).where(eq(collectionRuns.id, runId));
    return {
      runId: null,
      summary: `Nothing to do.${notMade}`,
      actions: 0,
      letters: 0,
      held: [],
      decisionItems: [],
    };
  }
  const summary = `${plural(done, 'change', 'changes')} to collection cases; ${plural(letterCount, 'letter', 'letters')} drafted.${notMade}`;
  await tx.update(collectionRuns).set({ summary, letters: letterCount }).where(eq(collectionRuns.id, runId));
  return { runId, summary, actions: done, letters: letterCount, held, decisionItems: items };
}

/** The stage's letter, from the association's current template of its kind, to the unit's owners. */
async function draftStageLetter(
  tx: Db,
  storage: FileStorage,
  facts: {
    property: typeof properties.$inferSelect;
    unitId: string;
    kind: CollectionStage['kind'];
    pastDueCents: number;
    payBy: string;
    today: string;
  },
): Promise<{ letterId: string | null } | { problem: string }> {
  const owners = await currentOwners(tx, facts.unitId, facts.today);
  if (owners.length === 0) return { letterId: null };
  const key = collectionTemplateKeys[facts.kind];
  const template = await currentVersionOf(tx, facts.property.id, key);
  if (!template) return { problem: `there is no letter template "${key}"` };
  const [unit] = await tx.select().from(units).where(eq(units.id, facts.unitId));
  const used = new Set([...placeholdersIn(template.title), ...placeholdersIn(template.body)]);
  let draft: Awaited<ReturnType<typeof renderDraft>>;
  try {
    draft = await renderDraft(storage, {
      property: facts.property,
      template,
      unit: unit!,
      owners,
      sender: `${facts.property.name} collections`,
      createdBy: null,
      values: {
        ...(used.has('amount.due') ? { 'amount.due': facts.pastDueCents } : {}),
        ...(used.has('date.due') ? { 'date.due': facts.payBy } : {}),
      },
    });
  } catch (error) {
    // Only the person's input placeholders can fail here, before anything is stored or written.
    if (error instanceof AppError)
      return {
        problem: `its letter "${key}" (version ${template.version}) could not be made: ${error.message}`,
      };
    throw error;
  }
  try {
    await insertDraft(tx, draft);
  } catch (error) {
    await storage.remove(draft.row.pdfKey).catch(() => {});
    throw error;
  }
  return { letterId: draft.row.id };
}

/**
 * Who hears what a run needs of people: the association's managers (letters to review and send, cases
 * waiting on the board) and its board members serving today (the decisions).
 */
export async function collectionsAudience(db: Db, propertyId: string, today: string) {
  const managers = await db
    .select({ id: propertyManagers.userId })
    .from(propertyManagers)
    .where(eq(propertyManagers.propertyId, propertyId));
  const board = await db
    .select({ id: committeeMembers.userId })
    .from(committeeMembers)
    .innerJoin(committees, eq(committees.id, committeeMembers.committeeId))
    .where(
      and(
        eq(committees.propertyId, propertyId),
        eq(committees.kind, 'board'),
        sql`${committeeMembers.startsOn} <= ${today}::date`,
        sql`(${committeeMembers.endsOn} is null or ${committeeMembers.endsOn} > ${today}::date)`,
      ),
    );
  return { managers: managers.map((row) => row.id), board: board.map((row) => row.id) };
}

// --- Undoing a run ------------------------------------------------------------------------------

/** Of these runs, those a later run (not undone) has acted on a case of since: they are undone after it. */
async function runsOvertaken(db: Db, runIds: string[]): Promise<Set<string>> {
  if (runIds.length === 0) return new Set();
  const rows = rowsOf<{ run_id: string }>(
    await db.execute(sql`
      select distinct e.run_id from collection_events e join collection_runs r on r.id = e.run_id
      where e.run_id in (${sql.join(
        runIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        and exists (select 1 from collection_events later join collection_runs lr on lr.id = later.run_id
          where later.case_id = e.case_id and lr.rolled_back_at is null and lr.created_at > r.created_at)`),
  );
  return new Set(rows.map((row) => row.run_id));
}

/** Of these runs, those on whose cases a person has acted since (a decision, a payment plan). */
async function runsActedOnSince(db: Db, runIds: string[]): Promise<Set<string>> {
  if (runIds.length === 0) return new Set();
  const rows = rowsOf<{ run_id: string }>(
    await db.execute(sql`
      select distinct e.run_id from collection_events e
      where e.run_id in (${sql.join(
        runIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        and exists (select 1 from collection_events act where act.case_id = e.case_id
          and act.kind in ('decision', 'plan_started') and act.seq > e.seq)`),
  );
  return new Set(rows.map((row) => row.run_id));
}

/**
 * Undoes a run: its draft letters are cancelled and each case it touched goes back to the stage and
 * status it had. Refused once one of its letters is sent (it cannot be taken back), while a later run
 * that acted on one of its cases stands (undo that one first), and once a person has acted on one of
 * its cases since (a decision, a plan).
 */
export async function rollBackCollectionRun(
  ctx: ServiceContext,
  propertyId: string,
  runId: string,
): Promise<CollectionsState> {
  await ctx.db.transaction(async (tx) => {
    await requireKeeper(ctx, tx, propertyId);
    await lockCollections(tx, propertyId);
    const [run] = await tx
      .select()
      .from(collectionRuns)
      .where(and(eq(collectionRuns.id, runId), eq(collectionRuns.propertyId, propertyId)));
    if (!run) throw notFound('Run');
    if (run.rolledBackAt) throw new AppError(409, 'ALREADY_ROLLED_BACK', 'This run has already been undone');
    if ((await runsOvertaken(tx, [run.id])).has(run.id))
      throw new AppError(
        409,
        'LATER_RUN',
        'A later run has moved a case this run moved: undo the later run first',
      );
    const events = await tx
      .select({ event: collectionEvents, letterStatus: letters.status })
      .from(collectionEvents)
      .leftJoin(letters, eq(letters.id, collectionEvents.letterId))
      .where(eq(collectionEvents.runId, run.id))
      .orderBy(desc(collectionEvents.seq));
    if (events.some(({ letterStatus }) => letterStatus === 'sent'))
      throw new AppError(
        409,
        'LETTER_SENT',
        'A letter from this run has been sent and cannot be taken back: this run can no longer be undone',
      );
    const caseIds = [...new Set(events.map(({ event }) => event.caseId))];
    if ((await runsActedOnSince(tx, [run.id])).has(run.id))
      throw new AppError(
        409,
        'CASES_CHANGED',
        'A case this run touched has changed since (a decision or a payment plan): this run can no longer be undone',
      );
    // A case this run closed cannot come back while the unit has a newer case of its own.
    const closedHere = events.filter(({ event }) => event.kind === 'closed').map(({ event }) => event.caseId);
    if (closedHere.length > 0) {
      const [newer] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select n.id from collection_cases c join collection_cases n on n.unit_id = c.unit_id and n.id <> c.id
          where c.id in (${sql.join(
            closedHere.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) and n.status <> 'closed' limit 1`),
      );
      if (newer)
        throw new AppError(
          409,
          'CASE_REOPENED',
          'A unit whose case this run closed has a newer case since: this run can no longer be undone',
        );
    }
    const now = new Date();
    for (const { event } of events) {
      if (event.letterId)
        await tx
          .update(letters)
          .set({ status: 'cancelled', cancelledBy: ctx.actor.id, cancelledAt: now, updatedAt: now })
          .where(and(eq(letters.id, event.letterId), ne(letters.status, 'cancelled')));
      if (
        event.planId &&
        (event.kind === 'plan_missed' || event.kind === 'plan_completed' || event.kind === 'closed')
      )
        await tx.update(paymentPlans).set({ status: 'active' }).where(eq(paymentPlans.id, event.planId));
      if (event.kind === 'opened')
        await tx
          .update(collectionCases)
          .set({ status: 'closed', closedAt: now })
          .where(eq(collectionCases.id, event.caseId));
      else if (event.kind !== 'held')
        await tx
          .update(collectionCases)
          .set({ stage: event.fromStage, status: event.fromStatus ?? 'open', closedAt: null })
          .where(eq(collectionCases.id, event.caseId));
    }
    // An item whose question the undo made moot (the case closed, paused, or back before an earlier
    // stage) is withdrawn; one the case still waits on stays open, and the next run's hold finds it.
    for (const caseId of caseIds) await withdrawMootCollectionItems(tx, caseId, ctx.actor.id);
    for (const caseId of caseIds)
      await tx.insert(collectionEvents).values({
        caseId,
        kind: 'rolled_back',
        createdBy: ctx.actor.id,
        summary: `The collections run of ${formatDay(run.runOn)} was undone: its letters were cancelled and the case restored.`,
      });
    await tx
      .update(collectionRuns)
      .set({ rolledBackAt: now, rolledBackBy: ctx.actor.id })
      .where(eq(collectionRuns.id, run.id));
  });
  return getCollections(ctx, propertyId);
}

// --- Decisions and payment plans ----------------------------------------------------------------

async function caseFor(db: Db, propertyId: string, caseId: string, lock = false) {
  const query = db
    .select()
    .from(collectionCases)
    .where(and(eq(collectionCases.id, caseId), eq(collectionCases.propertyId, propertyId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Case');
  return row;
}

/**
 * Records the board's decision on whether a case may enter a stage: who recorded it, the day the board
 * decided, and at which meeting. Managers and the association's board members record it.
 */
export async function recordCollectionDecision(
  ctx: ServiceContext,
  propertyId: string,
  caseId: string,
  input: CollectionDecisionInput,
): Promise<CollectionCaseDetail> {
  const decision = collectionDecisionInputSchema.parse(input);
  await ctx.db.transaction(async (tx) => {
    const property = await requireProperty(tx, propertyId, financeScope(ctx.actor, sql`${properties.id}`));
    await lockCollections(tx, propertyId);
    const row = await caseFor(tx, propertyId, caseId, true);
    if (row.status === 'closed') throw new AppError(409, 'CASE_CLOSED', 'This case is closed');
    const found = await policyOf(tx, propertyId);
    const stages = found?.policy.stages ?? [];
    if (!stages[decision.stage])
      throw fieldError(400, 'UNKNOWN_STAGE', 'stage', 'The policy has no such stage');
    if (!stages[decision.stage]!.requiresDecision)
      throw fieldError(409, 'NO_DECISION_NEEDED', 'stage', "This stage does not need the board's decision");
    if ((row.stage ?? -1) >= decision.stage)
      throw fieldError(409, 'STAGE_PASSED', 'stage', 'The case has already reached this stage');
    if (decision.decidedOn > property.today)
      throw fieldError(
        400,
        'DECIDED_IN_FUTURE',
        'decidedOn',
        'The date of the decision cannot be in the future',
      );
    await tx.insert(collectionEvents).values({
      caseId,
      kind: 'decision',
      stage: decision.stage,
      outcome: decision.outcome,
      decidedOn: decision.decidedOn,
      meeting: decision.meeting,
      note: decision.note,
      createdBy: ctx.actor.id,
      summary: `The board decided at ${decision.meeting} (${formatDay(decision.decidedOn)}) to ${decision.outcome === 'proceed' ? 'proceed to' : 'hold at'} ${stageName(stages, decision.stage)}.`,
    });
    await withdrawItemDecidedOnCase(tx, {
      caseId,
      stage: decision.stage,
      stages,
      outcome: decision.outcome,
      decidedOn: decision.decidedOn,
      meeting: decision.meeting,
      by: ctx.actor.id,
    });
  });
  return getCollectionCase(ctx, propertyId, caseId);
}

/** Agrees a payment plan on an open case: it pauses the case until the plan is paid or an instalment is missed. */
export async function startPaymentPlan(
  ctx: ServiceContext,
  propertyId: string,
  caseId: string,
  input: PaymentPlanInput,
): Promise<CollectionCaseDetail> {
  const terms = paymentPlanInputSchema.parse(input);
  await ctx.db.transaction(async (tx) => {
    const property = await requireKeeper(ctx, tx, propertyId);
    await lockCollections(tx, propertyId);
    const row = await caseFor(tx, propertyId, caseId, true);
    if (row.status === 'closed') throw new AppError(409, 'CASE_CLOSED', 'This case is closed');
    if (row.status === 'paused')
      throw new AppError(409, 'PLAN_ACTIVE', 'This case already has a payment plan in force');
    if (terms.firstDueOn < property.today)
      throw fieldError(
        400,
        'FIRST_DUE_PASSED',
        'firstDueOn',
        'The first instalment cannot be due in the past',
      );
    const [plan] = await tx
      .insert(paymentPlans)
      .values({ caseId, ...terms, status: 'active', createdBy: ctx.actor.id })
      .returning({ id: paymentPlans.id });
    await tx.update(collectionCases).set({ status: 'paused' }).where(eq(collectionCases.id, caseId));
    await withdrawMootCollectionItems(tx, caseId, ctx.actor.id);
    await tx.insert(collectionEvents).values({
      caseId,
      kind: 'plan_started',
      planId: plan!.id,
      fromStage: row.stage,
      fromStatus: row.status,
      createdBy: ctx.actor.id,
      summary: `Payment plan agreed: ${terms.count} monthly instalments of ${formatMoney(terms.instalmentCents)} from ${formatDay(terms.firstDueOn)}. The case is paused.`,
    });
  });
  return getCollectionCase(ctx, propertyId, caseId);
}

// --- Reading ------------------------------------------------------------------------------------

async function casesView(
  db: Db,
  property: { id: string; today: string; timeZone: string },
  rows: CaseRow[],
): Promise<CollectionCase[]> {
  if (rows.length === 0) return [];
  const { id: propertyId, today, timeZone } = property;
  const owed = await delinquencies(db, propertyId, today);
  const found = await policyOf(db, propertyId);
  const stages = found?.policy.stages ?? [];
  const labels = await db
    .select({ id: units.id, label: units.label })
    .from(units)
    .where(
      inArray(
        units.id,
        rows.map((row) => row.unitId),
      ),
    );
  const plans = await db
    .select({ plan: paymentPlans, createdByName: profiles.fullName })
    .from(paymentPlans)
    .leftJoin(profiles, eq(profiles.id, paymentPlans.createdBy))
    .where(
      inArray(
        paymentPlans.caseId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(desc(paymentPlans.createdAt));
  const ownerRows = rowsOf<{ unit_id: string; name: string }>(
    await db.execute(sql`
      select uo.unit_id, pr.full_name as name from unit_ownerships uo join profiles pr on pr.id = uo.user_id
      where uo.unit_id in (${sql.join(
        rows.map((row) => sql`${row.unitId}::uuid`),
        sql`, `,
      )})
        and uo.starts_on <= ${today}::date and (uo.ends_on is null or uo.ends_on > ${today}::date)
      order by uo.is_primary desc, pr.full_name`),
  );
  const items = await openCollectionItemsOf(
    db,
    rows.map((row) => row.id),
  );
  const views: CollectionCase[] = [];
  for (const row of rows) {
    const owes = owed.get(row.unitId);
    const next = (row.stage ?? -1) + 1;
    const found = plans.find(({ plan }) => plan.caseId === row.id);
    let plan: CollectionCase['plan'] = null;
    if (found) {
      const progress = await planProgress(db, row.unitId, found.plan, {
        timeZone,
        today,
        graceDays: stages[0]?.daysPastDue ?? 0,
      });
      const standing = planStanding(found.plan, progress, today);
      plan = {
        id: found.plan.id,
        instalmentCents: found.plan.instalmentCents,
        count: found.plan.count,
        firstDueOn: found.plan.firstDueOn,
        terms: found.plan.terms,
        status: found.plan.status,
        paidCents: progress.paidCents,
        nextDueOn: found.plan.status === 'active' ? standing.nextDueOn : null,
        createdAt: found.plan.createdAt.toISOString(),
        createdByName: found.createdByName,
      };
    }
    const waiting =
      row.status === 'open' && stages[next]?.requiresDecision && !(await boardSaysProceed(db, row.id, next));
    const letter = row.stage === null ? null : await stageLetter(db, row.id, row.stage);
    views.push({
      id: row.id,
      unit: { id: row.unitId, label: labels.find((unit) => unit.id === row.unitId)?.label ?? '' },
      owners: ownerRows.filter((owner) => owner.unit_id === row.unitId).map((owner) => owner.name),
      status: row.status,
      stage: row.stage,
      pastDueCents: owes?.pastDueCents ?? 0,
      daysPastDue: owes?.daysPastDue ?? 0,
      awaitingDecision: waiting ? next : null,
      decisionItemId: waiting ? (items.get(`${row.id}:${next}`) ?? null) : null,
      letterToSend:
        letter?.id && letter.status && !['sent', 'cancelled'].includes(letter.status)
          ? { id: letter.id, status: letter.status }
          : null,
      plan,
      openedAt: row.openedAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
    });
  }
  return views;
}

/** Cases shown on the page: every one not closed, and those closed in the last 30 days. */
const casesShown = 500;

export async function getCollections(ctx: ServiceContext, propertyId: string): Promise<CollectionsState> {
  const property = await requireReader(ctx, propertyId);
  const found = await policyOf(ctx.db, propertyId);
  const rows = await ctx.db
    .select()
    .from(collectionCases)
    .where(
      and(
        eq(collectionCases.propertyId, propertyId),
        sql`(${collectionCases.status} <> 'closed' or ${collectionCases.closedAt} > now() - interval '30 days')`,
      ),
    )
    .orderBy(
      sql`${collectionCases.status} = 'closed'`,
      desc(collectionCases.stage),
      desc(collectionCases.openedAt),
    )
    .limit(casesShown);
  const on = nextRunDate(property.timeZone, collectionsCron);
  const planned = await planCollections(ctx.db, propertyId, property.timeZone, on);
  const runs = await ctx.db
    .select({ run: collectionRuns, byName: profiles.fullName })
    .from(collectionRuns)
    .leftJoin(profiles, eq(profiles.id, collectionRuns.rolledBackBy))
    .where(eq(collectionRuns.propertyId, propertyId))
    .orderBy(desc(collectionRuns.createdAt))
    .limit(10);
  const runIds = runs.map(({ run }) => run.id);
  const overtaken = await runsOvertaken(ctx.db, runIds);
  const actedOn = await runsActedOnSince(ctx.db, runIds);
  const sentRuns = new Set(
    (runIds.length
      ? await ctx.db
          .selectDistinct({ runId: collectionEvents.runId })
          .from(collectionEvents)
          .innerJoin(letters, eq(letters.id, collectionEvents.letterId))
          .where(and(inArray(collectionEvents.runId, runIds), eq(letters.status, 'sent')))
      : []
    ).map((row) => row.runId),
  );
  return {
    jurisdiction: property.jurisdiction,
    policy: found
      ? {
          active: found.policy.active,
          stages: found.policy.stages,
          updatedAt: found.policy.updatedAt.toISOString(),
          updatedByName: found.updatedByName,
        }
      : null,
    limits: limitsOf(property.jurisdiction),
    cases: await casesView(ctx.db, property, rows),
    nextRun: {
      on,
      count: planned.actions.length,
      actions: planned.actions
        .slice(0, 200)
        .map(({ kind, unit, stage, summary }) => ({ kind, unit, stage, summary })),
    },
    runs: runs.map(({ run, byName }) => ({
      id: run.id,
      runOn: run.runOn,
      summary: run.summary,
      letters: run.letters,
      createdAt: run.createdAt.toISOString(),
      rolledBackAt: run.rolledBackAt?.toISOString() ?? null,
      rolledBackByName: run.rolledBackAt ? byName : null,
      canRollBack:
        !run.rolledBackAt && !overtaken.has(run.id) && !actedOn.has(run.id) && !sentRuns.has(run.id),
    })),
  };
}

export async function getCollectionCase(
  ctx: ServiceContext,
  propertyId: string,
  caseId: string,
): Promise<CollectionCaseDetail> {
  const property = await requireReader(ctx, propertyId);
  const row = await caseFor(ctx.db, propertyId, caseId);
  const [view] = await casesView(ctx.db, property, [row]);
  const events = await ctx.db
    .select({ event: collectionEvents, byName: profiles.fullName, letterStatus: letters.status })
    .from(collectionEvents)
    .leftJoin(profiles, eq(profiles.id, collectionEvents.createdBy))
    .leftJoin(letters, eq(letters.id, collectionEvents.letterId))
    .where(eq(collectionEvents.caseId, caseId))
    .orderBy(desc(collectionEvents.seq));
  return {
    ...view!,
    events: events.map(({ event, byName, letterStatus }) => ({
      id: event.id,
      kind: event.kind,
      stage: event.stage,
      summary: event.summary,
      letterId: event.letterId,
      letterStatus,
      decision:
        event.kind === 'decision'
          ? {
              outcome: event.outcome as 'proceed' | 'hold',
              decidedOn: event.decidedOn!,
              meeting: event.meeting!,
              note: event.note ?? '',
            }
          : null,
      runId: event.runId,
      byName,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}
