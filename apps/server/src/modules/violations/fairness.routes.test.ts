import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViolationFairness, ViolationReport } from '@commonwise/contracts';
import {
  committeeMembers,
  committees,
  inspections,
  letters,
  letterTemplates,
  profiles,
  propertyManagers,
  unitOwnerships,
  units,
  violationEvents,
  violationHearings,
  violationNotices,
  violationRules,
  violations,
} from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

/**
 * Fairness and consistency (issue 21 item 7): the comparison an approver reads before a notice, and the
 * report per rule and month, on a history built here at Fairfield Commons (managed by manager@; board@
 * sits on its board and owns U1). Orchard Rise is another association, with a violation of its own.
 *
 * The trash rule's history, by unit (days before today):
 *   U1: 200 (notice sent, cured after 10 days), 100 (notice sent, fined $50 at a hearing, cured after
 *       20 days), 5 (the one under review: a notice drafted, in inspection I)
 *   U2: 5 (inspection I, no notice)        U3: 5 (inspection I, no notice)
 *   U4: 300 (dismissed), 60 (notice sent, the hearing decided not to fine, cured after 30 days)
 *   U5: 400 (notice sent: outside the twelve months)
 * and the parking rule once, from a complaint, at U5 30 days ago.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let fairfieldId: string;
let orchardId: string;
let orchardViolationId: string;
const unitIds: Record<string, string> = {};
const v: Record<string, string> = {};
let inspectionId: string;
let templateId: string;
let finingCommitteeId: string;

const as = (who: string, url: string) => injectAs(t.app, cookies[who], { method: 'GET', url });

/** Noon UTC some days ago: the same calendar day in the association's time zone. */
function daysAgo(days: number): Date {
  const at = new Date();
  at.setUTCHours(12, 0, 0, 0);
  at.setUTCDate(at.getUTCDate() - days);
  return at;
}
const monthOf = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit' })
    .format(at)
    .slice(0, 7);
const afterDays = (at: Date, days: number) => new Date(at.getTime() + days * 86_400_000);

async function letterFor(unitId: string, status: 'draft' | 'sent') {
  const [row] = await t.database.db
    .insert(letters)
    .values({
      propertyId: fairfieldId,
      templateId,
      unitId,
      kind: 'violation_notice',
      title: 'Notice',
      body: 'Notice of violation.',
      values: {},
      status,
      requiresApproval: false,
      pdfKey: `letters/test/${randomUUID()}.pdf`,
      sha256: 'a'.repeat(64),
      pageCount: 1,
      sentAt: status === 'sent' ? new Date() : null,
    })
    .returning({ id: letters.id });
  return row!.id;
}

type Made = {
  unit: string;
  ruleId: string;
  observedAt: Date;
  status?: 'open' | 'cured' | 'dismissed';
  closedAfterDays?: number;
  inInspection?: boolean;
  source?: 'inspection' | 'complaint';
  notice?: 'draft' | 'sent';
  hearing?: { outcome: 'fine' | 'no_fine'; fineCents?: number };
};

async function violation(made: Made) {
  const db = t.database.db;
  const status = made.status ?? 'open';
  const source = made.source ?? 'inspection';
  let inspection: string | null = null;
  if (source === 'inspection') {
    if (made.inInspection) inspection = inspectionId;
    else {
      const [row] = await db
        .insert(inspections)
        .values({ propertyId: fairfieldId, startedAt: made.observedAt, endedAt: made.observedAt })
        .returning({ id: inspections.id });
      inspection = row!.id;
    }
  }
  const [row] = await db
    .insert(violations)
    .values({
      propertyId: fairfieldId,
      unitId: unitIds[made.unit]!,
      ruleId: made.ruleId,
      inspectionId: inspection,
      source,
      status,
      observedAt: made.observedAt,
      closedAt: status === 'open' ? null : afterDays(made.observedAt, made.closedAfterDays ?? 1),
    })
    .returning({ id: violations.id });
  const id = row!.id;
  await db
    .insert(violationEvents)
    .values({ violationId: id, kind: 'observed', inspectionId: inspection, at: made.observedAt });
  if (made.notice) {
    const letterId = await letterFor(unitIds[made.unit]!, made.notice);
    await db.insert(violationNotices).values({
      violationId: id,
      stage: 1,
      stageName: 'Courtesy notice',
      stageKind: 'notice',
      approver: 'manager',
      letterId,
    });
  }
  if (made.hearing)
    await db.insert(violationHearings).values({
      violationId: id,
      committeeId: finingCommitteeId,
      status: 'decided',
      scheduledAt: afterDays(made.observedAt, 3),
      place: 'Clubhouse',
      outcome: made.hearing.outcome,
      fineCents: made.hearing.fineCents ?? null,
      decision: 'Decided.',
      decidedAt: afterDays(made.observedAt, 3),
    });
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'resident', 'board'] as const) cookies[who] = await t.cookieFor(who);
  const db = t.database.db;
  const people = await db.select({ id: profiles.id, email: profiles.email }).from(profiles);
  const ids = Object.fromEntries(people.map((person) => [person.email.split('@')[0]!, person.id]));
  const make = async (name: string, count: number) => {
    const response = await injectAs(t.app, cookies.admin, {
      method: 'POST',
      url: '/api/properties',
      payload: { name, address: `1 ${name} Way, Sacramento, CA`, units: count },
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: string }).id;
  };
  fairfieldId = await make('Fairfield Commons', 5);
  orchardId = await make('Orchard Rise', 1);
  const made = await db
    .select({ id: units.id })
    .from(units)
    .where(eq(units.propertyId, fairfieldId))
    .orderBy(asc(units.label));
  for (const [index, unit] of made.entries()) {
    unitIds[`U${index + 1}`] = unit.id;
    await db
      .update(units)
      .set({ label: `U${index + 1}` })
      .where(eq(units.id, unit.id));
  }
  await db.insert(propertyManagers).values({ propertyId: fairfieldId, userId: ids.manager! });
  const [board] = await db
    .insert(committees)
    .values({ propertyId: fairfieldId, kind: 'board', name: 'Board of Directors' })
    .returning({ id: committees.id });
  const [fining] = await db
    .insert(committees)
    .values({ propertyId: fairfieldId, kind: 'fining', name: 'Fining Committee' })
    .returning({ id: committees.id });
  finingCommitteeId = fining!.id;
  await db.insert(committeeMembers).values([
    { committeeId: board!.id, userId: ids.board!, role: 'president', startsOn: '2020-01-01' },
    // resident@ (U2's owner) left the fining committee yesterday: no longer serving.
    {
      committeeId: fining!.id,
      userId: ids.resident!,
      role: 'member',
      startsOn: '2020-01-01',
      endsOn: daysAgo(1).toISOString().slice(0, 10),
    },
  ]);
  await db.insert(unitOwnerships).values([
    { unitId: unitIds.U1!, userId: ids.board!, startsOn: '2020-01-01' },
    { unitId: unitIds.U2!, userId: ids.resident!, startsOn: '2020-01-01' },
  ]);
  const [template] = await db
    .select({ id: letterTemplates.id })
    .from(letterTemplates)
    .where(and(eq(letterTemplates.key, 'welcome'), isNull(letterTemplates.propertyId)));
  templateId = template!.id;
  const rule = async (propertyId: string, title: string, category: 'trash' | 'parking_vehicles') => {
    const [row] = await db
      .insert(violationRules)
      .values({
        propertyId,
        status: 'confirmed',
        title,
        category,
        excerpt: `${title}: as the CC&Rs say.`,
        excerptKey: `${title.toLowerCase()} ${randomUUID()}`,
        defaultCureDays: 10,
        confirmedAt: new Date(),
      })
      .returning({ id: violationRules.id });
    return row!.id;
  };
  const trash = await rule(fairfieldId, 'Trash containers', 'trash');
  const parking = await rule(fairfieldId, 'Parking', 'parking_vehicles');
  const [inspection] = await db
    .insert(inspections)
    .values({ propertyId: fairfieldId, startedAt: daysAgo(5) })
    .returning({ id: inspections.id });
  inspectionId = inspection!.id;

  const trashAt = (made: Omit<Made, 'ruleId'>) => violation({ ...made, ruleId: trash });
  v.u1Old = await trashAt({
    unit: 'U1',
    observedAt: daysAgo(200),
    status: 'cured',
    closedAfterDays: 10,
    notice: 'sent',
  });
  v.u1Fined = await trashAt({
    unit: 'U1',
    observedAt: daysAgo(100),
    status: 'cured',
    closedAfterDays: 20,
    notice: 'sent',
    hearing: { outcome: 'fine', fineCents: 5000 },
  });
  v.u1 = await trashAt({ unit: 'U1', observedAt: daysAgo(5), inInspection: true, notice: 'draft' });
  v.u2 = await trashAt({ unit: 'U2', observedAt: daysAgo(5), inInspection: true });
  v.u3 = await trashAt({ unit: 'U3', observedAt: daysAgo(5), inInspection: true });
  v.u4Dismissed = await trashAt({ unit: 'U4', observedAt: daysAgo(300), status: 'dismissed' });
  v.u4Waived = await trashAt({
    unit: 'U4',
    observedAt: daysAgo(60),
    status: 'cured',
    closedAfterDays: 30,
    notice: 'sent',
    hearing: { outcome: 'no_fine' },
  });
  v.u5Old = await trashAt({ unit: 'U5', observedAt: daysAgo(400), status: 'cured', notice: 'sent' });
  v.u5Parking = await violation({
    unit: 'U5',
    ruleId: parking,
    observedAt: daysAgo(30),
    source: 'complaint',
  });

  const [orchardUnit] = await db.select({ id: units.id }).from(units).where(eq(units.propertyId, orchardId));
  const orchardRule = await rule(orchardId, 'Trash containers', 'trash');
  const [orchardViolation] = await db
    .insert(violations)
    .values({
      propertyId: orchardId,
      unitId: orchardUnit!.id,
      ruleId: orchardRule,
      source: 'complaint',
      observedAt: daysAgo(3),
    })
    .returning({ id: violations.id });
  orchardViolationId = orchardViolation!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('the comparison before a notice is approved', () => {
  it('counts how the rule went at the other units in twelve months, and what the inspection saw', async () => {
    const response = await as('manager', `/api/violations/${v.u1}/fairness`);
    expect(response.statusCode).toBe(200);
    const fairness = response.json<ViolationFairness>();
    expect(fairness.violation).toMatchObject({
      id: v.u1,
      unit: { label: 'U1' },
      rule: { title: 'Trash containers' },
      inspectionId,
    });
    // U2, U3 and U4's four violations; U5's is older than twelve months, U1's are this unit's.
    expect(fairness.otherUnits).toMatchObject({
      units: 3,
      violations: 4,
      cited: 1,
      unitsCited: 1,
      cured: 1,
      fined: 0,
      waived: 2,
      open: 2,
    });
    // Newest first; U2's and U3's were seen at the same moment (then the larger id first).
    const sameMoment = [v.u2!, v.u3!].sort().reverse();
    expect(fairness.otherUnits.recent.map((row) => row.id)).toEqual([
      ...sameMoment,
      v.u4Waived,
      v.u4Dismissed,
    ]);
    expect(fairness.otherUnits.recent.find((row) => row.id === v.u4Waived)).toMatchObject({
      unit: { label: 'U4' },
      status: 'cured',
      notice: 'sent',
      isFined: false,
      isWaived: true,
    });
    expect(fairness.thisUnit).toEqual({ violations: 3, cited: 3 });
    expect(fairness.sameInspection.map((row) => [row.unit.label, row.notice])).toEqual([
      ['U2', 'none'],
      ['U3', 'none'],
    ]);
  });

  it('flags a board member’s unit, a unit cited repeatedly, and the only unit noticed in its inspection', async () => {
    const fairness = (await as('manager', `/api/violations/${v.u1}/fairness`)).json<ViolationFairness>();
    const flags = Object.fromEntries(fairness.flags.map((flag) => [flag.kind, flag.message]));
    expect(Object.keys(flags).sort()).toEqual(['lone_citation', 'owner_serves', 'repeat_unit']);
    expect(flags.owner_serves).toMatch(
      /^Unit U1’s owner .+ \(Board of Directors\) serves the association today/,
    );
    expect(flags.repeat_unit).toBe(
      'Unit U1 is cited for “Trash containers” 3 times in the last 12 months, counting this violation, while only 1 other unit was: check that the rule is enforced alike across the association.',
    );
    expect(flags.lone_citation).toBe(
      'The same inspection saw “Trash containers” at 2 other units (U2 and U3), and none of them has a notice: cite them alike, or record why they differ.',
    );
  });

  it('raises no flag where the rule was applied alike, and a seat that ended is not serving', async () => {
    const fairness = (await as('board', `/api/violations/${v.u2}/fairness`)).json<ViolationFairness>();
    expect(fairness.otherUnits).toMatchObject({
      units: 3,
      violations: 6,
      cited: 3,
      unitsCited: 2,
      cured: 3,
      fined: 1,
      waived: 2,
      open: 2,
    });
    expect(fairness.thisUnit).toEqual({ violations: 1, cited: 1 });
    // U1's notice is drafted: the inspection's other unit is noticed, so U2 is not the only one.
    expect(fairness.sameInspection.map((row) => [row.unit.label, row.notice])).toEqual([
      ['U1', 'pending'],
      ['U3', 'none'],
    ]);
    expect(fairness.flags).toEqual([]);
  });

  it('has no inspection to compare for a complaint', async () => {
    const fairness = (
      await as('manager', `/api/violations/${v.u5Parking}/fairness`)
    ).json<ViolationFairness>();
    expect(fairness.violation.inspectionId).toBeNull();
    expect(fairness.sameInspection).toEqual([]);
    expect(fairness.otherUnits.violations).toBe(0);
    expect(fairness.flags).toEqual([]);
  });

  it('answers 404 for another association’s violation and 403 for a resident', async () => {
    expect((await as('manager', `/api/violations/${orchardViolationId}/fairness`)).statusCode).toBe(404);
    expect((await as('board', `/api/violations/${orchardViolationId}/fairness`)).statusCode).toBe(404);
    expect((await as('admin', `/api/violations/${orchardViolationId}/fairness`)).statusCode).toBe(200);
    expect((await as('resident', `/api/violations/${v.u2}/fairness`)).statusCode).toBe(403);
    expect((await as('manager', `/api/violations/not-an-id/fairness`)).statusCode).toBe(400);
  });
});

describe('the report per rule and month', () => {
  const report = (query: string, who = 'manager') =>
    as(who, `/api/properties/${fairfieldId}/violation-report${query}`);

  it('gives each rule and month its figures, and the totals of the range', async () => {
    const from = monthOf(daysAgo(400));
    const to = monthOf(new Date());
    const response = await report(`?from=${from}&to=${to}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<ViolationReport>();
    expect(body).toMatchObject({ propertyId: fairfieldId, propertyName: 'Fairfield Commons', from, to });
    expect(body.totals).toEqual({
      violationsOpened: 9,
      unitsCited: 3,
      cured: 4,
      cureRate: 0.444,
      medianDaysToCure: 15,
      fines: 1,
      fineCents: 5000,
      waivers: 2,
      fromComplaints: 1,
      fromInspections: 8,
      complaintShare: 0.111,
    });
    const recent = body.rows.find(
      (row) => row.month === monthOf(daysAgo(5)) && row.rule.title === 'Trash containers',
    );
    expect(recent).toMatchObject({
      violationsOpened: 3,
      unitsCited: 0,
      cured: 0,
      cureRate: 0,
      medianDaysToCure: null,
      fromInspections: 3,
      complaintShare: 0,
    });
    const fined = body.rows.find((row) => row.month === monthOf(daysAgo(100)))!;
    expect(fined).toMatchObject({ unitsCited: 1, cured: 1, medianDaysToCure: 20, fines: 1, fineCents: 5000 });
    const parking = body.rows.find((row) => row.rule.title === 'Parking')!;
    expect(parking).toMatchObject({ month: monthOf(daysAgo(30)), fromComplaints: 1, complaintShare: 1 });
    // Month first, then rule: the rows read down the calendar.
    const months = body.rows.map((row) => row.month);
    expect(months).toEqual([...months].sort());
  });

  it('covers the last twelve months by default, for the board too', async () => {
    const response = await report('', 'board');
    expect(response.statusCode).toBe(200);
    const body = response.json<ViolationReport>();
    expect(body.to).toBe(monthOf(new Date()));
    // U5's trash violation is older than twelve months.
    expect(body.totals.violationsOpened).toBe(8);
  });

  it('refuses a range it cannot read, saying why', async () => {
    const bad = async (query: string, field: string, message: string | RegExp) => {
      const response = await report(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields[field]).toMatch(message);
    };
    await bad('?from=2026-13', 'from', 'From must be a month written YYYY-MM, for example 2026-03');
    await bad('?to=March', 'to', 'To must be a month written YYYY-MM, for example 2026-03');
    await bad('?from=2025-06&to=2025-01', 'to', 'The last month must not come before the first month');
    await bad(
      '?from=2023-01&to=2025-01',
      'from',
      'A report covers at most 24 months: choose a shorter range',
    );
    await bad('?from=2999-01', 'from', /^The report cannot start after this month/);
  });

  it('exports the same as CSV, with a header, a line per rule and month, and the totals', async () => {
    const from = monthOf(daysAgo(400));
    const to = monthOf(new Date());
    const json = (await report(`?from=${from}&to=${to}`)).json<ViolationReport>();
    const response = await as(
      'board',
      `/api/properties/${fairfieldId}/violation-report.csv?from=${from}&to=${to}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="violation-report-Fairfield-Commons-${from}-to-${to}.csv"`,
    );
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Month,Rule,Category,Violations opened,Units cited,Cured,Cure rate (%),Median days to cure,Fines,Fines total,Waivers,From complaints,From inspections,Complaint share (%)',
    );
    expect(lines).toHaveLength(json.rows.length + 2);
    expect(lines).toContain(
      `${monthOf(daysAgo(30))},Parking,Parking and vehicles,1,0,0,0.0,,0,0.00,0,1,0,100.0`,
    );
    expect(lines.at(-1)).toBe('Total,,,9,3,4,44.4,15.0,1,50.00,2,1,8,11.1');
  });

  it('is for the association’s managers and board only', async () => {
    expect((await report('', 'resident')).statusCode).toBe(403);
    expect((await as('resident', `/api/properties/${fairfieldId}/violation-report.csv`)).statusCode).toBe(
      403,
    );
    expect((await as('manager', `/api/properties/${orchardId}/violation-report`)).statusCode).toBe(404);
    expect((await as('board', `/api/properties/${orchardId}/violation-report.csv`)).statusCode).toBe(404);
  });
});
