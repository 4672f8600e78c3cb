import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionPolicyInput, CollectionsState, NotificationPage } from '@commonwise/contracts';
import { profiles, unitOwnerships } from '../../db/schema/index.ts';
import { makeAssociation } from '../../test/fixtures/association.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { insertCharges, postingAccounts } from './charges.ts';
import { collectionsSchedule } from './finance.jobs.ts';

/**
 * The 03:00 collections run as the scheduler runs it (issue 20, item 8): its preview, what it does, and
 * whom it tells — the managers of the letters it drafted to review and send, the board (and managers) of
 * a case waiting for the board's decision (the board with a link to the item it votes on) — once per
 * run. In a new Texas association (Fir Row) that manager@ manages and board@ sits on.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let firId: string;
let unitIds: Record<string, string>;
let today: string;

const as = (who: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const stage = (requiresDecision: boolean): CollectionPolicyInput['stages'][number] => ({
  kind: 'reminder',
  daysPastDue: 15,
  minBalanceCents: 0,
  cureDays: 15,
  requiresDecision,
});

async function owed(label: string, dueOn: string) {
  await t.database.db.transaction(async (tx) =>
    insertCharges(
      tx,
      firId,
      await postingAccounts(tx, firId, 'assessment', undefined),
      [
        {
          unitId: unitIds[label]!,
          kind: 'assessment',
          description: `Dues due ${dueOn}`,
          dueOn,
          amountCents: 29_500,
        },
      ],
      today,
      null,
    ),
  );
}

const schedule = () => collectionsSchedule(t.app.storage, t.app.notifier);
const property = () => ({ id: firId, name: 'Fir Row', timeZone: 'America/Chicago' });
const periodOn = (day: string) => ({
  key: `${day}T03:00-06:00`,
  scheduledFor: new Date(`${day}T09:00:00Z`),
  timeZone: 'America/Chicago',
});
const runOn = (day: string) =>
  t.database.db.transaction((tx) =>
    schedule().run({ db: tx, now: new Date(), property: property() }, firId, periodOn(day)),
  );
const noticesOf = async (who: string) =>
  ((await as(who, 'GET', '/api/notifications?limit=50')).json() as NotificationPage).rows.filter(
    (row) => row.kind === 'collections.attention',
  );

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'board'] as const) cookies[who] = await t.cookieFor(who);
  ({ id: firId, unitIds } = await makeAssociation(t, {
    name: 'Fir Row',
    jurisdiction: 'TX',
    timeZone: 'America/Chicago',
    unitLabels: ['F1', 'F2'],
  }));
  const [owner] = await t.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.email, 'resident@commonwise.test'));
  await t.database.db
    .insert(unitOwnerships)
    .values({ unitId: unitIds.F1!, userId: owner!.id, startsOn: '2020-01-01', isPrimary: true });
  today = (
    (await as('manager', 'GET', `/api/properties/${firId}/finance/assessments`)).json() as { today: string }
  ).today;
});

afterAll(async () => {
  await t?.close();
});

describe('the 03:00 collections run', () => {
  it('previews, drafts the letters and tells the managers once', async () => {
    const saved = await as('manager', 'PUT', `/api/properties/${firId}/finance/collections/policy`, {
      active: true,
      stages: [stage(false)],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await owed('F1', addDays(today, -20));
    const preview = await schedule().preview(
      { db: t.database.db, now: new Date(), property: property() },
      firId,
      periodOn(today),
    );
    expect(preview.summary).toBe('Would make 2 changes to collection cases.');
    const outcome = await runOn(today);
    expect(outcome.summary).toBe('2 changes to collection cases; 1 letter drafted.');
    const told = await noticesOf('manager');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: '1 collection letter to review and send',
      link: `/manager-portal/properties/${firId}/collections`,
    });
    // The board is not asked to send letters.
    expect(await noticesOf('board')).toEqual([]);
  });

  it('tells the board of a case waiting for its decision, and only once', async () => {
    await as('manager', 'PUT', `/api/properties/${firId}/finance/collections/policy`, {
      active: true,
      stages: [stage(true)],
    });
    await owed('F2', addDays(today, -20));
    const day = addDays(today, 1);
    expect((await runOn(day)).summary).toBe('2 changes to collection cases; 0 letters drafted.');
    const board = await noticesOf('board');
    expect(board).toHaveLength(1);
    expect(board[0]!.title).toBe("1 collection case waits for the board's decision");
    expect(board[0]!.body).toContain(
      "Unit F2: waits for the board's decision before stage 1 (friendly reminder).",
    );
    // The board votes on it in Decisions: the notice opens the item the run put before it.
    const waiting = (
      await as('board', 'GET', `/api/properties/${firId}/finance/collections`)
    ).json() as CollectionsState;
    const itemId = waiting.cases.find((row) => row.unit.label === 'F2')!.decisionItemId;
    expect(board[0]).toMatchObject({ link: `/decisions/${firId}/${itemId}` });
    expect(board[0]!.body).toContain('Vote on it in Decisions');
    const managerNotice = (await noticesOf('manager')).find(
      (row) => row.title === "1 collection case waits for the board's decision",
    );
    expect(managerNotice).toMatchObject({ link: `/manager-portal/properties/${firId}/collections` });
    // The next night holds nothing new, and tells nobody again.
    expect((await runOn(addDays(today, 2))).summary).toBe('Nothing to do.');
    expect(await noticesOf('board')).toHaveLength(1);
    const state = (
      await as('board', 'GET', `/api/properties/${firId}/finance/collections`)
    ).json() as CollectionsState;
    expect(state.cases.find((row) => row.unit.label === 'F2')).toMatchObject({ awaitingDecision: 0 });
  });
});
