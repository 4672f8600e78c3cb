import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CollectionCaseDetail,
  CollectionPolicyInput,
  CollectionsState,
  DecisionItem,
  DecisionList,
} from '@commonwise/contracts';
import {
  collectionEvents,
  committeeMembers,
  committees,
  decisionItems,
  letters,
  payments,
  profiles,
  unitOwnerships,
} from '../../db/schema/index.ts';
import { makeAssociation } from '../../test/fixtures/association.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { openDecisionItem } from '../decisions/open-item.ts';
import { insertCharges, postingAccounts } from './charges.ts';
import { runCollections } from './collections.service.ts';
import { settlePayment } from './payments.service.ts';

/**
 * Collections steps as decision items (issue 22 item 5; decisions 0054 and 0060). In a new Texas
 * association (Cedar Close: manager@ manages it, board@ is its one director, so board@'s vote carries),
 * four units fall behind and are held before the referral, which needs the board's decision: each gets
 * one item — never two, however often the run runs or crashes. The board votes to proceed on C1 (the
 * case moves the next night); the manager records a hold on C2's case (its item is withdrawn, saying
 * so); C3 pays (its case closes, the item is withdrawn); C4's owner agrees a plan (withdrawn), misses it
 * (the board is asked again) and the board holds it at a meeting. Yew Lane has no board: the run holds
 * and tells, as before.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let cedar: { id: string; unitIds: Record<string, string> };
let today: string;

const as = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const collections = (propertyId = cedar.id) => `/api/properties/${propertyId}/finance/collections`;
const itemUrl = (itemId: string) => `/api/properties/${cedar.id}/decisions/${itemId}`;

const policy: CollectionPolicyInput = {
  active: true,
  stages: [
    { kind: 'reminder', daysPastDue: 15, minBalanceCents: 0, cureDays: 10, requiresDecision: false },
    { kind: 'referral', daysPastDue: 30, minBalanceCents: 10_000, cureDays: 30, requiresDecision: true },
  ],
};

async function owed(propertyId: string, unitId: string, dueOn: string, amountCents: number) {
  await t.database.db.transaction(async (tx) =>
    insertCharges(
      tx,
      propertyId,
      await postingAccounts(tx, propertyId, 'assessment', undefined),
      [{ unitId, kind: 'assessment', description: `Dues due ${dueOn}`, dueOn, amountCents }],
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
        propertyId: cedar.id,
        unitId: cedar.unitIds[label]!,
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

/** Every draft the run made at Cedar Close is sent today (as Letters records it). */
async function sendLetters() {
  const now = new Date();
  await t.database.db
    .update(letters)
    .set({
      status: 'sent',
      sentAt: now,
      approvedAt: sql`case when ${letters.requiresApproval} then ${now.toISOString()}::timestamptz end`,
    })
    .where(and(eq(letters.propertyId, cedar.id), inArray(letters.status, ['draft', 'approved'])));
}

const runOn = (day: string, propertyId = cedar.id) =>
  t.database.db.transaction((tx) => runCollections(tx, t.app.storage, propertyId, day));
const caseOf = async (label: string) =>
  ((await as('manager', 'GET', collections())).json() as CollectionsState).cases.find(
    (row) => row.unit.label === label,
  )!;
const detail = async (caseId: string) =>
  (await as('manager', 'GET', `${collections()}/cases/${caseId}`)).json() as CollectionCaseDetail;
/** The items of a case, oldest first, as the database holds them. */
const itemsOf = (caseId: string) =>
  t.database.db
    .select()
    .from(decisionItems)
    .where(eq(decisionItems.collectionCaseId, caseId))
    .orderBy(asc(decisionItems.createdAt));
const openItems = () =>
  t.database.db
    .select()
    .from(decisionItems)
    .where(and(eq(decisionItems.propertyId, cedar.id), eq(decisionItems.status, 'open')));

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'board', 'resident'] as const) cookies[who] = await t.cookieFor(who);
  cedar = await makeAssociation(t, {
    name: 'Cedar Close',
    jurisdiction: 'TX',
    timeZone: 'America/Chicago',
    unitLabels: ['C1', 'C2', 'C3', 'C4'],
  });
  const [owner] = await t.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.email, 'resident@commonwise.test'));
  for (const unitId of Object.values(cedar.unitIds))
    await t.database.db
      .insert(unitOwnerships)
      .values({ unitId, userId: owner!.id, startsOn: '2020-01-01', isPrimary: true });
  today = (
    (await as('manager', 'GET', `/api/properties/${cedar.id}/finance/assessments`)).json() as {
      today: string;
    }
  ).today;
  const saved = await as('manager', 'PUT', `${collections()}/policy`, policy);
  expect(saved.statusCode, saved.body).toBe(200);
  for (const label of ['C1', 'C2', 'C3', 'C4'])
    await owed(cedar.id, cedar.unitIds[label]!, addDays(today, -40), 50_000);
  // Tonight: each case opens with its reminder, sent the same day.
  expect((await runOn(today)).actions).toBe(8);
  await sendLetters();
});

afterAll(async () => {
  await t?.close();
});

describe('a case held for the board', () => {
  it('gets one item for the board, in the run’s transaction, never two', async () => {
    // A run that fails after its work leaves nothing: no hold, no item.
    await expect(
      t.database.db.transaction(async (tx) => {
        await runCollections(tx, t.app.storage, cedar.id, addDays(today, 11));
        throw new Error('crash');
      }),
    ).rejects.toThrow('crash');
    expect(await openItems()).toEqual([]);

    const run = await runOn(addDays(today, 11));
    expect(run.held).toHaveLength(4);
    expect(run.decisionItems).toHaveLength(4);
    const c1 = await caseOf('C1');
    expect(c1).toMatchObject({ stage: 0, awaitingDecision: 1, decisionItemId: expect.any(String) });
    const [item] = await itemsOf(c1.id);
    expect(item).toMatchObject({
      id: c1.decisionItemId,
      kind: 'collections_step',
      status: 'open',
      title: 'Unit C1: proceed to stage 2 (referral to attorney or collector)?',
      options: [
        { key: 'proceed', label: 'Proceed to stage 2 (referral to attorney or collector)' },
        { key: 'hold', label: 'Hold at the current stage' },
      ],
      published: false,
      dueOn: null,
      collectionStage: 1,
      createdBy: null,
    });
    expect(item!.background).toContain('Unit C1 has $500.00 past due');
    expect(item!.background).toContain('is at stage 1 (friendly reminder)');
    expect(item!.background).toMatch(/Unit C1: stage 1 \(friendly reminder\), a letter for \$500\.00/);
    expect(item!.background).toContain('The letter was sent on');
    // The board reads the unit and the debt, not who the owner is.
    const [owner] = await t.database.db
      .select({ fullName: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.email, 'resident@commonwise.test'));
    expect(item!.background).not.toContain(owner!.fullName);

    // The same night again, and the next: nothing new.
    expect((await runOn(addDays(today, 11))).runId).toBeNull();
    expect((await runOn(addDays(today, 11))).decisionItems).toEqual([]);
    expect(await openItems()).toHaveLength(4);
    // The database itself refuses a second open item for the case and stage.
    await expect(
      openDecisionItem(t.database.db, {
        propertyId: cedar.id,
        committeeId: item!.committeeId,
        kind: 'collections_step',
        title: 'Again',
        background: 'Again',
        options: item!.options,
        dueOn: null,
        published: false,
        collection: { caseId: c1.id, stage: 1 },
        createdBy: null,
      }),
    ).rejects.toThrow();
    expect(await itemsOf(c1.id)).toHaveLength(1);
  });

  it('is on the board’s Upcoming Decisions, linked to its case, and private to the board and managers', async () => {
    const c1 = await caseOf('C1');
    const list = (
      await as('board', 'GET', `/api/decisions?propertyId=${cedar.id}&kind=collections_step&mine=true`)
    ).json() as DecisionList;
    expect(list.items.find((row) => row.id === c1.decisionItemId)).toMatchObject({
      collectionCaseId: c1.id,
      canVote: true,
      committeeName: 'Board of Directors',
    });
    expect((await as('resident', 'GET', itemUrl(c1.decisionItemId!))).statusCode).toBe(404);
    const published = await as('resident', 'GET', '/api/resident-portal/decisions');
    expect(published.body).not.toContain('Unit C1');
  });

  it('records the board’s vote to proceed on the case, and the next night the case moves', async () => {
    const c1 = await caseOf('C1');
    const itemId = c1.decisionItemId!;
    expect((await as('board', 'POST', `${itemUrl(itemId)}/votes`, { choice: 'proceed' })).statusCode).toBe(
      200,
    );
    const decided = await as('board', 'POST', `${itemUrl(itemId)}/decide`, {
      method: 'votes',
      outcome: 'proceed',
      note: 'The owner has not answered two letters.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json() as DecisionItem).toMatchObject({
      status: 'decided',
      outcome: { key: 'proceed' },
      collectionCaseId: c1.id,
    });
    const history = await detail(c1.id);
    expect(history.events[0]).toMatchObject({
      kind: 'decision',
      stage: 1,
      decision: {
        outcome: 'proceed',
        decidedOn: today,
        meeting: 'Votes of the Board of Directors on its decision item',
        note: 'The owner has not answered two letters.',
      },
      byName: expect.any(String),
    });
    expect(history.decisionItemId).toBeNull();

    await runOn(addDays(today, 12));
    expect(await caseOf('C1')).toMatchObject({ stage: 1, awaitingDecision: null });
    expect((await itemsOf(c1.id)).map((item) => item.status)).toEqual(['decided']);
  });

  it('is withdrawn when the decision is recorded on the case instead, saying so', async () => {
    const c2 = await caseOf('C2');
    const recorded = await as('manager', 'POST', `${collections()}/cases/${c2.id}/decisions`, {
      stage: 1,
      outcome: 'hold',
      decidedOn: today,
      meeting: 'Board meeting of the month',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect((recorded.json() as CollectionCaseDetail).decisionItemId).toBeNull();
    const item = (await as('board', 'GET', itemUrl(c2.decisionItemId!))).json() as DecisionItem;
    expect(item).toMatchObject({
      status: 'withdrawn',
      outcome: null,
      decidedBy: { fullName: expect.any(String) },
      canVote: false,
    });
    expect(item.outcomeNote).toContain(
      'The board’s decision was recorded on the collection case instead: to hold before stage 2',
    );
    // Nothing more is recorded through it.
    const late = await as('board', 'POST', `${itemUrl(item.id)}/votes`, { choice: 'proceed' });
    expect(late.json().error.code).toBe('ITEM_NOT_OPEN');
  });

  it('is withdrawn when the owner pays and the case closes', async () => {
    const c3 = await caseOf('C3');
    await paid('C3', 50_000);
    await runOn(addDays(today, 13));
    expect((await detail(c3.id)).status).toBe('closed');
    const [item] = await itemsOf(c3.id);
    expect(item).toMatchObject({ status: 'withdrawn', outcomeNote: 'The collection case was closed.' });
  });

  it('is withdrawn when a plan pauses the case, asked again when the plan is missed, and held at a meeting', async () => {
    const c4 = await caseOf('C4');
    const agreed = await as('manager', 'POST', `${collections()}/cases/${c4.id}/payment-plan`, {
      instalmentCents: 25_000,
      count: 2,
      firstDueOn: addDays(today, 14),
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect((await itemsOf(c4.id)).map((item) => item.status)).toEqual(['withdrawn']);

    // The first instalment's day passes unpaid: the case resumes, and the next night holds it again.
    await runOn(addDays(today, 15));
    expect((await detail(c4.id)).status).toBe('open');
    const again = await runOn(addDays(today, 16));
    expect(again.held).toEqual([
      "Unit C4: waits for the board's decision before stage 2 (referral to attorney or collector).",
    ]);
    const items = await itemsOf(c4.id);
    expect(items.map((item) => item.status)).toEqual(['withdrawn', 'open']);
    expect((await caseOf('C4')).decisionItemId).toBe(items[1]!.id);

    const decided = await as('manager', 'POST', `${itemUrl(items[1]!.id)}/decide`, {
      method: 'meeting',
      outcome: 'hold',
      heldOn: addDays(today, -1),
      counts: { hold: 1 },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const [event] = await t.database.db
      .select()
      .from(collectionEvents)
      .where(and(eq(collectionEvents.caseId, c4.id), eq(collectionEvents.kind, 'decision')));
    expect(event).toMatchObject({ outcome: 'hold', stage: 1, decidedOn: addDays(today, -1) });
    expect(event!.meeting).toMatch(/^Meeting of the Board of Directors on /);
    // Held: the next night neither moves the case nor asks again.
    expect((await runOn(addDays(today, 17))).runId).toBeNull();
    expect(await caseOf('C4')).toMatchObject({ stage: 0, decisionItemId: null });
  });
});

describe('undoing the run that held a case', () => {
  it('withdraws the item of a case the undo closes', async () => {
    const ash = await makeAssociation(t, {
      name: 'Ash Row',
      jurisdiction: 'TX',
      timeZone: 'America/Chicago',
      unitLabels: ['A1'],
    });
    await as('manager', 'PUT', `${collections(ash.id)}/policy`, {
      active: true,
      stages: [{ ...policy.stages[0]!, requiresDecision: true }],
    });
    await owed(ash.id, ash.unitIds.A1!, addDays(today, -20), 20_000);
    const run = await runOn(today, ash.id);
    expect(run.decisionItems).toHaveLength(1);
    const undo = await as('manager', 'POST', `${collections(ash.id)}/runs/${run.runId}/rollback`);
    expect(undo.statusCode, undo.body).toBe(200);
    const [item] = await t.database.db
      .select()
      .from(decisionItems)
      .where(eq(decisionItems.id, run.decisionItems[0]!));
    expect(item).toMatchObject({ status: 'withdrawn', outcomeNote: 'The collection case was closed.' });
  });
});

describe('an association without a board', () => {
  it('holds the case and opens no item', async () => {
    const yew = await makeAssociation(t, {
      name: 'Yew Lane',
      jurisdiction: 'TX',
      timeZone: 'America/Chicago',
      unitLabels: ['Y1'],
    });
    const [board] = await t.database.db
      .select({ id: committees.id })
      .from(committees)
      .where(eq(committees.propertyId, yew.id));
    await t.database.db.delete(committeeMembers).where(eq(committeeMembers.committeeId, board!.id));
    await t.database.db.delete(committees).where(eq(committees.id, board!.id));
    await as('manager', 'PUT', `${collections(yew.id)}/policy`, {
      active: true,
      stages: [{ ...policy.stages[0]!, requiresDecision: true }],
    });
    await owed(yew.id, yew.unitIds.Y1!, addDays(today, -20), 20_000);
    const run = await runOn(today, yew.id);
    expect(run).toMatchObject({ actions: 2, decisionItems: [] });
    expect(run.held).toHaveLength(1);
    const items = await t.database.db
      .select()
      .from(decisionItems)
      .where(eq(decisionItems.propertyId, yew.id));
    expect(items).toEqual([]);
  });
});
