import { and, asc, desc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  effectiveLimit,
  formatMoney,
  isKnownRule,
  maxSchedules,
  previewItemsShown,
  previewMaxDaysAhead,
  ruleOf,
  splitCents,
  wholeShare,
  type AssessmentSchedule,
  type AssessmentScheduleInput,
  type AssessmentScheduleList,
  type AssessmentScheduleUpdate,
  type ChargePreview,
  type ChargePreviewItem,
  type UnitKind,
  type UpcomingCharge,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { assessmentSchedules, glAccounts, profiles, properties, units } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { constraintOf } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { fieldError, requireKeeper, requireReader, type PropertyRow } from './books.service.ts';
import { adoptedExpensesOf, fiscalYearOf } from './budgets.service.ts';
import {
  chargedUnits,
  firstOpenDay,
  insertCharges,
  postingAccounts,
  type NewCharge,
  type PostingAccounts,
} from './charges.ts';
import { nextRunDate } from './run-times.ts';
import { applyAllCredits } from './payments.service.ts';
import { dueDatesBetween, nextDueDate, type DueDate, type DueTerms } from './due-dates.ts';

/**
 * Assessment schedules and the nightly posting of their charges (issue 20, item 2; decision 0044).
 *
 * A schedule bills every unit of the association that exists on a due date and is not archived. Its
 * terms never change once made; it may be renamed and ended. The nightly run (finance.jobs.ts) posts the
 * due dates after `posted_through` up to its day, each unit's charge once: the run's own period is run
 * once (job_runs), the charges' unique key refuses a second charge for a unit and period, and the
 * schedule's row is locked while it posts.
 */

type ScheduleRow = typeof assessmentSchedules.$inferSelect;
type BillableUnit = { id: string; label: string; kind: UnitKind; shareBp: number | null; createdOn: string };

const termsOf = (row: ScheduleRow): DueTerms => ({
  frequency: row.frequency,
  dueDay: row.dueDay,
  startsOn: row.startsOn,
  endsOn: row.endsOn,
  installments: row.installments,
});

/** The association's units that are billed: not archived, with the day each was added (local time). */
async function billableUnits(db: Db, propertyId: string): Promise<BillableUnit[]> {
  return db
    .select({
      id: units.id,
      label: units.label,
      kind: units.kind,
      shareBp: units.shareBp,
      createdOn: sql<string>`to_char(${units.createdAt} at time zone ${properties.timeZone}, 'YYYY-MM-DD')`,
    })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(and(eq(units.propertyId, propertyId), isNull(units.archivedAt)))
    .orderBy(asc(units.label), asc(units.id));
}

/** Why a schedule cannot bill these units as its terms say, or null when it can. */
class AllocationProblem extends Error {
  constructor(
    readonly code: string,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

type Terms = Pick<ScheduleRow, 'kind' | 'allocation' | 'amountCents' | 'kindAmounts' | 'installments'>;

/** Each unit's charge for one due date (an installment's share of a special assessment). */
function amountsFor(terms: Terms, billed: BillableUnit[], installment: number | null): Map<string, number> {
  if (billed.length === 0)
    throw new AllocationProblem('NO_UNITS', 'allocation', 'The association has no units to bill');
  let totals: number[];
  if (terms.allocation === 'equal') totals = billed.map(() => terms.amountCents!);
  else if (terms.allocation === 'share') {
    const missing = billed.filter((unit) => unit.shareBp === null);
    if (missing.length > 0)
      throw new AllocationProblem(
        'SHARES_MISSING',
        'allocation',
        `${missing.length} of ${billed.length} units have no share (e.g. ${missing[0]!.label}): give every unit its share, or bill the same amount to each`,
      );
    const sum = billed.reduce((total, unit) => total + unit.shareBp!, 0);
    if (sum !== wholeShare)
      throw new AllocationProblem(
        'SHARES_DO_NOT_ADD_UP',
        'allocation',
        `The units' shares add up to ${(sum / 100).toFixed(2)}%, not 100%: correct them in the units list`,
      );
    totals = splitCents(
      terms.amountCents!,
      billed.map((unit) => unit.shareBp!),
    );
  } else {
    const kinds = terms.kindAmounts ?? {};
    const unpriced = [...new Set(billed.map((unit) => unit.kind))].filter(
      (kind) => kinds[kind] === undefined,
    );
    if (unpriced.length > 0)
      throw new AllocationProblem(
        'KIND_WITHOUT_AMOUNT',
        'kindAmounts',
        `Give an amount for every kind of unit the association has (missing: ${unpriced.join(', ')})`,
      );
    totals = billed.map((unit) => kinds[unit.kind]!);
  }
  const amounts = new Map<string, number>();
  billed.forEach((unit, index) => {
    const total = totals[index]!;
    // A special assessment's whole amount is split into equal installments, the odd cents first.
    const amount =
      terms.installments && installment
        ? splitCents(
            total,
            Array.from({ length: terms.installments }, () => 1),
          )[installment - 1]!
        : total;
    if (amount > 0) amounts.set(unit.id, amount);
  });
  return amounts;
}

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const describe = (row: Pick<ScheduleRow, 'name' | 'installments'>, due: DueDate) =>
  row.installments && due.installment
    ? `${row.name}, installment ${due.installment} of ${row.installments}`
    : `${row.name}, ${monthName.format(new Date(`${due.dueOn}T00:00:00Z`))}`;

// --- Reading --------------------------------------------------------------------------------------

function toSchedule(
  row: ScheduleRow,
  account: AssessmentSchedule['incomeAccount'],
  createdByName: string | null,
  today: string,
  billed: BillableUnit[],
): AssessmentSchedule {
  const next = nextDueDate(termsOf(row), row.postedThrough);
  let nextTotalCents: number | null = null;
  if (next)
    try {
      const amounts = amountsFor(
        row,
        billed.filter((unit) => unit.createdOn <= next.dueOn),
        next.installment,
      );
      nextTotalCents = [...amounts.values()].reduce((sum, amount) => sum + amount, 0);
    } catch {
      nextTotalCents = null;
    }
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    frequency: row.frequency,
    dueDay: row.dueDay,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    installments: row.installments,
    allocation: row.allocation,
    amountCents: row.amountCents,
    kindAmounts: row.kindAmounts,
    incomeAccount: account,
    adoptedBy: row.adoptedBy,
    emergencyFinding: row.emergencyFinding,
    postedThrough: row.postedThrough,
    nextDueOn: next?.dueOn ?? null,
    nextTotalCents,
    status: !next ? 'ended' : row.startsOn > today ? 'upcoming' : 'active',
    createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

async function schedulesOf(db: Db, propertyId: string, scheduleId?: string) {
  return db
    .select({
      row: assessmentSchedules,
      account: { id: glAccounts.id, code: glAccounts.code, name: glAccounts.name, fund: glAccounts.fund },
      createdByName: profiles.fullName,
    })
    .from(assessmentSchedules)
    .innerJoin(glAccounts, eq(glAccounts.id, assessmentSchedules.incomeAccountId))
    .leftJoin(profiles, eq(profiles.id, assessmentSchedules.createdBy))
    .where(
      and(
        eq(assessmentSchedules.propertyId, propertyId),
        scheduleId ? eq(assessmentSchedules.id, scheduleId) : undefined,
      ),
    )
    .orderBy(desc(assessmentSchedules.startsOn), asc(assessmentSchedules.name));
}

export async function listSchedules(
  ctx: ServiceContext,
  propertyId: string,
): Promise<AssessmentScheduleList> {
  const property = await requireReader(ctx, propertyId);
  const [rows, billed] = await Promise.all([
    schedulesOf(ctx.db, propertyId),
    billableUnits(ctx.db, propertyId),
  ]);
  return {
    schedules: rows.map(({ row, account, createdByName }) =>
      toSchedule(row, account, createdByName, property.today, billed),
    ),
    jurisdiction: property.jurisdiction,
    timeZone: property.timeZone,
    today: property.today,
  };
}

async function scheduleById(db: Db, property: PropertyRow, scheduleId: string): Promise<AssessmentSchedule> {
  const [found] = await schedulesOf(db, property.id, scheduleId);
  if (!found) throw notFound('Schedule');
  return toSchedule(
    found.row,
    found.account,
    found.createdByName,
    property.today,
    await billableUnits(db, property.id),
  );
}

// --- Making and ending schedules ------------------------------------------------------------------

/**
 * California: the board alone may levy special assessments of at most 5% of the fiscal year's budgeted
 * gross expenses (Cal. Civ. Code §5605, in the jurisdiction profile); beyond that the members vote, unless
 * the board finds an emergency (§5610). Until the product runs that vote, such a levy is refused with
 * the rule named. Where the profile does not know the rule, nothing is refused: the board decides.
 */
async function checkSpecialAssessmentLimit(
  db: Db,
  property: PropertyRow,
  input: AssessmentScheduleInput,
  levyCents: number,
) {
  const rule = ruleOf(property.jurisdiction, 'specialAssessmentBoardCapBp');
  if (!isKnownRule(rule) || input.emergencyFinding) return;
  const year = await fiscalYearOf(db, property.id, input.startsOn);
  const budgeted = await adoptedExpensesOf(db, property.id, year.fiscalYear);
  if (budgeted === null)
    throw fieldError(
      422,
      'SPECIAL_ASSESSMENT_NEEDS_BUDGET',
      'amountCents',
      `The board alone may levy special assessments of at most ${rule.value / 100}% of the year's budgeted gross expenses (${rule.statute}); adopt the ${year.label} budget first so the limit can be checked, or record the board's emergency finding (§5610)`,
    );
  const limit = effectiveLimit(property.jurisdiction, 'specialAssessmentBoardCapBp').value ?? rule.value;
  const capCents = Math.floor((budgeted * limit) / 10_000);
  const earlier = await db
    .select()
    .from(assessmentSchedules)
    .where(
      and(
        eq(assessmentSchedules.propertyId, property.id),
        eq(assessmentSchedules.kind, 'special'),
        isNull(assessmentSchedules.emergencyFinding),
        sql`${assessmentSchedules.startsOn} between ${year.startsOn} and ${year.endsOn}`,
      ),
    );
  const billed = await billableUnits(db, property.id);
  const earlierCents = earlier.reduce((sum, row) => sum + levyOf(row, billed), 0);
  if (earlierCents + levyCents > capCents)
    throw fieldError(
      422,
      'SPECIAL_ASSESSMENT_NEEDS_VOTE',
      'amountCents',
      `Special assessments of ${formatMoney(earlierCents + levyCents)} in fiscal year ${year.label} exceed ${rule.value / 100}% of its budgeted gross expenses (${formatMoney(capCents)}): beyond that the members must approve them by vote (${rule.statute}), unless the board finds an emergency (§5610)`,
    );
}

/** What a schedule levies in all across the units it bills today (a special assessment's whole). */
function levyOf(row: Terms, billed: BillableUnit[]): number {
  const whole = { ...row, installments: null };
  return [...amountsFor(whole, billed, null).values()].reduce((sum, amount) => sum + amount, 0);
}

export async function createSchedule(
  ctx: ServiceContext,
  propertyId: string,
  input: AssessmentScheduleInput,
): Promise<AssessmentSchedule> {
  return ctx.db.transaction(async (tx) => {
    const property = await requireKeeper(ctx, tx, propertyId);
    if (input.startsOn < property.today)
      throw fieldError(
        422,
        'STARTS_IN_PAST',
        'startsOn',
        'A schedule starts today or later: bill earlier periods as one-off charges',
      );
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(assessmentSchedules)
      .where(eq(assessmentSchedules.propertyId, propertyId));
    if (count >= maxSchedules)
      throw new AppError(
        409,
        'TOO_MANY_SCHEDULES',
        `An association keeps at most ${maxSchedules} assessment schedules`,
      );
    const kind = input.kind === 'special' ? 'special_assessment' : 'assessment';
    const accounts = await postingAccounts(tx, propertyId, kind, input.incomeAccountId);
    const terms: Terms = {
      kind: input.kind,
      allocation: input.allocation,
      amountCents: input.amountCents ?? null,
      kindAmounts: input.allocation === 'by_kind' ? (input.kindAmounts ?? null) : null,
      installments: input.installments ?? null,
    };
    const billed = await billableUnits(tx, propertyId);
    let levy: number;
    try {
      levy = levyOf(terms, billed);
      amountsFor(terms, billed, terms.installments ? 1 : null);
    } catch (error) {
      if (error instanceof AllocationProblem) throw fieldError(422, error.code, error.field, error.message);
      throw error;
    }
    if (input.kind === 'special') await checkSpecialAssessmentLimit(tx, property, input, levy);
    const [row] = await tx
      .insert(assessmentSchedules)
      .values({
        propertyId,
        name: input.name,
        kind: input.kind,
        frequency: input.frequency,
        dueDay: input.dueDay,
        startsOn: input.startsOn,
        endsOn: input.endsOn ?? null,
        installments: terms.installments,
        allocation: input.allocation,
        amountCents: terms.amountCents,
        kindAmounts: terms.kindAmounts,
        incomeAccountId: accounts.income.id,
        adoptedBy: input.adoptedBy,
        emergencyFinding: input.emergencyFinding ?? null,
        createdBy: ctx.actor.id,
      })
      .returning();
    return scheduleById(tx, property, row!.id);
  });
}

export async function updateSchedule(
  ctx: ServiceContext,
  propertyId: string,
  scheduleId: string,
  input: AssessmentScheduleUpdate,
): Promise<AssessmentSchedule> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const property = await requireKeeper(ctx, tx, propertyId);
      const [row] = await tx
        .select()
        .from(assessmentSchedules)
        .where(and(eq(assessmentSchedules.id, scheduleId), eq(assessmentSchedules.propertyId, propertyId)))
        .for('update');
      if (!row) throw notFound('Schedule');
      if (input.endsOn !== undefined) {
        if (row.kind === 'special')
          throw fieldError(
            422,
            'SPECIAL_ENDS_WITH_INSTALLMENTS',
            'endsOn',
            'A special assessment ends with its last installment',
          );
        if (input.endsOn !== null && input.endsOn < row.startsOn)
          throw fieldError(422, 'ENDS_BEFORE_START', 'endsOn', 'The end date is after the start date');
        if (input.endsOn !== null && row.postedThrough && input.endsOn < row.postedThrough)
          throw fieldError(
            409,
            'ENDS_BEFORE_POSTED',
            'endsOn',
            `Charges due on ${row.postedThrough} are already posted: end it on or after that day`,
          );
      }
      if (input.name !== undefined || input.endsOn !== undefined)
        await tx
          .update(assessmentSchedules)
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.endsOn !== undefined ? { endsOn: input.endsOn } : {}),
            updatedAt: new Date(),
          })
          .where(eq(assessmentSchedules.id, scheduleId));
      return scheduleById(tx, property, scheduleId);
    });
  } catch (error) {
    if (constraintOf(error) === 'assessment_schedules_ends_after_posted')
      throw fieldError(409, 'ENDS_BEFORE_POSTED', 'endsOn', 'Charges were posted meanwhile: end it later');
    throw error;
  }
}

// --- Preview and posting --------------------------------------------------------------------------

type Planned = {
  schedule: ScheduleRow;
  due: DueDate;
  accounts: PostingAccounts | null;
  items: NewCharge[];
  labels: Map<string, string>;
};
type Plan = { planned: Planned[]; problems: string[] };

/**
 * What posting through `through` means: for each schedule, each due date after its `posted_through`, the
 * units not yet charged for that period with their amounts. A schedule that cannot bill (its units'
 * shares no longer add up, a kind without an amount, its accounts made inactive) is left where it is and
 * named in `problems`, so the run posts the rest and tries again the next night.
 */
async function planCharges(db: Db, propertyId: string, through: string, lock: boolean): Promise<Plan> {
  const pending = db
    .select()
    .from(assessmentSchedules)
    .where(
      and(
        eq(assessmentSchedules.propertyId, propertyId),
        lte(assessmentSchedules.startsOn, through),
        or(isNull(assessmentSchedules.postedThrough), lt(assessmentSchedules.postedThrough, through)),
      ),
    )
    .orderBy(asc(assessmentSchedules.startsOn), asc(assessmentSchedules.id));
  const schedules = lock ? await pending.for('update') : await pending;
  const planned: Planned[] = [];
  const problems: string[] = [];
  if (schedules.length === 0) return { planned, problems };
  const billed = await billableUnits(db, propertyId);
  const labels = new Map(billed.map((unit) => [unit.id, unit.label]));
  for (const schedule of schedules) {
    const dates = dueDatesBetween(termsOf(schedule), schedule.postedThrough, through);
    if (dates.length === 0) continue;
    let accounts: PostingAccounts;
    try {
      accounts = await postingAccounts(
        db,
        propertyId,
        schedule.kind === 'special' ? 'special_assessment' : 'assessment',
        schedule.incomeAccountId,
      );
    } catch (error) {
      problems.push(`${schedule.name}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    for (const due of dates) {
      let amounts: Map<string, number>;
      try {
        amounts = amountsFor(
          schedule,
          billed.filter((unit) => unit.createdOn <= due.dueOn),
          due.installment,
        );
      } catch (error) {
        if (!(error instanceof AllocationProblem)) throw error;
        problems.push(`${schedule.name} (due ${due.dueOn}): ${error.message}`);
        break;
      }
      const done = await chargedUnits(db, schedule.id, due.period);
      const description = describe(schedule, due);
      planned.push({
        schedule,
        due,
        accounts,
        labels,
        items: [...amounts]
          .filter(([unitId]) => !done.has(unitId))
          .map(([unitId, amountCents]) => ({
            unitId,
            kind: schedule.kind === 'special' ? 'special_assessment' : 'assessment',
            description,
            dueOn: due.dueOn,
            amountCents,
            scheduleId: schedule.id,
            period: due.period,
            installment: due.installment,
          })),
      });
    }
  }
  return { planned, problems };
}

export async function previewCharges(db: Db, propertyId: string, through: string): Promise<ChargePreview> {
  const { planned } = await planCharges(db, propertyId, through, false);
  const items: ChargePreviewItem[] = [];
  let itemCount = 0;
  let totalCents = 0;
  const groups = planned.map(({ schedule, due, items: charges, labels }) => {
    const groupCents = charges.reduce((sum, charge) => sum + charge.amountCents, 0);
    itemCount += charges.length;
    totalCents += groupCents;
    for (const charge of charges) {
      if (items.length >= previewItemsShown) break;
      items.push({
        scheduleId: schedule.id,
        scheduleName: schedule.name,
        unitId: charge.unitId,
        unitLabel: labels.get(charge.unitId) ?? '',
        dueOn: due.dueOn,
        period: due.period,
        installment: due.installment,
        amountCents: charge.amountCents,
      });
    }
    return {
      scheduleId: schedule.id,
      scheduleName: schedule.name,
      dueOn: due.dueOn,
      period: due.period,
      installment: due.installment,
      unitCount: charges.length,
      totalCents: groupCents,
    };
  });
  return { through, groups, items, itemCount, totalCents };
}

export type PostingOutcome = {
  charges: number;
  totalCents: number;
  schedules: number;
  /** Units' credit (paid ahead) applied to the charges just posted. */
  creditAppliedCents: number;
  problems: string[];
};

/**
 * Posts every charge due through `through` that is not yet posted, in the caller's transaction (the
 * nightly run's), and moves each schedule's `posted_through` past what it posted.
 */
export async function postDueCharges(
  tx: Db,
  propertyId: string,
  through: string,
  createdBy: string | null,
): Promise<PostingOutcome> {
  const { planned, problems } = await planCharges(tx, propertyId, through, true);
  let count = 0;
  let totalCents = 0;
  const postedThrough = new Map<string, string>();
  for (const { schedule, due, accounts, items } of planned) {
    if (items.length > 0) {
      const postedOn = await firstOpenDay(tx, propertyId, due.dueOn);
      await insertCharges(tx, propertyId, accounts!, items, postedOn, createdBy);
      count += items.length;
      totalCents += items.reduce((sum, item) => sum + item.amountCents, 0);
    }
    postedThrough.set(schedule.id, due.dueOn);
  }
  for (const [scheduleId, dueOn] of postedThrough)
    await tx
      .update(assessmentSchedules)
      .set({ postedThrough: dueOn })
      .where(eq(assessmentSchedules.id, scheduleId));
  let creditAppliedCents = 0;
  if (count > 0) {
    const [property] = await tx
      .select({ jurisdiction: properties.jurisdiction })
      .from(properties)
      .where(eq(properties.id, propertyId));
    creditAppliedCents = await applyAllCredits(tx, propertyId, property!.jurisdiction, through);
  }
  return { charges: count, totalCents, schedules: postedThrough.size, creditAppliedCents, problems };
}

/**
 * The charges a unit's next due day will bring, from the association's schedules: each schedule's first
 * due date not yet posted (on or after `today`), the earliest of them, and the unit's amount on it. A
 * schedule that cannot bill as its terms say (see planCharges) is left out.
 */
export async function upcomingChargesOf(
  db: Db,
  propertyId: string,
  unitId: string,
  today: string,
): Promise<UpcomingCharge[]> {
  const schedules = await db
    .select()
    .from(assessmentSchedules)
    .where(
      and(
        eq(assessmentSchedules.propertyId, propertyId),
        or(isNull(assessmentSchedules.endsOn), gte(assessmentSchedules.endsOn, today)),
      ),
    );
  if (schedules.length === 0) return [];
  const dayBefore = new Date(`${today}T00:00:00Z`);
  dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
  const yesterday = dayBefore.toISOString().slice(0, 10);
  const next = schedules
    .map((schedule) => {
      const after =
        schedule.postedThrough && schedule.postedThrough > yesterday ? schedule.postedThrough : yesterday;
      return { schedule, due: nextDueDate(termsOf(schedule), after) };
    })
    .filter((item): item is { schedule: ScheduleRow; due: DueDate } => item.due !== null);
  const first = next.map((item) => item.due.dueOn).sort()[0];
  if (!first) return [];
  const billed = await billableUnits(db, propertyId);
  const upcoming: UpcomingCharge[] = [];
  for (const { schedule, due } of next.filter((item) => item.due.dueOn === first)) {
    let amount: number | undefined;
    try {
      // Units added after the due date are not billed for it; this one exists, so it counts today.
      amount = amountsFor(
        schedule,
        billed.filter((unit) => unit.createdOn <= due.dueOn || unit.id === unitId),
        due.installment,
      ).get(unitId);
    } catch (error) {
      if (!(error instanceof AllocationProblem)) throw error;
    }
    if (amount)
      upcoming.push({ description: describe(schedule, due), dueOn: due.dueOn, amountCents: amount });
  }
  return upcoming;
}

/** What the next nightly run will post (or what posting through a chosen day would). */
export async function previewNextRun(
  ctx: ServiceContext,
  propertyId: string,
  through: string | undefined,
): Promise<ChargePreview> {
  const property = await requireReader(ctx, propertyId);
  const latest = new Date(`${property.today}T00:00:00Z`);
  latest.setUTCDate(latest.getUTCDate() + previewMaxDaysAhead);
  if (through && through > latest.toISOString().slice(0, 10))
    throw fieldError(
      422,
      'PREVIEW_TOO_FAR',
      'through',
      `A preview looks at most ${previewMaxDaysAhead} days ahead`,
    );
  return previewCharges(ctx.db, propertyId, through ?? nextRunDate(property.timeZone));
}
