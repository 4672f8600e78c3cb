import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Charge, ChargePage, LateFeeRuleInput, LateFeeState, UnitLedger } from '@commonwise/contracts';
import { charges, jobRuns, properties, units } from '../../db/schema/index.ts';
import { makeAssociation } from '../../test/fixtures/association.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { insertCharges, postingAccounts } from './charges.ts';
import { lateFeeFor, monthlyInterest, postLateCharges } from './late-fees.service.ts';

/**
 * Late fees and interest (issue 20, item 3): a rule above California's caps is refused naming the
 * statute; late charges are charged their fee once on the first late day (and interest once a month
 * after 30 days), by the 02:00 run however often it runs; paid charges and fines are never charged;
 * the board or a manager waives a fee with a reason, visibly. Made in a new association (Dogwood Green,
 * California) that manager@ manages and board@ sits on.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let dogwoodId: string;
let today: string;
const unitIds: Record<string, string> = {};

const as = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });
const finance = () => `/api/properties/${dogwoodId}/finance`;
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const californiaRule: LateFeeRuleInput = {
  graceDays: 15,
  percentBp: 1_000,
  minCents: 1_000,
  basis: 'per_charge',
  interestAprBp: 1_200,
  interestFromDays: 30,
  appliesTo: ['assessment', 'special_assessment'],
  authority: 'CC&Rs §6.4',
  effectiveFrom: '2020-01-01',
};

/** A charge posted now but due on a day in the past, as last month's assessment would be. */
async function pastCharge(
  label: string,
  dueOn: string,
  amountCents: number,
  kind: Charge['kind'] = 'assessment',
) {
  return t.database.db.transaction(async (tx) => {
    const accounts = await postingAccounts(tx, dogwoodId, kind, undefined);
    const [id] = await insertCharges(
      tx,
      dogwoodId,
      accounts,
      [{ unitId: unitIds[label]!, kind, description: `Dues due ${dueOn}`, dueOn, amountCents }],
      today,
      null,
    );
    return id!;
  });
}

const runOn = (day: string) => t.database.db.transaction((tx) => postLateCharges(tx, dogwoodId, 'CA', day));

async function lateChargesOf(chargeId: string) {
  return t.database.db.select().from(charges).where(eq(charges.lateChargeId, chargeId));
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'board', 'resident'] as const) cookies[who] = await t.cookieFor(who);
  ({ id: dogwoodId } = await makeAssociation(t, {
    name: 'Dogwood Green',
    jurisdiction: 'CA',
    timeZone: 'America/Los_Angeles',
  }));
  const db = t.database.db;
  for (const label of ['D1', 'D2', 'D3', 'D4']) {
    const [unit] = await db
      .insert(units)
      .values({ propertyId: dogwoodId, label, createdAt: new Date('2020-01-01') })
      .returning({ id: units.id });
    unitIds[label] = unit!.id;
  }
  today = ((await as('manager', 'GET', `${finance()}/assessments`)).json() as { today: string }).today;
});

afterAll(async () => {
  await t?.close();
});

describe("the rule, against California's caps", () => {
  const save = (rule: object) =>
    as('manager', 'PUT', `${finance()}/late-fees`, { ...californiaRule, ...rule });

  it('refuses a late fee above the greater of 10% or $10, naming the statute', async () => {
    const high = await save({ percentBp: 1_500 });
    expect(high.statusCode).toBe(422);
    expect(high.json().error).toMatchObject({
      code: 'LATE_FEE_EXCEEDS_CAP',
      message: 'Late fee exceeds the cap (Cal. Civ. Code §5650(b))',
      fields: { percentBp: 'Late fee exceeds the cap (Cal. Civ. Code §5650(b))' },
    });
    // $25 flat is above the cap on any installment under $250.
    expect(
      (await save({ percentBp: undefined, minCents: undefined, fixedCents: 2_500 })).json().error.code,
    ).toBe('LATE_FEE_EXCEEDS_CAP');
    // A minimum above $10 breaks the cap on small installments.
    expect((await save({ minCents: 1_500 })).json().error.code).toBe('LATE_FEE_EXCEEDS_CAP');
    // 15% capped at $10 never exceeds "the greater of 10% or $10".
    expect((await save({ percentBp: 1_500, minCents: undefined, maxCents: 1_000 })).statusCode).toBe(200);
  });

  it('refuses interest above 12% a year, and fees on fines (§5850)', async () => {
    const interest = await save({ interestAprBp: 1_800 });
    expect(interest.json().error).toMatchObject({ code: 'INTEREST_EXCEEDS_CAP' });
    expect(interest.json().error.message).toContain('Cal. Civ. Code §5650(b)');
    const fines = await save({ appliesTo: ['assessment', 'fine'] });
    expect(fines.json().error).toMatchObject({ code: 'NO_FEES_ON_FINES' });
    expect(fines.json().error.message).toContain('§5850');
    expect((await save({ graceDays: -1 })).statusCode).toBe(400);
    expect((await save({ percentBp: 12.5 })).statusCode).toBe(400);
    expect((await as('board', 'PUT', `${finance()}/late-fees`, californiaRule)).statusCode).toBe(403);
  });

  it('keeps every version, the newest in force, with what the state says', async () => {
    const saved = await save({});
    expect(saved.statusCode, saved.body).toBe(200);
    const state = saved.json() as LateFeeState;
    expect(state.current).toMatchObject({ version: 2, percentBp: 1_000, minCents: 1_000, graceDays: 15 });
    expect(state.history.map((rule) => rule.version)).toEqual([2, 1]);
    expect(state.limits.lateFee.statute).toBe('Cal. Civ. Code §5650(b)');
    expect(state.limits.fines.statute).toContain('§5850');
  });
});

describe('the nightly run', () => {
  it('charges 10% (at least $10) on the first late day, once, and nothing before', async () => {
    const dueOn = addDays(today, -15);
    const late = await pastCharge('D1', dueOn, 32_550);
    expect(await runOn(addDays(dueOn, 14))).toMatchObject({ fees: 0, interest: 0 });
    expect(await runOn(addDays(dueOn, 15))).toMatchObject({ fees: 1, interest: 0, totalCents: 3_255 });
    expect(await runOn(addDays(dueOn, 15))).toMatchObject({ fees: 0 });
    expect(await runOn(addDays(dueOn, 16))).toMatchObject({ fees: 0 });
    const [fee] = await lateChargesOf(late);
    expect(fee).toMatchObject({
      kind: 'late_fee',
      amountCents: 3_255,
      description: `Late fee: Dues due ${dueOn}`,
    });
    expect(lateFeeFor({ fixedCents: null, percentBp: 1_000, minCents: 1_000, maxCents: null }, 5_000)).toBe(
      1_000,
    );
  });

  it('charges a month of simple interest once a month from 30 days late, on what is still owed', async () => {
    const dueOn = addDays(today, -40);
    const late = await pastCharge('D2', dueOn, 32_550);
    const day = addDays(dueOn, 31);
    expect(await runOn(day)).toMatchObject({ fees: 1, interest: 1 });
    expect(await runOn(day)).toMatchObject({ fees: 0, interest: 0 });
    const interest = (await lateChargesOf(late)).find((charge) => charge.kind === 'interest');
    // 12% a year on $325.50 for a month: $3.255, rounded half up.
    expect(interest!.amountCents).toBe(326);
    expect(monthlyInterest(32_550, 1_200)).toBe(326);
    // Never on the late fee or on interest themselves.
    const feeIds = (await lateChargesOf(late)).map((charge) => charge.id);
    for (const id of feeIds) expect(await lateChargesOf(id)).toEqual([]);
  });

  it('never charges a paid charge, or a unit that paid ahead', async () => {
    const dueOn = addDays(today, -20);
    const paid = await pastCharge('D3', dueOn, 10_000);
    const payment = await as('manager', 'POST', `${finance()}/payments`, {
      unitId: unitIds.D3,
      method: 'cash',
      amountCents: 10_000,
      receivedOn: today,
    });
    expect(payment.statusCode, payment.body).toBe(201);
    await runOn(today);
    expect(await lateChargesOf(paid)).toEqual([]);
  });

  it('never charges a fine in California, even under a rule saved before the state was set', async () => {
    await t.database.db.update(properties).set({ jurisdiction: 'none' }).where(eq(properties.id, dogwoodId));
    const saved = await as('manager', 'PUT', `${finance()}/late-fees`, {
      ...californiaRule,
      appliesTo: ['assessment', 'fine'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.database.db.update(properties).set({ jurisdiction: 'CA' }).where(eq(properties.id, dogwoodId));
    const fine = await pastCharge('D4', addDays(today, -20), 10_000, 'fine');
    await runOn(today);
    expect(await lateChargesOf(fine)).toEqual([]);
  });

  it('runs at 02:00 local time from the schedule, once however often the clock ticks', async () => {
    const dueOn = addDays(today, -16);
    const late = await pastCharge('D4', dueOn, 20_000);
    const tick = new Date(`${addDays(today, 1)}T11:00:00Z`);
    await Promise.all([t.app.schedules.fireDue(tick), t.app.schedules.fireDue(tick)]);
    await t.app.jobs.runDue(100);
    await t.app.jobs.runDue(100);
    const runs = await t.database.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.schedule, 'finance.late-fees'), eq(jobRuns.propertyId, dogwoodId)));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'succeeded' });
    expect((await lateChargesOf(late)).filter((charge) => charge.kind === 'late_fee')).toHaveLength(1);
  });
});

describe('waiving', () => {
  it('the board waives a late fee with a reason: reversed visibly, no longer owed, once', async () => {
    await pastCharge('D1', addDays(today, -15), 30_000);
    await runOn(today);
    const page = (
      await as('board', 'GET', `${finance()}/charges?unitId=${unitIds.D1}&limit=100`)
    ).json() as ChargePage;
    const lateFee = page.charges.find((charge) => charge.kind === 'late_fee' && charge.openCents > 0)!;
    const before = (
      (await as('board', 'GET', `${finance()}/units/${unitIds.D1}/ledger`)).json() as UnitLedger
    ).balanceCents;
    const waived = await as('board', 'POST', `${finance()}/charges/${lateFee.id}/waive`, {
      reason: 'First late payment in ten years',
    });
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json()).toMatchObject({
      openCents: 0,
      waived: { reason: 'First late payment in ten years' },
    });
    const ledger = (await as('board', 'GET', `${finance()}/units/${unitIds.D1}/ledger`)).json() as UnitLedger;
    expect(ledger.balanceCents).toBe(before - lateFee.amountCents);
    expect(ledger.lines[0]).toMatchObject({
      memo: 'Waived: First late payment in ten years',
      amountCents: -lateFee.amountCents,
      reversesEntryId: lateFee.journalEntryId,
    });
    const again = await as('manager', 'POST', `${finance()}/charges/${lateFee.id}/waive`, {
      reason: 'Again',
    });
    expect(again.json().error.code).toBe('ALREADY_WAIVED');
    expect(
      (await as('resident', 'POST', `${finance()}/charges/${lateFee.id}/waive`, { reason: 'Mine' }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a charge part of which has been paid', async () => {
    const [unit] = await t.database.db
      .insert(units)
      .values({ propertyId: dogwoodId, label: 'D5' })
      .returning({ id: units.id });
    unitIds.D5 = unit!.id;
    const charge = await pastCharge('D5', today, 5_000);
    const paid = await as('manager', 'POST', `${finance()}/payments`, {
      unitId: unitIds.D5,
      method: 'cash',
      amountCents: 100,
      receivedOn: today,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const response = await as('manager', 'POST', `${finance()}/charges/${charge}/waive`, {
      reason: 'Goodwill',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('CHARGE_PAID');
  });
});
