import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionCaseDetail, CollectionPolicyInput, CollectionsState } from '@commonwise/contracts';
import { letters, payments, profiles, unitOwnerships } from '../../db/schema/index.ts';
import { makeAssociation } from '../../test/fixtures/association.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { insertCharges, postingAccounts } from './charges.ts';
import { runCollections } from './collections.service.ts';
import { settlePayment } from './payments.service.ts';

/**
 * Collections (issue 20, item 8): a policy's pre-lien notice shorter than California's 30 days is
 * refused naming §5660; the nightly run moves each delinquent unit one stage a night with a draft letter
 * for the amount past due, waits for the board's recorded decision where the policy needs one, pauses
 * under a payment plan and resumes when an instalment is missed, closes a paid case, can be previewed,
 * and the latest run can be undone until one of its letters is sent. Made in a new California
 * association (Elm Court) that manager@ manages and board@ sits on.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let elmId: string;
let unitIds: Record<string, string>;
let today: string;

const as = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });
const collections = () => `/api/properties/${elmId}/finance/collections`;
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const policy: CollectionPolicyInput = {
  active: true,
  stages: [
    { kind: 'reminder', daysPastDue: 15, minBalanceCents: 1, cureDays: 10, requiresDecision: false },
    { kind: 'notice', daysPastDue: 45, minBalanceCents: 10_000, cureDays: 15, requiresDecision: false },
    { kind: 'pre_lien', daysPastDue: 75, minBalanceCents: 30_000, cureDays: 30, requiresDecision: false },
    { kind: 'referral', daysPastDue: 120, minBalanceCents: 50_000, cureDays: 30, requiresDecision: true },
  ],
};

async function owed(label: string, dueOn: string, amountCents: number) {
  await t.database.db.transaction(async (tx) =>
    insertCharges(
      tx,
      elmId,
      await postingAccounts(tx, elmId, 'assessment', undefined),
      [{ unitId: unitIds[label]!, kind: 'assessment', description: `Dues due ${dueOn}`, dueOn, amountCents }],
      today,
      null,
    ),
  );
}

async function paid(label: string, amountCents: number) {
  await t.database.db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        propertyId: elmId,
        unitId: unitIds[label]!,
        method: 'check',
        provider: 'manual',
        status: 'pending',
        amountCents,
        receivedOn: today,
      })
      .returning();
    await settlePayment(tx, payment!, 'none', today, null);
  });
}

/** The unit's drafted letters are approved where they need it and sent (as Letters records it), today. */
async function sendLetters(label: string) {
  const now = new Date();
  await t.database.db
    .update(letters)
    .set({
      status: 'sent',
      sentAt: now,
      approvedAt: sql`case when ${letters.requiresApproval} then ${now.toISOString()}::timestamptz end`,
    })
    .where(and(eq(letters.unitId, unitIds[label]!), inArray(letters.status, ['draft', 'approved'])));
}

const runOn = (day: string) =>
  t.database.db.transaction((tx) => runCollections(tx, t.app.storage, elmId, day));
const state = async () => (await as('manager', 'GET', collections())).json() as CollectionsState;
const caseOf = async (label: string) => (await state()).cases.find((row) => row.unit.label === label)!;
const detail = async (caseId: string) =>
  (await as('manager', 'GET', `${collections()}/cases/${caseId}`)).json() as CollectionCaseDetail;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'board', 'resident'] as const) cookies[who] = await t.cookieFor(who);
  ({ id: elmId, unitIds } = await makeAssociation(t, {
    name: 'Elm Court',
    jurisdiction: 'CA',
    timeZone: 'America/Los_Angeles',
    unitLabels: ['E1', 'E2', 'E3', 'E4', 'E5'],
  }));
  const [owner] = await t.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.email, 'resident@commonwise.test'));
  for (const label of ['E1', 'E2', 'E3', 'E5'])
    await t.database.db
      .insert(unitOwnerships)
      .values({ unitId: unitIds[label]!, userId: owner!.id, startsOn: '2020-01-01', isPrimary: true });
  today = (
    (await as('manager', 'GET', `/api/properties/${elmId}/finance/assessments`)).json() as {
      today: string;
    }
  ).today;
});

afterAll(async () => {
  await t?.close();
});

describe('the policy', () => {
  const save = (who: string, body: object) => as(who, 'PUT', `${collections()}/policy`, body);

  it("refuses a pre-lien notice shorter than California's 30 days, naming §5660", async () => {
    const stages = policy.stages.map((stage) =>
      stage.kind === 'pre_lien' ? { ...stage, cureDays: 20 } : stage,
    );
    const response = await save('manager', { ...policy, stages });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'LIEN_NOTICE_TOO_SHORT',
      fields: { 'stages.2.cureDays': expect.stringContaining('§5660') },
    });
    expect(response.json().error.message).toContain('give at least 30 days');
  });

  it('refuses a referral the board does not decide, and stages out of order', async () => {
    const referral = await save('manager', {
      ...policy,
      stages: policy.stages.map((stage) => ({ ...stage, requiresDecision: false })),
    });
    expect(referral.statusCode).toBe(422);
    expect(referral.json().error.code).toBe('DECISION_REQUIRED');
    const order = await save('manager', { ...policy, stages: [...policy.stages].reverse() });
    expect(order.statusCode).toBe(400);
    expect(order.json().error.fields['stages.1.daysPastDue']).toBe(
      'Each stage comes more days past due than the one before',
    );
  });

  it('is kept by managers, read by the board, unseen by residents', async () => {
    expect((await save('board', policy)).statusCode).toBe(403);
    expect((await as('resident', 'GET', collections())).statusCode).toBe(403);
    const saved = await save('manager', policy);
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as CollectionsState).policy).toMatchObject({
      ...policy,
      updatedByName: expect.any(String),
    });
    const read = await as('board', 'GET', collections());
    expect(read.statusCode).toBe(200);
    expect((read.json() as CollectionsState).limits.preLienNoticeDays).toMatchObject({
      days: 30,
      statute: expect.stringContaining('5660'),
    });
  });
});

describe('the nightly run', () => {
  it('previews, then opens a case at the first stage with a draft letter for what is past due', async () => {
    await owed('E1', addDays(today, -20), 35_000);
    await owed('E4', addDays(today, 100), 35_000); // not due yet: nothing
    const preview = await state();
    expect(preview.nextRun.actions.map((action) => [action.kind, action.unit.label, action.stage])).toEqual([
      ['open', 'E1', null],
      ['advance', 'E1', 0],
    ]);
    const outcome = await runOn(today);
    expect(outcome).toMatchObject({ actions: 2, letters: 1 });
    const opened = await caseOf('E1');
    expect(opened).toMatchObject({ status: 'open', stage: 0, pastDueCents: 35_000, daysPastDue: 20 });
    const history = await detail(opened.id);
    const letterId = history.events.find((event) => event.kind === 'advanced')!.letterId!;
    const [letter] = await t.database.db.select().from(letters).where(eq(letters.id, letterId));
    expect(letter).toMatchObject({ status: 'draft', kind: 'collection_notice' });
    expect(letter!.title).toBe('Reminder: your account with Elm Court is past due');
    expect(letter!.body).toContain('$350.00 past due on the account of unit E1');
    // Run again the same day: the owner has the reminder's ten days first.
    expect((await runOn(today)).runId).toBeNull();
  });

  it('moves one stage a night once the time to pay has passed since the letter was sent, and a run can be undone', async () => {
    const before = await caseOf('E1');
    // The reminder is still a draft: the owner has not been told, so the case waits, and says so.
    expect(before.letterToSend).toMatchObject({ status: 'draft' });
    expect((await runOn(addDays(today, 30))).runId).toBeNull();
    await sendLetters('E1');
    expect((await caseOf('E1')).letterToSend).toBeNull();
    // 50 days late by then, $350 past due: the notice (45 days, $100) is next.
    const run = await runOn(addDays(today, 30));
    expect(run.letters).toBe(1);
    expect((await caseOf('E1')).stage).toBe(1);
    const undo = await as('manager', 'POST', `${collections()}/runs/${run.runId}/rollback`);
    expect(undo.statusCode).toBe(200);
    const after = undo.json() as CollectionsState;
    expect(after.cases.find((row) => row.id === before.id)!.stage).toBe(0);
    expect(after.runs.find((row) => row.id === run.runId)).toMatchObject({
      rolledBackAt: expect.any(String),
      canRollBack: false,
    });
    const cancelled = (await detail(before.id)).events.find(
      (event) => event.kind === 'advanced' && event.runId === run.runId,
    )!;
    expect(cancelled.letterStatus).toBe('cancelled');
    expect(
      (await as('manager', 'POST', `${collections()}/runs/${run.runId}/rollback`)).json().error.code,
    ).toBe('ALREADY_ROLLED_BACK');
  });

  it('cannot undo a run once one of its letters is sent', async () => {
    const run = await runOn(addDays(today, 30));
    expect(run.letters).toBe(1);
    const sent = (await detail((await caseOf('E1')).id)).events.find((event) => event.runId === run.runId)!;
    await t.database.db
      .update(letters)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(letters.id, sent.letterId!));
    const undo = await as('manager', 'POST', `${collections()}/runs/${run.runId}/rollback`);
    expect(undo.statusCode).toBe(409);
    expect(undo.json().error.code).toBe('LETTER_SENT');
    expect((await state()).runs.find((row) => row.id === run.runId)!.canRollBack).toBe(false);
  });

  it("never passes a stage that needs the board's decision until one is recorded", async () => {
    await owed('E2', addDays(today, -150), 80_000);
    // Three nights, each past the previous letter's time to pay: reminder, notice, pre-lien.
    const runIds: string[] = [];
    // (Runs go forward in time: these nights come after the +30 of the tests above.)
    for (const [night, stage] of [
      [30, 0],
      [41, 1],
      [57, 2],
    ] as const) {
      runIds.push((await runOn(addDays(today, night))).runId!);
      expect((await caseOf('E2')).stage).toBe(stage);
      await sendLetters('E2');
    }
    // The first of those runs cannot be undone while the later ones that moved the same case stand.
    const early = await as('manager', 'POST', `${collections()}/runs/${runIds[0]}/rollback`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('LATER_RUN');
    await runOn(addDays(today, 88));
    const held = await caseOf('E2');
    expect(held).toMatchObject({ stage: 2, awaitingDecision: 3 });
    expect((await detail(held.id)).events[0]).toMatchObject({ kind: 'held', stage: 3 });
    // A second night does not repeat the hold.
    expect((await runOn(addDays(today, 89))).runId).toBeNull();

    const decide = (who: string, body: object) =>
      as(who, 'POST', `${collections()}/cases/${held.id}/decisions`, {
        stage: 3,
        outcome: 'proceed',
        decidedOn: today,
        meeting: 'Board meeting (executive session)',
        ...body,
      });
    expect((await decide('resident', {})).statusCode).toBe(403);
    expect((await decide('board', { decidedOn: addDays(today, 1) })).json().error.code).toBe(
      'DECIDED_IN_FUTURE',
    );
    expect((await decide('board', { stage: 1 })).json().error.code).toBe('NO_DECISION_NEEDED');
    expect((await decide('board', { meeting: ' ' })).statusCode).toBe(400);
    const decided = await decide('board', {});
    expect(decided.statusCode).toBe(200);
    expect((decided.json() as CollectionCaseDetail).events[0]).toMatchObject({
      kind: 'decision',
      stage: 3,
      decision: { outcome: 'proceed', decidedOn: today, meeting: 'Board meeting (executive session)' },
      byName: expect.any(String),
    });
    await runOn(addDays(today, 90));
    expect(await caseOf('E2')).toMatchObject({ stage: 3, awaitingDecision: null });
  });
});

describe('payment plans', () => {
  it('pause a case, and a missed instalment resumes it', async () => {
    await owed('E3', addDays(today, -20), 60_000);
    await runOn(addDays(today, 90));
    const open = await caseOf('E3');
    expect(open.stage).toBe(0);
    const agree = (body: object) =>
      as('manager', 'POST', `${collections()}/cases/${open.id}/payment-plan`, {
        instalmentCents: 20_000,
        count: 3,
        firstDueOn: addDays(today, 95),
        terms: 'Three monthly payments by check',
        ...body,
      });
    expect((await agree({ firstDueOn: addDays(today, -1) })).json().error.code).toBe('FIRST_DUE_PASSED');
    expect((await agree({ count: 1 })).statusCode).toBe(400);
    const agreed = await agree({});
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json()).toMatchObject({
      status: 'paused',
      plan: { status: 'active', nextDueOn: addDays(today, 95), paidCents: 0 },
    });
    expect((await agree({})).json().error.code).toBe('PLAN_ACTIVE');

    // Paused: before the first instalment its stage does not move (only the plan is looked at).
    expect((await runOn(addDays(today, 94))).runId).toBeNull();
    // The first instalment is paid; the second (a month later) is not.
    await paid('E3', 20_000);
    expect((await caseOf('E3')).plan).toMatchObject({ paidCents: 20_000 });
    const beforeSecond = await runOn(addDays(today, 110));
    expect(beforeSecond.runId).toBeNull();
    await runOn(addDays(today, 130));
    const resumed = await detail(open.id);
    expect(resumed).toMatchObject({ status: 'open', plan: { status: 'missed' } });
    expect(resumed.events[0]).toMatchObject({ kind: 'plan_missed' });
  });

  it('a case closes once nothing is past due', async () => {
    await paid('E3', 40_000);
    const run = await runOn(addDays(today, 131));
    expect(run.actions).toBe(1);
    const closed = await detail((await caseOf('E3')).id);
    expect(closed).toMatchObject({ status: 'closed', pastDueCents: 0 });
    expect(closed.events[0]!.summary).toBe('Unit E3: nothing is past due; the case closes.');
  });
});

describe('what the run refuses', () => {
  it('holds a unit whose letter cannot be made, and moves the others', async () => {
    const published = await as('manager', 'POST', `/api/properties/${elmId}/letter-templates`, {
      key: 'collection-reminder',
      kind: 'collection_notice',
      title: 'Reminder, unit {{unit.label}}',
      body: 'Dear {{owner.name}}, {{rule.text}} Please pay {{amount.due}}.',
    });
    expect(published.statusCode, published.body).toBe(201);
    await owed('E5', addDays(today, -30), 10_000);
    const run = await runOn(addDays(today, 140));
    expect(run.summary).toContain(
      'Not moved: Unit E5: its letter "collection-reminder" (version 1) could not be made: This template uses {{rule.text}}',
    );
    // The case is open, at no stage yet: the next run tries again (once the template is fixed).
    expect(await caseOf('E5')).toMatchObject({ status: 'open', stage: null });
  });
  it('does not run a day before one already run', async () => {
    const run = await runOn(addDays(today, 139));
    expect(run).toMatchObject({ runId: null, actions: 0 });
    expect(run.summary).toMatch(/^Not run: .* has been run already\.$/);
  });
});
