import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestUrgency, Role } from '@commonwise/contracts';
import {
  chatMessages,
  jobRuns,
  notificationDeliveries,
  notificationPreferences,
  notifications,
  notificationSettings,
  profiles,
  properties,
  roomParticipants,
  workOrders,
} from '../../db/schema/index.ts';
import { deliverDue, mailsTo } from '../../test/outbox.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { localClock, toClock } from '../notifications/zoned-time.ts';
import { openWorkOrder } from './open-work-order.ts';

/**
 * Issue 26 item 6: who hears about work, on which channel, and how often — new requests, emergencies,
 * assignments, status changes and completion, unseen room messages (batched), overdue work (daily).
 */

let t: TestApp;
const ids: Record<string, string> = {};
let willow: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const key of ['resident', 'manager', 'manager2', 'vendor'])
    ids[key] = (
      await t.database.db
        .select()
        .from(profiles)
        .where(eq(profiles.email, `${key}@commonwise.test`))
    )[0]!.id;
  willow = (
    await t.database.db.select().from(properties).where(eq(properties.name, 'Willow Creek Commons'))
  )[0]!.id;
});
afterAll(async () => t.close());

beforeEach(async () => {
  await t.database.db.delete(notificationSettings);
  await t.database.db.delete(notificationPreferences);
  await t.database.db.delete(notifications);
});

const as = async (who: Role, method: string, url: string, payload?: unknown) =>
  injectAs(t.app, await t.cookieFor(who), {
    method: method as 'GET',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function open(summary: string, priority: RequestUrgency = 'normal') {
  return t.database.db.transaction(async (tx) =>
    openWorkOrder(
      tx,
      {
        residentId: ids.resident!,
        propertyId: willow,
        summary,
        mainCategory: 'plumbing',
        subcategory: null,
        priority,
        details: `${summary}, since this morning.`,
      },
      t.app.notifier,
    ),
  );
}

const kindsOf = async (userId: string) =>
  (
    await t.database.db
      .select({ kind: notifications.kind, title: notifications.title, inApp: notifications.inApp })
      .from(notifications)
      .where(eq(notifications.userId, userId))
  ).map((row) => row.kind);

const mailsAbout = async (email: string, text: string) =>
  (await mailsTo(t, email)).filter((mail) => mail.includes(text));

/** Quiet all day long for this person, in their own zone. */
async function quietAllDay(userId: string) {
  const zone = 'Pacific/Auckland';
  const now = localClock(new Date(), zone).minutes;
  await t.database.db.insert(notificationSettings).values({
    userId,
    quietStart: (now + 1440 - 60) % 1440,
    quietEnd: (now + 120) % 1440,
    timeZone: zone,
  });
  return { zone, end: toClock((now + 120) % 1440) };
}

describe('a new work order', () => {
  it("tells the property's managers at once, in the bell and by e-mail, and nobody else", async () => {
    await open('Garage door stuck open');
    expect(await kindsOf(ids.manager!)).toEqual(['work-order.created']);
    // Harbor View's manager hears of Harbor View's late work only.
    const elsewhere = await t.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(eq(notifications.userId, ids.manager2!));
    expect(elsewhere.some((row) => row.body.includes('Leaning fence panel'))).toBe(false);
    expect(await kindsOf(ids.resident!)).toEqual([]);
    const bell = (await as('manager', 'GET', '/api/notifications')).json();
    expect(bell.rows[0].title).toBe('New request at Willow Creek Commons: Garage door stuck open');
    await deliverDue(t);
    expect(await mailsAbout('manager@commonwise.test', 'Garage door stuck open')).toHaveLength(1);
  });

  it('reaches the managers on every channel in their quiet hours when it is an emergency', async () => {
    await quietAllDay(ids.manager!);
    // Even with its e-mail turned off.
    await t.database.db
      .insert(notificationPreferences)
      .values({ userId: ids.manager!, kind: 'work-order.emergency', channel: 'email', enabled: false });
    await open('Water pouring through ceiling in unit 12', 'emergency');
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.manager!), eq(notifications.kind, 'work-order.emergency')));
    expect(row).toMatchObject({ inApp: true, urgency: 'emergency' });
    await deliverDue(t);
    const [mail] = await mailsAbout('manager@commonwise.test', 'Water pouring through ceiling in unit 12');
    expect(mail).toContain('Subject: EMERGENCY: Emergency at Willow Creek Commons');
  });

  it('waits for the end of quiet hours when it is not an emergency', async () => {
    await quietAllDay(ids.manager!);
    await open('Dim lamp in lobby');
    await deliverDue(t);
    expect(await mailsAbout('manager@commonwise.test', 'Dim lamp in lobby')).toEqual([]);
    const [held] = await t.database.db
      .select({ status: notificationDeliveries.status })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(and(eq(notifications.userId, ids.manager!), eq(notifications.kind, 'work-order.created')));
    expect(held!.status).toBe('queued');
  });
});

describe('assignment and progress', () => {
  it('tells the vendor when assigned, and the resident and vendor of a change and of the work done', async () => {
    const { workOrder } = await open('Running toilet in unit 4');
    const assigned = await as('manager', 'PUT', `/api/work-orders/${workOrder.id}/vendor`, {
      vendorId: ids.vendor,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await kindsOf(ids.vendor!)).toEqual(['work-order.assigned']);
    expect(await kindsOf(ids.resident!)).toEqual([]);

    for (const status of ['in_progress', 'completed'])
      expect(
        (await as('manager', 'POST', `/api/work-orders/${workOrder.id}/status`, { status })).statusCode,
      ).toBe(200);
    const titles = (await as('resident', 'GET', '/api/notifications'))
      .json()
      .rows.map((row: { title: string }) => row.title);
    const reference = assigned.json().reference;
    expect(reference).toMatch(/^WC-\d+$/);
    // The resident who asked is asked to rate the work too (issue 24 item 5).
    expect(titles).toEqual([
      `Done: "Running toilet in unit 4" (${reference}): how did it go?`,
      '"Running toilet in unit 4" is now In Progress',
    ]);
    await deliverDue(t);
    const [done] = await mailsAbout('resident@commonwise.test', `Done: "Running toilet in unit 4"`);
    expect(done).toContain('is done: the work order is completed');
    expect(done).toContain('Rate the work from 1 to 5 stars');
    const vendorTitles = (await as('vendor', 'GET', '/api/notifications'))
      .json()
      .rows.map((row: { title: string }) => row.title);
    expect(vendorTitles).toContain(`Done: "Running toilet in unit 4" (${reference})`);
    // The vendor hears of the changes too, but not of their own assignment twice.
    expect((await kindsOf(ids.vendor!)).sort()).toEqual([
      'work-order.assigned',
      'work-order.updated',
      'work-order.updated',
    ]);
  });
});

describe('unseen room messages', () => {
  /** The first run whose window holds a message written at `at`: ten minutes after, on a ten-minute mark. */
  const runAfter = (at: Date) => {
    const tenMinutes = 10 * 60_000;
    const slot = Math.ceil((at.getTime() + tenMinutes) / tenMinutes) * tenMinutes;
    return new Date(slot === at.getTime() + tenMinutes ? slot + tenMinutes : slot);
  };

  it('sends each participant one notification per batch, once, for what they have not read', async () => {
    const { room } = await open('Hallway carpet torn');
    const posted: Date[] = [];
    for (const content of ['Photo attached tomorrow', 'It is by the stairs', 'Someone tripped today']) {
      const response = await as('resident', 'POST', `/api/work-rooms/${room.id}/messages`, { content });
      expect(response.statusCode, response.body).toBe(201);
      posted.push(new Date(response.json().createdAt));
    }
    // The resident's own messages and the room's opening notice are not news to anyone here.
    const tick = runAfter(posted.at(-1)!);
    // Two servers, or a restart, fire the same period twice.
    await t.app.schedules.fireDue(new Date(tick.getTime() + 20_000));
    await deliverDue(t);
    await t.app.schedules.fireDue(new Date(tick.getTime() + 50_000));
    await deliverDue(t);

    const mails = await mailsAbout('manager@commonwise.test', 'Hallway carpet torn');
    const batch = mails.filter((mail) => mail.includes('new messages in'));
    expect(batch).toHaveLength(1);
    expect(batch[0]).toContain('Subject: 3 new messages in "Hallway carpet torn"');
    expect(await mailsAbout('resident@commonwise.test', 'new messages in "Hallway carpet torn"')).toEqual([]);
    const runs = await t.database.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.schedule, 'work-rooms.unseen-messages'));
    expect(runs.filter((run) => run.scheduledFor.getTime() === tick.getTime())).toHaveLength(1);
  });

  it('tells nobody of messages they have already read', async () => {
    const { room } = await open('Broken intercom');
    const response = await as('resident', 'POST', `/api/work-rooms/${room.id}/messages`, {
      content: 'It buzzes but does not open',
    });
    expect((await as('manager', 'POST', `/api/work-rooms/${room.id}/seen`)).statusCode).toBe(204);
    await t.app.schedules.fireDue(new Date(runAfter(new Date(response.json().createdAt)).getTime() + 20_000));
    await deliverDue(t);
    expect(await mailsAbout('manager@commonwise.test', 'new message in "Broken intercom"')).toEqual([]);
    const [participant] = await t.database.db
      .select()
      .from(roomParticipants)
      .where(and(eq(roomParticipants.roomId, room.id), eq(roomParticipants.userId, ids.manager!)));
    expect(participant!.lastSeenAt).not.toBeNull();
    expect(
      await t.database.db.select().from(chatMessages).where(eq(chatMessages.roomId, room.id)),
    ).toHaveLength(2);
  });
});

describe('overdue work orders', () => {
  it('remind the property’s managers once a day at 08:00 local time', async () => {
    const { workOrder } = await open('Leaning fence panel');
    await t.database.db
      .update(workOrders)
      .set({ dueDate: '2026-12-01' })
      .where(eq(workOrders.id, workOrder.id));
    const [zone] = await t.database.db
      .select({ timeZone: properties.timeZone })
      .from(properties)
      .where(eq(properties.id, willow));
    expect(zone!.timeZone).toBe('America/Chicago');
    // 08:00 in Chicago on 3 December is 14:00 UTC; the morning of the due date itself is not late.
    for (const tick of [
      '2026-12-01T14:01:00Z',
      '2026-12-03T14:01:00Z',
      '2026-12-03T14:02:00Z',
      '2026-12-03T18:00:00Z',
      '2026-12-04T14:01:00Z',
    ]) {
      await t.app.schedules.fireDue(new Date(tick));
      await deliverDue(t);
    }
    const remindersOf = async () =>
      (
        await t.database.db
          .select({ title: notifications.title, body: notifications.body })
          .from(notifications)
          .where(and(eq(notifications.userId, ids.manager!), eq(notifications.kind, 'work-order.overdue')))
          .orderBy(notifications.createdAt)
      ).filter((reminder) => reminder.body.includes('Leaning fence panel'));
    // The seed's own late work is reminded of on 1 December; this one from the 3rd, once a day.
    const reminders = await remindersOf();
    expect(reminders).toHaveLength(2);
    expect(reminders[0]!.body).toContain('Leaning fence panel — due 2026-12-01');
    expect(reminders[0]!.body).toMatch(/• WC-\d+ Leaning fence panel/);
    // Harbor View's manager hears of Harbor View's late work only.
    const elsewhere = await t.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(eq(notifications.userId, ids.manager2!));
    expect(elsewhere.some((row) => row.body.includes('Leaning fence panel'))).toBe(false);

    // Done work is not overdue.
    await t.database.db
      .update(workOrders)
      .set({ status: 'completed' })
      .where(eq(workOrders.id, workOrder.id));
    await t.app.schedules.fireDue(new Date('2026-12-05T14:01:00Z'));
    await deliverDue(t);
    expect(await remindersOf()).toHaveLength(2);
  });
});
