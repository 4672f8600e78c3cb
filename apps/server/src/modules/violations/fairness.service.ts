import { and, asc, count, desc, eq, gte, ne, or, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';
import {
  fairnessListLimit,
  fairnessWindowMonths,
  repeatCitationThreshold,
  shiftReportMonth,
  violationCategoryLabels,
  type FairnessFlag,
  type FairnessViolation,
  type NoticeState,
  type ViolationCategory,
  type ViolationFairness,
  type violationReportQuerySchema,
  type ViolationReport,
  type ViolationReportTotals,
} from '@commonwise/contracts';
import {
  committeeMembers,
  committees,
  profiles,
  unitOwnerships,
  units,
  violationEvents,
  violationRules,
  violations,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { safeCell } from '../../lib/csv.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { currentBetween } from '../access/memberships.ts';
import { localClock } from '../notifications/zoned-time.ts';
import { rowsOf } from '../realtime/publish.ts';
import { requireReader } from './inspections.service.ts';
import { readsEnforcement } from './violation-access.ts';

/**
 * Fairness and consistency (issue 21 item 7, decision 0059): how a rule was applied across an
 * association's units, for the person approving a notice and for the board. Everything here reads;
 * "cited" means a notice of the violation was sent (its letter's status is 'sent'), "waived" means the
 * violation was dismissed or a hearing decided not to fine.
 */

/** Where the violation's notices stand (cancelled letters do not count). */
const noticeStateSql = sql<NoticeState>`case
  when exists (select 1 from violation_notices n join letters l on l.id = n.letter_id
    where n.violation_id = ${violations.id} and l.status = 'sent') then 'sent'
  when exists (select 1 from violation_notices n join letters l on l.id = n.letter_id
    where n.violation_id = ${violations.id} and l.status <> 'cancelled') then 'pending'
  else 'none' end`;
const isCitedSql = sql`exists (select 1 from violation_notices n join letters l on l.id = n.letter_id
  where n.violation_id = ${violations.id} and l.status = 'sent')`;
const isFinedSql = sql<boolean>`exists (select 1 from violation_hearings h where h.violation_id = ${violations.id}
  and h.status = 'decided' and h.outcome = 'fine')`;
const isWaivedSql = sql<boolean>`(${violations.status} = 'dismissed' or exists (select 1 from violation_hearings h
  where h.violation_id = ${violations.id} and h.status = 'decided' and h.outcome = 'no_fine'))`;

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

const listedColumns = {
  id: violations.id,
  unitId: violations.unitId,
  unitLabel: units.label,
  status: violations.status,
  source: violations.source,
  observedAt: violations.observedAt,
  closedAt: violations.closedAt,
  notice: noticeStateSql,
  isFined: isFinedSql,
  isWaived: isWaivedSql,
};

type ListedRow = {
  id: string;
  unitId: string;
  unitLabel: string;
  status: FairnessViolation['status'];
  source: FairnessViolation['source'];
  observedAt: Date;
  closedAt: Date | null;
  notice: NoticeState;
  isFined: boolean;
  isWaived: boolean;
};

const toListed = (row: ListedRow): FairnessViolation => ({
  id: row.id,
  unit: { id: row.unitId, label: row.unitLabel },
  status: row.status,
  source: row.source,
  observedAt: row.observedAt.toISOString(),
  closedAt: row.closedAt?.toISOString() ?? null,
  notice: row.notice,
  isFined: Boolean(row.isFined),
  isWaived: Boolean(row.isWaived),
});

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);
const unitsWord = (n: number) => (n === 1 ? '1 other unit' : `${n} other units`);

/** "A", "A and B", "A, B and C". */
function listed(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * The comparison for one violation: the same rule at the association's other units over the last
 * twelve months, at other units in the same inspection, and the flags an approver should read first.
 */
export async function getViolationFairness(
  ctx: ServiceContext,
  violationId: string,
): Promise<ViolationFairness> {
  const { db } = ctx;
  const [violation] = await db
    .select({
      id: violations.id,
      propertyId: violations.propertyId,
      unitId: violations.unitId,
      unitLabel: units.label,
      ruleId: violations.ruleId,
      ruleTitle: violationRules.title,
      ruleCategory: violationRules.category,
      observedAt: violations.observedAt,
      inspectionId: violations.inspectionId,
    })
    .from(violations)
    .innerJoin(units, eq(units.id, violations.unitId))
    .innerJoin(violationRules, eq(violationRules.id, violations.ruleId))
    .where(and(eq(violations.id, violationId), readsEnforcement(ctx.actor, sql`${violations.propertyId}`)));
  if (!violation) throw notFound('Violation');

  const since = new Date();
  since.setUTCMonth(since.getUTCMonth() - fairnessWindowMonths);
  const sameRule = eq(violations.ruleId, violation.ruleId);
  const otherUnitsInWindow = and(
    sameRule,
    ne(violations.unitId, violation.unitId),
    gte(violations.observedAt, since),
  );
  // Seen in the inspection that recorded this violation: recorded there, or observed there again.
  const inSameInspection = violation.inspectionId
    ? and(
        sameRule,
        ne(violations.unitId, violation.unitId),
        sql`exists (select 1 from ${violationEvents} e where e.violation_id = ${violations.id}
          and e.inspection_id = ${violation.inspectionId})`,
      )
    : undefined;

  const [[others], recent, [mine], inspectionRows, [inspectionCounts], seats] = await Promise.all([
    db
      .select({
        units: sql<number>`count(distinct ${violations.unitId})::int`,
        violations: count(),
        cited: countWhere(isCitedSql),
        unitsCited: sql<number>`(count(distinct ${violations.unitId}) filter (where ${isCitedSql}))::int`,
        cured: countWhere(sql`${violations.status} = 'cured'`),
        fined: countWhere(isFinedSql),
        waived: countWhere(isWaivedSql),
        open: countWhere(sql`${violations.status} = 'open'`),
      })
      .from(violations)
      .where(otherUnitsInWindow),
    db
      .select(listedColumns)
      .from(violations)
      .innerJoin(units, eq(units.id, violations.unitId))
      .where(otherUnitsInWindow)
      .orderBy(desc(violations.observedAt), desc(violations.id))
      .limit(fairnessListLimit),
    db
      .select({
        violations: count(),
        // This violation counts as cited: its notice is what the approver is looking at.
        cited: countWhere(sql`(${isCitedSql} or ${violations.id} = ${violation.id})`),
      })
      .from(violations)
      .where(
        and(
          sameRule,
          eq(violations.unitId, violation.unitId),
          or(gte(violations.observedAt, since), eq(violations.id, violation.id)),
        ),
      ),
    inSameInspection
      ? db
          .select(listedColumns)
          .from(violations)
          .innerJoin(units, eq(units.id, violations.unitId))
          .where(inSameInspection)
          .orderBy(asc(units.label), asc(violations.observedAt), asc(violations.id))
          .limit(fairnessListLimit)
      : Promise.resolve([]),
    inSameInspection
      ? db
          .select({
            units: sql<number>`count(distinct ${violations.unitId})::int`,
            noticed: countWhere(sql`${noticeStateSql} <> 'none'`),
          })
          .from(violations)
          .where(inSameInspection)
      : Promise.resolve([{ units: 0, noticed: 0 }]),
    // The unit's owners today, and the seats they hold today on the association's board and committees.
    db
      .select({ ownerName: profiles.fullName, committeeName: committees.name, kind: committees.kind })
      .from(unitOwnerships)
      .innerJoin(profiles, eq(profiles.id, unitOwnerships.userId))
      .innerJoin(committeeMembers, eq(committeeMembers.userId, unitOwnerships.userId))
      .innerJoin(
        committees,
        and(eq(committees.id, committeeMembers.committeeId), eq(committees.propertyId, violation.propertyId)),
      )
      .where(
        and(
          eq(unitOwnerships.unitId, violation.unitId),
          currentBetween(sql`${unitOwnerships.startsOn}`, sql`${unitOwnerships.endsOn}`),
          currentBetween(sql`${committeeMembers.startsOn}`, sql`${committeeMembers.endsOn}`),
        ),
      )
      .orderBy(asc(profiles.fullName), sql`${committees.kind} <> 'board'`, asc(committees.name)),
  ]);

  const sameInspection = (inspectionRows as ListedRow[]).map(toListed);
  const flags: FairnessFlag[] = [];
  const unitName = `Unit ${violation.unitLabel}`;
  const rule = `“${violation.ruleTitle}”`;

  if (seats.length > 0) {
    const byOwner = new Map<string, string[]>();
    for (const seat of seats)
      byOwner.set(seat.ownerName, [...(byOwner.get(seat.ownerName) ?? []), seat.committeeName]);
    const who = listed([...byOwner].map(([owner, names]) => `${owner} (${listed(names)})`));
    flags.push({
      kind: 'owner_serves',
      message: `${unitName}’s owner${byOwner.size > 1 ? 's' : ''} ${who} ${byOwner.size > 1 ? 'serve' : 'serves'} the association today: treat this notice exactly as any other owner’s, and let someone else approve and decide it.`,
    });
  }

  if (mine!.cited >= repeatCitationThreshold && others!.unitsCited <= 1)
    flags.push({
      kind: 'repeat_unit',
      message: `${unitName} is cited for ${rule} ${times(mine!.cited)} in the last ${fairnessWindowMonths} months, counting this violation, while ${others!.unitsCited === 0 ? 'no other unit was' : 'only 1 other unit was'}: check that the rule is enforced alike across the association.`,
    });

  if (inspectionCounts!.units > 0 && inspectionCounts!.noticed === 0) {
    const labels = [...new Set(sameInspection.map((row) => row.unit.label))];
    const shown = labels.length < inspectionCounts!.units ? `${labels.join(', ')}, …` : listed(labels);
    flags.push({
      kind: 'lone_citation',
      message: `The same inspection saw ${rule} at ${unitsWord(inspectionCounts!.units)} (${shown}), and none of them has a notice: cite them alike, or record why they differ.`,
    });
  }

  return {
    violation: {
      id: violation.id,
      unit: { id: violation.unitId, label: violation.unitLabel },
      rule: { id: violation.ruleId, title: violation.ruleTitle, category: violation.ruleCategory },
      observedAt: violation.observedAt.toISOString(),
      inspectionId: violation.inspectionId,
    },
    since: since.toISOString(),
    otherUnits: { ...others!, recent: (recent as ListedRow[]).map(toListed) },
    thisUnit: { violations: mine!.violations, cited: mine!.cited },
    sameInspection,
    flags,
  };
}

// ---------------------------------------------------------------------------------------------------
// The report per rule and month

type ReportRow = {
  ruleId: string | null;
  ruleTitle: string | null;
  ruleCategory: ViolationCategory | null;
  month: string | null;
  isTotal: number;
  opened: number;
  unitsCited: number;
  cured: number;
  medianDays: number | null;
  fines: number | string;
  fineCents: number | string | bigint;
  waivers: number;
  fromComplaints: number;
  fromInspections: number;
};

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

function figuresOf(row: ReportRow): ViolationReportTotals {
  const opened = Number(row.opened);
  return {
    violationsOpened: opened,
    unitsCited: Number(row.unitsCited),
    cured: Number(row.cured),
    cureRate: ratio(Number(row.cured), opened),
    medianDaysToCure: row.medianDays === null ? null : Math.round(Number(row.medianDays) * 10) / 10,
    fines: Number(row.fines),
    fineCents: Number(row.fineCents),
    waivers: Number(row.waivers),
    fromComplaints: Number(row.fromComplaints),
    fromInspections: Number(row.fromInspections),
    complaintShare: ratio(Number(row.fromComplaints), opened),
  };
}

/** The months asked for, or twelve around the one given, or the last twelve; none after this month. */
function rangeOf(query: z.infer<typeof violationReportQuerySchema>, thisMonth: string) {
  const twelveFrom = (month: string) => shiftReportMonth(month, 11);
  const to =
    query.to ?? (query.from && twelveFrom(query.from) < thisMonth ? twelveFrom(query.from) : thisMonth);
  const from = query.from ?? shiftReportMonth(to, -11);
  if (from > thisMonth) {
    const message = `The report cannot start after this month (${thisMonth})`;
    throw new AppError(400, 'VALIDATION_FAILED', `${message} (querystring from)`, {
      fields: { from: message },
    });
  }
  return { from, to };
}

export async function getViolationReport(
  ctx: ServiceContext,
  propertyId: string,
  query: z.infer<typeof violationReportQuerySchema>,
): Promise<ViolationReport> {
  const property = await requireReader(ctx.db, ctx, propertyId);
  const thisMonth = localClock(new Date(), property.timeZone).date.slice(0, 7);
  const { from, to } = rangeOf(query, thisMonth);
  const zone = property.timeZone;
  // Months in the association's calendar: from the first day of `from` to the first day after `to`.
  const start = sql`(${`${from}-01`}::timestamp at time zone ${zone})`;
  const end = sql`(${`${shiftReportMonth(to, 1)}-01`}::timestamp at time zone ${zone})`;
  const result = await ctx.db.execute(sql`
    with v as (
      select v.id, v.unit_id, v.rule_id, v.source, v.status,
        to_char(v.observed_at at time zone ${zone}, 'YYYY-MM') as month,
        case when v.status = 'cured' then extract(epoch from (v.closed_at - v.observed_at)) / 86400 end as days,
        exists (select 1 from violation_notices n join letters l on l.id = n.letter_id
          where n.violation_id = v.id and l.status = 'sent') as is_cited,
        (v.status = 'dismissed' or exists (select 1 from violation_hearings h where h.violation_id = v.id
          and h.status = 'decided' and h.outcome = 'no_fine')) as is_waived
      from violations v
      where v.property_id = ${property.id} and v.observed_at >= ${start} and v.observed_at < ${end}
    ), f as (
      select h.violation_id, count(*) as fines, sum(h.fine_cents) as cents
      from violation_hearings h
      where h.status = 'decided' and h.outcome = 'fine' and h.violation_id in (select id from v)
      group by h.violation_id
    )
    select v.rule_id as "ruleId", r.title as "ruleTitle", r.category as "ruleCategory", v.month,
      grouping(v.rule_id, r.title, r.category, v.month) as "isTotal",
      count(*)::int as opened,
      (count(distinct v.unit_id) filter (where v.is_cited))::int as "unitsCited",
      (count(*) filter (where v.status = 'cured'))::int as cured,
      percentile_cont(0.5) within group (order by v.days) as "medianDays",
      coalesce(sum(f.fines), 0)::int as fines,
      coalesce(sum(f.cents), 0)::bigint as "fineCents",
      (count(*) filter (where v.is_waived))::int as waivers,
      (count(*) filter (where v.source = 'complaint'))::int as "fromComplaints",
      (count(*) filter (where v.source = 'inspection'))::int as "fromInspections"
    from v
    join violation_rules r on r.id = v.rule_id
    left join f on f.violation_id = v.id
    group by grouping sets ((v.rule_id, r.title, r.category, v.month), ())
  `);
  const rows = rowsOf<ReportRow>(result);
  const total = rows.find((row) => Number(row.isTotal) !== 0);
  const byRuleAndMonth = rows
    .filter((row) => Number(row.isTotal) === 0)
    .map((row) => ({
      month: row.month!,
      rule: { id: row.ruleId!, title: row.ruleTitle!, category: row.ruleCategory! },
      ...figuresOf(row),
    }))
    .sort(
      (a, b) =>
        a.month.localeCompare(b.month) ||
        a.rule.title.localeCompare(b.rule.title) ||
        a.rule.id.localeCompare(b.rule.id),
    );
  return {
    propertyId: property.id,
    propertyName: property.name,
    from,
    to,
    rows: byRuleAndMonth,
    totals: total
      ? figuresOf(total)
      : figuresOf({
          opened: 0,
          unitsCited: 0,
          cured: 0,
          medianDays: null,
          fines: 0,
          fineCents: 0,
          waivers: 0,
          fromComplaints: 0,
          fromInspections: 0,
        } as ReportRow),
  };
}

const percent = (share: number | null) => (share === null ? '' : (share * 100).toFixed(1));
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The same report as CSV, a line per rule and month and a line of totals, with a file name. */
export async function exportViolationReport(
  ctx: ServiceContext,
  propertyId: string,
  query: z.infer<typeof violationReportQuerySchema>,
): Promise<{ fileName: string; csv: string }> {
  const report = await getViolationReport(ctx, propertyId, query);
  const figures = (row: ViolationReportTotals) => [
    String(row.violationsOpened),
    String(row.unitsCited),
    String(row.cured),
    percent(row.cureRate),
    row.medianDaysToCure === null ? '' : row.medianDaysToCure.toFixed(1),
    String(row.fines),
    dollars(row.fineCents),
    String(row.waivers),
    String(row.fromComplaints),
    String(row.fromInspections),
    percent(row.complaintShare),
  ];
  const records = [
    ...report.rows.map((row) => [
      row.month,
      safeCell(row.rule.title),
      violationCategoryLabels[row.rule.category],
      ...figures(row),
    ]),
    ['Total', '', '', ...figures(report.totals)],
  ];
  const safeName =
    report.propertyName.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'association';
  return {
    fileName: `violation-report-${safeName}-${report.from}-to-${report.to}.csv`,
    csv: stringify(records, {
      header: true,
      columns: [
        'Month',
        'Rule',
        'Category',
        'Violations opened',
        'Units cited',
        'Cured',
        'Cure rate (%)',
        'Median days to cure',
        'Fines',
        'Fines total',
        'Waivers',
        'From complaints',
        'From inspections',
        'Complaint share (%)',
      ],
    }),
  };
}
