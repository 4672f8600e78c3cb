import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AssessmentSchedule,
  AssessmentScheduleList,
  Budget,
  Charge,
  ChargePage,
  ChargePreview,
  Chart,
  UnitLedger,
} from '@commonwise/contracts';
import { charges, jobRuns, units } from '../../db/schema/index.ts';
import { makeAssociation } from '../../test/fixtures/association.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { postDueCharges } from './assessments.service.ts';

/**
 * Assessments (issue 20, item 2): schedules bill every unit once per due date — by the nightly run at
 * 01:00 local, however often it runs — with a preview of exactly what it will post; the last day of a
 * short month stands for a due day it lacks; shares, kinds and amounts are checked before anything is
 * made; California's limit on special assessments is measured against the adopted budget and refused
 * naming the statute; one-off charges; a unit's account from the journal. Made in a new association
 * (Birch Row, in Los Angeles) that manager@ manages and board@ sits on; manager2@ manages another.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let birchId: string;
let today: string;
const unitIds: Record<string, string> = {};

const as = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });
const finance = () => `/api/properties/${birchId}/finance`;
const refusal = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'done',
    (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
  );

/** The first day of the month `months` after today's. */
const monthStart = (months: number) => {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 + months, 1));
  return date.toISOString().slice(0, 10);
};
const lastDay = (monthFirst: string) => {
  const [year, month] = monthFirst.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
};

const dues = (overrides: object = {}) => ({
  name: 'Monthly dues',
  kind: 'regular',
  frequency: 'monthly',
  dueDay: 31,
  startsOn: monthStart(1),
  allocation: 'equal',
  amountCents: 32_550,
  adoptedBy: 'Budget adopted at the board meeting of 12 November',
  ...overrides,
});

async function makeUnit(label: string, kind = 'home', shareBp: number | null = null) {
  const [unit] = await t.database.db
    .insert(units)
    .values({ propertyId: birchId, label, kind: kind as 'home', shareBp })
    .returning({ id: units.id });
  unitIds[label] = unit!.id;
  return unit!.id;
}

async function ledgerOf(label: string) {
  const response = await as('manager', 'GET', `${finance()}/units/${unitIds[label]}/ledger`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as UnitLedger;
}

async function balances() {
  const chart = (await as('manager', 'GET', `${finance()}/accounts?asOf=2100-01-01`)).json() as Chart;
  return Object.fromEntries(chart.accounts.map((account) => [account.systemKey ?? account.code, account]));
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'resident', 'board'] as const) cookies[who] = await t.cookieFor(who);
  cookies.manager2 = await t.signIn('manager2@commonwise.test');
  ({ id: birchId } = await makeAssociation(t, {
    name: 'Birch Row',
    jurisdiction: 'CA',
    timeZone: 'America/Los_Angeles',
  }));
  for (const label of ['A1', 'A2', 'B1']) await makeUnit(label, label === 'B1' ? 'condo' : 'home');
  const list = (await as('manager', 'GET', `${finance()}/assessments`)).json() as AssessmentScheduleList;
  today = list.today;
});

afterAll(async () => {
  await t?.close();
});

describe('a regular schedule', () => {
  let schedule: AssessmentSchedule;

  it('is made by the manager, and says when it falls due next and what that bills', async () => {
    const response = await as('manager', 'POST', `${finance()}/assessments`, dues());
    expect(response.statusCode, response.body).toBe(201);
    schedule = response.json();
    expect(schedule).toMatchObject({
      name: 'Monthly dues',
      status: 'upcoming',
      nextDueOn: lastDay(monthStart(1)),
      nextTotalCents: 3 * 32_550,
      postedThrough: null,
      incomeAccount: { code: '4000', fund: 'operating' },
    });
    const list = (await as('board', 'GET', `${finance()}/assessments`)).json() as AssessmentScheduleList;
    expect(list.schedules.map((row) => row.id)).toContain(schedule.id);
    expect(list).toMatchObject({ jurisdiction: 'CA', timeZone: 'America/Los_Angeles' });
  });

  it("previews exactly what posting will do, on each month's last day, and writes nothing", async () => {
    const through = lastDay(monthStart(3));
    const response = await as('board', 'GET', `${finance()}/assessments/preview?through=${through}`);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json() as ChargePreview;
    const tooFar = await as('board', 'GET', `${finance()}/assessments/preview?through=2999-01-01`);
    expect(tooFar.json().error.fields.through).toBe('A preview looks at most 366 days ahead');
    expect(preview.groups.map((group) => [group.dueOn, group.unitCount, group.totalCents])).toEqual(
      [1, 2, 3].map((months) => [lastDay(monthStart(months)), 3, 97_650]),
    );
    expect(preview).toMatchObject({ itemCount: 9, totalCents: 9 * 32_550 });
    expect(preview.items.slice(0, 3).map((item) => item.unitLabel)).toEqual(['A1', 'A2', 'B1']);
    const posted = await t.database.db.select().from(charges).where(eq(charges.propertyId, birchId));
    expect(posted).toEqual([]);
  });

  it('is posted by the nightly run at 01:00 local on the due date, once however often the clock ticks', async () => {
    const dueOn = lastDay(monthStart(1));
    // 10:00 UTC is 02:00 or 03:00 in Los Angeles: the 01:00 run of that day is due. Two servers tick.
    const tick = new Date(`${dueOn}T10:00:00Z`);
    await Promise.all([t.app.schedules.fireDue(tick), t.app.schedules.fireDue(tick)]);
    await t.app.schedules.fireDue(new Date(tick.getTime() + 60_000));
    await t.app.jobs.runDue(100);
    await t.app.jobs.runDue(100);
    const [run] = await t.database.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.schedule, 'finance.post-charges'), eq(jobRuns.propertyId, birchId)));
    expect(run).toMatchObject({ status: 'succeeded', summary: 'Posted 3 charges ($976.50).' });
    const page = (
      await as('manager', 'GET', `${finance()}/charges?scheduleId=${schedule.id}`)
    ).json() as ChargePage;
    expect(
      page.charges.map((charge) => [charge.unit.label, charge.amountCents, charge.dueOn, charge.postedOn]),
    ).toEqual(
      expect.arrayContaining([
        ['A1', 32_550, dueOn, dueOn],
        ['A2', 32_550, dueOn, dueOn],
        ['B1', 32_550, dueOn, dueOn],
      ]),
    );
    expect(page.total).toBe(3);
    // The same night posted again by hand (a second server's run): nothing more.
    const again = await t.database.db.transaction((tx) => postDueCharges(tx, birchId, dueOn, null));
    expect(again).toMatchObject({ charges: 0, problems: [] });
    const books = await balances();
    expect(books.assessments_receivable!.balanceCents).toBe(97_650);
    expect(books.assessment_income!.balanceCents).toBe(-97_650);
    const ledger = await ledgerOf('A1');
    expect(ledger.balanceCents).toBe(32_550);
    expect(ledger.lines[0]).toMatchObject({
      amountCents: 32_550,
      balanceCents: 32_550,
      charge: { kind: 'assessment', dueOn },
    });
  });

  it('bills a unit added later from its first due date on, never for periods before it existed', async () => {
    const b2 = await makeUnit('B2');
    await t.database.db
      .update(units)
      .set({ createdAt: new Date(`${monthStart(3)}T20:00:00Z`) })
      .where(eq(units.id, b2));
    const outcome = await t.database.db.transaction((tx) =>
      postDueCharges(tx, birchId, lastDay(monthStart(3)), null),
    );
    // Months 2 and 3 for A1, A2, B1; month 3 only for B2 (added after month 2's due date).
    expect(outcome).toMatchObject({ charges: 3 + 3 + 1, totalCents: 7 * 32_550, problems: [] });
    const ledger = await ledgerOf('B2');
    expect(ledger.lines.map((line) => line.charge?.dueOn)).toEqual([lastDay(monthStart(3))]);
    const a1 = await ledgerOf('A1');
    expect(a1.lines.map((line) => line.balanceCents)).toEqual([97_650, 65_100, 32_550]);
    const list = (await as('manager', 'GET', `${finance()}/assessments`)).json() as AssessmentScheduleList;
    expect(list.schedules.find((row) => row.id === schedule.id)).toMatchObject({
      postedThrough: lastDay(monthStart(3)),
      nextDueOn: lastDay(monthStart(4)),
      nextTotalCents: 4 * 32_550,
    });
    // From here on B2 is as old as the others.
    await t.database.db
      .update(units)
      .set({ createdAt: new Date('2020-01-01') })
      .where(eq(units.id, b2));
  });

  it('may be renamed and ended, not ended before what it posted, and its terms never change', async () => {
    const renamed = await as('manager', 'PATCH', `${finance()}/assessments/${schedule.id}`, {
      name: 'Dues',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const early = await as('manager', 'PATCH', `${finance()}/assessments/${schedule.id}`, {
      endsOn: lastDay(monthStart(2)),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.fields.endsOn).toContain('already posted');
    const ended = await as('manager', 'PATCH', `${finance()}/assessments/${schedule.id}`, {
      endsOn: lastDay(monthStart(4)),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ endsOn: lastDay(monthStart(4)), nextDueOn: lastDay(monthStart(4)) });
    expect(
      await refusal(
        t.database.db.execute(
          sql`update assessment_schedules set amount_cents = 1 where id = ${schedule.id}`,
        ),
      ),
    ).toContain('terms cannot change');
    const [charge] = await t.database.db.select().from(charges).where(eq(charges.scheduleId, schedule.id));
    expect(
      await refusal(t.database.db.execute(sql`update charges set amount_cents = 1 where id = ${charge!.id}`)),
    ).toContain('cannot be changed');
    expect(await refusal(t.database.db.execute(sql`delete from charges where id = ${charge!.id}`))).toContain(
      'cannot be changed',
    );
    // A second charge for the same unit and period is refused by the database itself.
    expect(
      await refusal(
        t.database.db.execute(sql`insert into charges (property_id, unit_id, kind, description, due_on,
          amount_cents, income_account_id, schedule_id, period, journal_entry_id)
          select property_id, unit_id, kind, description, due_on, amount_cents, income_account_id,
            schedule_id, period, journal_entry_id from charges where id = ${charge!.id}`),
      ),
    ).toContain('duplicate key');
  });
});

describe('what a schedule refuses', () => {
  const refused = async (payload: object) => {
    const response = await as('manager', 'POST', `${finance()}/assessments`, payload);
    return {
      status: response.statusCode,
      error: response.json().error as { code: string; fields?: Record<string, string> },
    };
  };

  it('amounts of zero or fractions of a cent, no installments for a special, a start in the past', async () => {
    expect((await refused(dues({ amountCents: 0 }))).status).toBe(400);
    expect((await refused(dues({ amountCents: 325.5 }))).error.fields?.amountCents).toBe(
      'Amount must be a whole number of cents',
    );
    expect((await refused(dues({ kind: 'special' }))).error.fields?.installments).toBeDefined();
    expect((await refused(dues({ frequency: 'weekly' }))).status).toBe(400);
    expect(await refused(dues({ startsOn: '2020-01-01' }))).toMatchObject({
      status: 422,
      error: { code: 'STARTS_IN_PAST' },
    });
  });

  it('shares that are missing or do not add up to 100%, and a kind of unit without an amount', async () => {
    expect(await refused(dues({ allocation: 'share', amountCents: 1_000_000 }))).toMatchObject({
      status: 422,
      error: { code: 'SHARES_MISSING' },
    });
    const all = Object.values(unitIds);
    await t.database.db.update(units).set({ shareBp: 2_000 }).where(eq(units.propertyId, birchId));
    const short = await refused(dues({ allocation: 'share', amountCents: 1_000_000 }));
    expect(short).toMatchObject({ status: 422, error: { code: 'SHARES_DO_NOT_ADD_UP' } });
    expect(short.error.fields?.allocation).toContain('80.00%');
    await t.database.db.update(units).set({ shareBp: 2_500 }).where(eq(units.propertyId, birchId));
    expect(all).toHaveLength(4);
    const byShare = await as(
      'manager',
      'POST',
      `${finance()}/assessments`,
      dues({
        name: 'Insurance by share',
        allocation: 'share',
        amountCents: 100_001,
        frequency: 'yearly',
      }),
    );
    expect(byShare.statusCode, byShare.body).toBe(201);
    expect(byShare.json().nextTotalCents).toBe(100_001);
    expect(
      await refused(dues({ allocation: 'by_kind', amountCents: undefined, kindAmounts: { home: 30_000 } })),
    ).toMatchObject({ status: 422, error: { code: 'KIND_WITHOUT_AMOUNT' } });
    const byKind = await as(
      'manager',
      'POST',
      `${finance()}/assessments`,
      dues({
        name: 'Dues by kind',
        allocation: 'by_kind',
        amountCents: undefined,
        kindAmounts: { home: 30_000, condo: 20_000 },
      }),
    );
    expect(byKind.statusCode, byKind.body).toBe(201);
    expect(byKind.json().nextTotalCents).toBe(3 * 30_000 + 20_000);
  });

  it('an income account of the reserve fund or not an income account', async () => {
    const books = await balances();
    expect(await refused(dues({ incomeAccountId: books.reserve_contribution_income!.id }))).toMatchObject({
      status: 422,
      error: { code: 'FUND_NOT_BILLED' },
    });
    expect(await refused(dues({ incomeAccountId: books.operating_cash!.id }))).toMatchObject({
      status: 422,
      error: { code: 'NOT_INCOME' },
    });
  });
});

describe('a special assessment in California', () => {
  const roof = (overrides: object = {}) =>
    dues({
      name: 'Roof replacement',
      kind: 'special',
      frequency: 'quarterly',
      dueDay: 1,
      installments: 3,
      amountCents: 100_000,
      adoptedBy: 'Board resolution 2026-07',
      ...overrides,
    });

  it('needs an adopted budget to measure the board’s limit against, naming the statute', async () => {
    const response = await as('manager', 'POST', `${finance()}/assessments`, roof());
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('SPECIAL_ASSESSMENT_NEEDS_BUDGET');
    expect(response.json().error.message).toContain('Cal. Civ. Code §5605');
  });

  it('within 5% of budgeted expenses the board levies it; beyond, the members must vote; an emergency is recorded', async () => {
    const books = await balances();
    const year = Number(monthStart(1).slice(0, 4));
    // $1,000,000.00 of budgeted expenses: the board alone may levy $50,000.00 in the year.
    const saved = await as('manager', 'PUT', `${finance()}/budgets/${year}`, {
      lines: [
        { accountId: books.insurance_expense!.id, months: Array.from({ length: 12 }, () => 5_000_000) },
        { accountId: books.repairs_expense!.id, months: Array.from({ length: 12 }, () => 3_333_333) },
        { accountId: books.assessment_income!.id, months: Array.from({ length: 12 }, () => 9_000_000) },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Budget).totals[0]).toMatchObject({ expenseCents: 99_999_996 });
    const notAdopted = await as('manager', 'POST', `${finance()}/assessments`, roof());
    expect(notAdopted.json().error.code).toBe('SPECIAL_ASSESSMENT_NEEDS_BUDGET');
    const adopted = await as('manager', 'POST', `${finance()}/budgets/${year}/adopt`, {
      adoptedBy: 'Board meeting of 12 November',
    });
    expect(adopted.statusCode, adopted.body).toBe(200);
    expect(
      (await as('manager', 'PUT', `${finance()}/budgets/${year}`, { lines: [] })).json().error.code,
    ).toBe('BUDGET_ADOPTED');

    // $1,000.00 from each of 4 units: $4,000.00, within the limit ($49,999.99).
    const levied = await as('manager', 'POST', `${finance()}/assessments`, roof());
    expect(levied.statusCode, levied.body).toBe(201);
    const special = levied.json() as AssessmentSchedule;
    expect(special).toMatchObject({
      installments: 3,
      nextTotalCents: 4 * 33_334,
      incomeAccount: { fund: 'special' },
    });

    const tooMuch = await as('manager', 'POST', `${finance()}/assessments`, roof({ amountCents: 1_200_000 }));
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error).toMatchObject({ code: 'SPECIAL_ASSESSMENT_NEEDS_VOTE' });
    expect(tooMuch.json().error.message).toContain('$52,000.00');
    expect(tooMuch.json().error.message).toContain('Cal. Civ. Code §5605');
    const emergency = await as(
      'manager',
      'POST',
      `${finance()}/assessments`,
      roof({
        name: 'Storm damage',
        amountCents: 1_200_000,
        emergencyFinding: 'Storm of 3 January: roof open to the weather (board finding, §5610)',
      }),
    );
    expect(emergency.statusCode, emergency.body).toBe(201);

    // Its three installments post in the special fund: $333.34, $333.33, $333.33 per unit.
    const through = lastDay(monthStart(7));
    const preview = (
      await as('manager', 'GET', `${finance()}/assessments/preview?through=${through}`)
    ).json() as ChargePreview;
    const roofGroups = preview.groups.filter((group) => group.scheduleId === special.id);
    expect(roofGroups.map((group) => [group.installment, group.totalCents])).toEqual([
      [1, 4 * 33_334],
      [2, 4 * 33_333],
      [3, 4 * 33_333],
    ]);
  });
});

describe('one-off charges', () => {
  it('a key fob fee to a unit, posted today, on its account', async () => {
    const response = await as('manager', 'POST', `${finance()}/charges`, {
      unitId: unitIds.A2,
      kind: 'fee',
      description: 'Replacement key fob',
      amountCents: 2_500,
      dueOn: today,
    });
    expect(response.statusCode, response.body).toBe(201);
    const charge = response.json() as Charge;
    expect(charge).toMatchObject({
      unit: { label: 'A2' },
      kind: 'fee',
      postedOn: today,
      incomeAccount: { code: '4300' },
      scheduleId: null,
    });
    const ledger = await ledgerOf('A2');
    expect(ledger.lines.find((line) => line.charge?.id === charge.id)).toMatchObject({ amountCents: 2_500 });
  });

  it('refuses a unit of another association, a due date past, and amounts that are not whole cents', async () => {
    const base = { unitId: unitIds.A2, kind: 'fee', description: 'Fob', amountCents: 2_500, dueOn: today };
    const [willow] = await t.database.db
      .select({ id: units.id })
      .from(units)
      .where(sql`${units.propertyId} <> ${birchId}`)
      .limit(1);
    const foreign = await as('manager', 'POST', `${finance()}/charges`, { ...base, unitId: willow!.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields.unitId).toBe('Choose a unit of this association');
    expect(
      (await as('manager', 'POST', `${finance()}/charges`, { ...base, dueOn: '2020-01-01' })).statusCode,
    ).toBe(422);
    expect(
      (await as('manager', 'POST', `${finance()}/charges`, { ...base, amountCents: -5 })).statusCode,
    ).toBe(400);
    expect(
      (await as('manager', 'POST', `${finance()}/charges`, { ...base, amountCents: 0.5 })).statusCode,
    ).toBe(400);
    expect((await as('manager', 'POST', `${finance()}/charges`, { ...base, kind: 'fine' })).statusCode).toBe(
      400,
    );
  });
});

describe('who may', () => {
  it('the board reads but does not bill; residents, vendors and other managers get nothing', async () => {
    expect((await as('board', 'GET', `${finance()}/units/${unitIds.A1}/ledger`)).statusCode).toBe(200);
    expect((await as('board', 'POST', `${finance()}/assessments`, dues())).statusCode).toBe(403);
    expect((await as('resident', 'GET', `${finance()}/assessments`)).statusCode).toBe(403);
    expect((await as('manager2', 'GET', `${finance()}/assessments`)).statusCode).toBe(404);
    expect((await as('manager2', 'GET', `${finance()}/units/${unitIds.A1}/ledger`)).statusCode).toBe(404);
  });

  it('the audit trail names who made and ended schedules and adopted the budget', async () => {
    const response = await as('admin', 'GET', `/api/audit-events?propertyId=${birchId}&limit=100`);
    expect(response.statusCode, response.body).toBe(200);
    const entities = (response.json().events as { entity: string; action: string }[]).map(
      (event) => `${event.entity} ${event.action}`,
    );
    expect(entities).toEqual(
      expect.arrayContaining([
        'assessment_schedules insert',
        'assessment_schedules update',
        'budgets update',
      ]),
    );
  });
});
