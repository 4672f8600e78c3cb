import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arcClockNotices, arcProjectTypes, arcRequests, notifications } from '../../db/schema/index.ts';
import { makeAssociation } from '../../test/fixtures/association.ts';
import { arcCommittee, fenceTypeInput, insertRequest, personId } from '../../test/fixtures/arc-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { arcClockSchedule, clockPercentOn } from './arc.jobs.ts';

/**
 * The review clock (issue 22 item 4) as the scheduler runs it, with the clock set by the test (no
 * sleeps): Ash Lane, a Texas association in Chicago's time zone that manager@ manages, board@ on its
 * board, resident@ on its architectural review committee.
 */

let t: TestApp;
let ashId: string;
let unitId: string;
let typeId: string;
const people: Record<string, string> = {};
const zone = 'America/Chicago';

const schedule = () => arcClockSchedule(t.app.notifier);
/** A run at 07:00 in Chicago on that day (13:00 UTC in winter and spring's standard time). */
const runOn = (day: string) =>
  t.database.db.transaction((tx) =>
    schedule().run(
      {
        db: tx,
        now: new Date(`${day}T13:00:00Z`),
        property: { id: ashId, name: 'Ash Lane', timeZone: zone },
      },
      ashId,
      { key: `${day}T07:00-06:00`, scheduledFor: new Date(`${day}T13:00:00Z`), timeZone: zone },
    ),
  );
const toldOf = async (who: string) =>
  (
    await t.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, people[who]!), eq(notifications.kind, 'arc.review')))
      .orderBy(notifications.createdAt)
  ).map((row) => row.title);

/** A request under review since `completeAt`, due on `dueOn`. */
async function underReview(title: string, completeAt: string, dueOn: string) {
  const id = await insertRequest(t.app, {
    propertyId: ashId,
    unitId,
    applicantId: people.resident!,
    typeId,
    title,
  });
  await t.database.db
    .update(arcRequests)
    .set({
      status: 'under_review',
      completeAt: new Date(completeAt),
      decisionDueOn: dueOn,
      dueSource: '30 days — CC&Rs §7.3',
      missing: [],
    })
    .where(eq(arcRequests.id, id));
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  let unitIds: Record<string, string>;
  ({ id: ashId, unitIds } = await makeAssociation(t, {
    name: 'Ash Lane',
    jurisdiction: 'TX',
    timeZone: zone,
    unitLabels: ['A1'],
  }));
  unitId = unitIds.A1!;
  for (const who of ['resident', 'manager', 'board']) people[who] = await personId(t.database.db, who);
  await arcCommittee(t.database.db, ashId, [people.resident!]);
  const input = fenceTypeInput();
  const [type] = await t.database.db
    .insert(arcProjectTypes)
    .values({
      propertyId: ashId,
      kind: 'fence',
      name: 'Fence',
      fields: input.fields.map((field) => ({
        unit: null,
        options: [],
        required: true,
        help: null,
        ...field,
      })),
      files: [],
      checks: [],
    })
    .returning({ id: arcProjectTypes.id });
  typeId = type!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('where a window stands on a day', () => {
  it('reaches 50% at half its days, 80% at four fifths, 100% on the due date', () => {
    expect(clockPercentOn('2026-03-01', '2026-03-31', '2026-03-15')).toBeNull();
    expect(clockPercentOn('2026-03-01', '2026-03-31', '2026-03-16')).toBe(50);
    expect(clockPercentOn('2026-03-01', '2026-03-31', '2026-03-24')).toBe(50);
    expect(clockPercentOn('2026-03-01', '2026-03-31', '2026-03-25')).toBe(80);
    expect(clockPercentOn('2026-03-01', '2026-03-31', '2026-03-30')).toBe(80);
    expect(clockPercentOn('2026-03-01', '2026-03-31', '2026-03-31')).toBe(100);
    expect(clockPercentOn('2026-03-01', '2026-03-31', '2026-05-01')).toBe(100);
    // A one-day window: due the next day.
    expect(clockPercentOn('2026-03-01', '2026-03-02', '2026-03-01')).toBeNull();
  });
});

describe('the morning run', () => {
  let id: string;

  it('nudges the committee at 50% and 80%, once each, and tells the managers and board at 100%', async () => {
    id = await underReview('Cedar fence', '2026-03-01T16:00:00Z', '2026-03-31');
    expect((await runOn('2026-03-10')).summary).toBe('No reminders due.');
    expect(await toldOf('resident')).toEqual([]);

    expect((await runOn('2026-03-16')).counts).toEqual({ halfway: 1, dueSoon: 0, deadlinePassed: 0 });
    expect(await toldOf('resident')).toEqual([
      'Halfway: decide the fence request at unit A1 by March 31, 2026',
    ]);
    // The same morning again (a second server, a restart): nothing more.
    expect((await runOn('2026-03-16')).summary).toBe('No reminders due.');
    expect((await runOn('2026-03-17')).summary).toBe('No reminders due.');

    await runOn('2026-03-25');
    expect(await toldOf('resident')).toHaveLength(2);
    expect((await toldOf('resident'))[1]).toBe(
      'Due soon: decide the fence request at unit A1 by March 31, 2026',
    );
    expect(await toldOf('manager')).toEqual([]);

    const deadline = await runOn('2026-03-31');
    expect(deadline.counts).toEqual({ halfway: 0, dueSoon: 0, deadlinePassed: 1 });
    for (const who of ['manager', 'board'])
      expect(await toldOf(who)).toEqual(['Deadline passed: the fence request at unit A1 is undecided']);
    expect(await toldOf('resident')).toHaveLength(2);
    expect((await runOn('2026-04-02')).summary).toBe('No reminders due.');
  });

  it('never changes the request: past its deadline it is still under review, undecided', async () => {
    const [row] = await t.database.db.select().from(arcRequests).where(eq(arcRequests.id, id));
    expect(row).toMatchObject({ status: 'under_review', decision: null, decidedAt: null });
  });

  it('starts again for a new window (complete at restamped after more information)', async () => {
    await t.database.db
      .update(arcRequests)
      .set({ completeAt: new Date('2026-04-01T16:00:00Z'), decisionDueOn: '2026-04-11' })
      .where(eq(arcRequests.id, id));
    expect((await runOn('2026-04-06')).counts).toMatchObject({ halfway: 1 });
    expect(await toldOf('resident')).toHaveLength(3);
    const notices = await t.database.db
      .select()
      .from(arcClockNotices)
      .where(eq(arcClockNotices.requestId, id));
    expect(notices).toHaveLength(4);
  });

  it('sends one message, not three, for a window found already past its end', async () => {
    const late = await underReview('Late shed', '2026-01-01T16:00:00Z', '2026-01-31');
    const before = (await toldOf('manager')).length;
    await runOn('2026-04-06');
    expect(await toldOf('manager')).toHaveLength(before + 1);
    const notices = await t.database.db
      .select()
      .from(arcClockNotices)
      .where(eq(arcClockNotices.requestId, late));
    expect(notices.map((notice) => notice.percent).sort()).toEqual([100, 50, 80]);
  });

  it('previews without writing anything', async () => {
    const preview = await schedule().preview(
      {
        db: t.database.db,
        now: new Date('2026-04-09T13:00:00Z'),
        property: { id: ashId, name: 'Ash Lane', timeZone: zone },
      },
      ashId,
      { key: '2026-04-09T07:00-05:00', scheduledFor: new Date('2026-04-09T12:00:00Z'), timeZone: zone },
    );
    expect(preview.counts).toEqual({ requests: 2 });
    expect(await toldOf('resident')).toHaveLength(3);
  });
});
