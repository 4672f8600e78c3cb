import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Announcement,
  AnnouncementAudience,
  AnnouncementFeed,
  AnnouncementPost,
  AnnouncementRecipientList,
} from '@commonwise/contracts';
import { realtimeChannels } from '@commonwise/contracts';
import {
  announcementRecipients,
  announcements,
  committeeMembers,
  committees,
  notifications,
  profiles,
  properties,
  unitOccupancies,
  unitOwnerships,
  units,
} from '../../db/schema/index.ts';
import { demoPassword } from '../auth/demo-accounts.ts';
import { createUserWithPassword } from '../users/users.service.ts';
import { rowsOf } from '../realtime/publish.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { listenForRealtime, TestSocket } from '../realtime/test-client.ts';

/**
 * Announcements (issue 23 item 1) through the API: who an audience reaches, for every kind of
 * membership — owners, tenants, a former owner whose sale closed today, a buyer whose purchase closes
 * tomorrow, the board, another committee, another association — and that delivery (recipients and
 * notifications) and reading agree; then bad input, scheduling, withdrawal and the counts.
 */

let t: TestApp;
let harbor: string;
let willow: string;
const people: Record<string, { id: string; cookie: string }> = {};
const unitIds: Record<string, string> = {};

type Person =
  | 'b3Owner'
  | 'formerB3Owner'
  | 'futureB3Owner'
  | 'b3Tenant'
  | 'b1Owner'
  | 'harborBoard'
  | 'harborCommittee'
  | 'willowResident';
const everyone: Person[] = [
  'b3Owner',
  'formerB3Owner',
  'futureB3Owner',
  'b3Tenant',
  'b1Owner',
  'harborBoard',
  'harborCommittee',
  'willowResident',
];

const dayOffset = async (offset: number) =>
  rowsOf<{ day: string }>(
    await t.database.db.execute(sql`select (current_date + ${offset}::int)::date::text as day`),
  )[0]!.day;

async function person(name: string, email: string) {
  const profile = await createUserWithPassword(t.database.db, {
    email,
    fullName: name,
    role: 'resident',
    password: demoPassword,
    emailVerified: true,
  });
  return profile.id;
}

async function committeeOf(kind: 'board' | 'architectural_review', name: string) {
  const [existing] = await t.database.db
    .select({ id: committees.id })
    .from(committees)
    .where(and(eq(committees.propertyId, harbor), eq(committees.kind, kind)));
  if (existing) return existing.id;
  const [row] = await t.database.db
    .insert(committees)
    .values({ propertyId: harbor, kind, name })
    .returning({ id: committees.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const idOf = async (name: string) =>
    (await db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!.id;
  harbor = await idOf('Harbor View Condominiums');
  willow = await idOf('Willow Creek Commons');
  for (const label of ['3-101', '3-402', '1-101', '3-203'])
    unitIds[label] = (
      await db
        .select({ id: units.id })
        .from(units)
        .where(and(eq(units.propertyId, harbor), eq(units.label, label)))
    )[0]!.id;
  const today = await dayOffset(0);
  const tomorrow = await dayOffset(1);
  const longAgo = await dayOffset(-700);

  const made: Partial<Record<Person, string>> = {
    b3Owner: await person('Bea Three', 'ann-b3-owner@example.com'),
    formerB3Owner: await person('Frank Former', 'ann-former@example.com'),
    futureB3Owner: await person('Fiona Future', 'ann-future@example.com'),
    b1Owner: await person('Ben One', 'ann-b1-owner@example.com'),
    harborBoard: await person('Hal Board', 'ann-board@example.com'),
    harborCommittee: await person('Cora Committee', 'ann-committee@example.com'),
  };
  await db.insert(unitOwnerships).values([
    { unitId: unitIds['3-101']!, userId: made.b3Owner!, startsOn: longAgo },
    // Sold today: the ownership's end day (exclusive) is today.
    { unitId: unitIds['3-203']!, userId: made.formerB3Owner!, startsOn: longAgo, endsOn: today },
    { unitId: unitIds['3-203']!, userId: made.futureB3Owner!, startsOn: tomorrow },
    { unitId: unitIds['1-101']!, userId: made.b1Owner!, startsOn: longAgo },
  ]);
  await db.insert(committeeMembers).values([
    {
      committeeId: await committeeOf('board', 'Harbor View Board'),
      userId: made.harborBoard!,
      role: 'director',
      startsOn: longAgo,
    },
    {
      committeeId: await committeeOf('architectural_review', 'Harbor View ARC'),
      userId: made.harborCommittee!,
      role: 'member',
      startsOn: longAgo,
    },
  ]);
  const emails: Record<string, string> = {
    b3Owner: 'ann-b3-owner@example.com',
    formerB3Owner: 'ann-former@example.com',
    futureB3Owner: 'ann-future@example.com',
    b1Owner: 'ann-b1-owner@example.com',
    harborBoard: 'ann-board@example.com',
    harborCommittee: 'ann-committee@example.com',
    b3Tenant: 'resident2@commonwise.test',
    willowResident: 'resident@commonwise.test',
    admin: 'admin@commonwise.test',
    manager2: 'manager2@commonwise.test',
    manager: 'manager@commonwise.test',
    board: 'board@commonwise.test',
  };
  for (const [key, email] of Object.entries(emails)) {
    const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
    people[key] = { id: profile!.id, cookie: await t.signIn(email) };
  }
  // The demo tenant of 3-402 lives there today (the control for "tenants are residents").
  const [tenancy] = await db
    .select({ id: unitOccupancies.id })
    .from(unitOccupancies)
    .where(
      and(eq(unitOccupancies.unitId, unitIds['3-402']!), eq(unitOccupancies.userId, people.b3Tenant!.id)),
    );
  expect(tenancy).toBeDefined();
});
afterAll(async () => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, people[who]!.cookie, { method, url, ...(payload ? { payload } : {}) });

const post = async (audience: AnnouncementAudience, extra: object = {}) => {
  const response = await call('manager2', 'POST', `/api/properties/${harbor}/announcements`, {
    title: `For ${JSON.stringify(audience)}`,
    body: 'The **pool** closes Friday for repairs.\n\n- Bring towels home\n- [Rules](https://example.com/rules)',
    audience,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Announcement>();
};

/**
 * Whether the announcement is addressed to the person. Whoever it is not addressed to cannot read it by
 * any route — but its association's board, who read all of its announcements as their authors do.
 */
const sees = async (who: Person, id: string) => {
  const feed = (await call(who, 'GET', '/api/me/announcements?limit=100')).json<AnnouncementFeed>();
  const listed = feed.announcements.find((item) => item.id === id);
  const one = await call(who, 'GET', `/api/me/announcements/${id}`);
  // The list and the item agree, whichever way.
  expect(one.statusCode === 200, `${who}: the list and the item disagree`).toBe(listed !== undefined);
  const isForMe = listed?.isForMe ?? false;
  if (who !== 'harborBoard') expect(listed !== undefined, `${who} reads what is not for them`).toBe(isForMe);
  return isForMe;
};

const recipientIds = async (id: string) =>
  new Set(
    (
      await t.database.db
        .select({ userId: announcementRecipients.userId })
        .from(announcementRecipients)
        .where(eq(announcementRecipients.announcementId, id))
    ).map((row) => row.userId),
  );

const notifiedIds = async (id: string) =>
  new Set(
    (
      await t.database.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(eq(notifications.link, `/announcements/${id}`))
    ).map((row) => row.userId),
  );

describe('who an announcement reaches', () => {
  const cases: [string, AnnouncementAudience | (() => AnnouncementAudience), Person[]][] = [
    [
      'everyone: owners, tenants, the board and committees today',
      { kind: 'everyone' },
      ['b3Owner', 'b3Tenant', 'b1Owner', 'harborBoard', 'harborCommittee'],
    ],
    [
      'owners only: not tenants, not a board member who owns nothing',
      { kind: 'owners' },
      ['b3Owner', 'b1Owner'],
    ],
    [
      'one building: its owners and tenants, whatever the case of its name',
      { kind: 'buildings', buildings: ['building 3'] },
      ['b3Owner', 'b3Tenant'],
    ],
    [
      'chosen units: who owns or lives in them',
      () => ({ kind: 'units', unitIds: [unitIds['3-402']!, unitIds['1-101']!] }),
      ['b3Tenant', 'b1Owner'],
    ],
    ['the board: its members today', { kind: 'board' }, ['harborBoard']],
  ];
  for (const [name, audienceOf, expected] of cases) {
    it(name, async () => {
      const audience = typeof audienceOf === 'function' ? audienceOf() : audienceOf;
      const count = await call('manager2', 'POST', `/api/properties/${harbor}/announcements/audience-count`, {
        audience,
      });
      const created = await post(audience);
      expect(created.status).toBe('published');
      const seen: Person[] = [];
      for (const who of everyone) if (await sees(who, created.id)) seen.push(who);
      expect(seen.sort()).toEqual([...expected].sort());
      // Delivery reached exactly the people who may read it (of those checked here), and the composer
      // counted them all.
      const delivered = await recipientIds(created.id);
      const notified = await notifiedIds(created.id);
      for (const who of everyone) {
        expect(delivered.has(people[who]!.id), `${who} delivered`).toBe(expected.includes(who));
        expect(notified.has(people[who]!.id), `${who} notified`).toBe(expected.includes(who));
      }
      expect(count.json<{ people: number }>().people).toBe(delivered.size);
      expect(created.counts.recipients).toBe(delivered.size);
    });
  }

  it('is never shown to another association, and its authors are that association’s managers and board', async () => {
    const created = await post({ kind: 'everyone' });
    // Willow Creek's manager and board are not Harbor View's: not found, by any route.
    for (const who of ['manager', 'board']) {
      expect(
        (await call(who, 'GET', `/api/properties/${harbor}/announcements/${created.id}`)).statusCode,
      ).toBe(404);
      expect((await call(who, 'GET', `/api/properties/${harbor}/announcements`)).statusCode).toBe(404);
      expect((await call(who, 'GET', `/api/me/announcements/${created.id}`)).statusCode).toBe(404);
    }
    // Its own association's managers and board (and admins) read it too, without counting as readers.
    for (const who of ['manager2', 'admin']) {
      const read = await call(who, 'POST', `/api/me/announcements/${created.id}/read`);
      expect(read.statusCode).toBe(200);
      expect(read.json<AnnouncementPost>()).toMatchObject({ isForMe: false, readAt: null });
    }
    expect((await recipientIds(created.id)).has(people.manager2!.id)).toBe(false);
    // Asked for under one's own association, another's announcement is not found either.
    expect(
      (await call('manager', 'GET', `/api/properties/${willow}/announcements/${created.id}`)).statusCode,
    ).toBe(404);
    // A resident may not write one at all.
    expect(
      (
        await call('b3Tenant', 'POST', `/api/properties/${harbor}/announcements`, {
          title: 'x',
          body: 'y',
          audience: { kind: 'everyone' },
        })
      ).statusCode,
    ).toBe(403);
    const authoring = (await call('manager2', 'GET', '/api/announcements/authoring')).json<{
      properties: { id: string }[];
    }>();
    expect(authoring.properties.map((property) => property.id)).toEqual([harbor]);
  });
});

describe('writing one', () => {
  const url = () => `/api/properties/${harbor}/announcements`;
  const base = { title: 'Water off', body: 'Water is off on Tuesday.', audience: { kind: 'everyone' } };

  it('refuses bad input with a reason', async () => {
    const cases: [object, number, string][] = [
      [{ ...base, audience: { kind: 'buildings', buildings: [] } }, 400, 'Choose at least one building'],
      [{ ...base, audience: { kind: 'units', unitIds: [] } }, 400, 'Choose at least one unit'],
      [{ ...base, audience: { kind: 'nobody' } }, 400, 'Choose who the announcement is for'],
      [{ ...base, body: 'x'.repeat(10_001) }, 400, 'at most 10,000 characters'],
      [{ ...base, title: '   ' }, 400, 'A title is required'],
      [{ ...base, publishAt: new Date(Date.now() - 3_600_000).toISOString() }, 422, 'already passed'],
      [
        {
          ...base,
          publishAt: new Date(Date.now() + 7_200_000).toISOString(),
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
        422,
        'expire before it goes out',
      ],
      // A draft meant for next week cannot expire before it.
      [
        {
          ...base,
          publish: false,
          publishAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
        422,
        'expire before it goes out',
      ],
      [
        { ...base, audience: { kind: 'buildings', buildings: ['Building 9'] } },
        422,
        'Choose from: Building 1, Building 2, Building 3',
      ],
    ];
    for (const [payload, status, message] of cases) {
      const response = await call('manager2', 'POST', url(), payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(response.json<{ error: { message: string } }>().error.message).toContain(message);
    }
    // Another association's unit is refused as not ours.
    const [willowUnit] = await t.database.db
      .select({ id: units.id })
      .from(units)
      .where(eq(units.propertyId, willow))
      .limit(1);
    const foreign = await call('manager2', 'POST', url(), {
      ...base,
      audience: { kind: 'units', unitIds: [willowUnit!.id] },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json<{ error: { code: string } }>().error.code).toBe('UNKNOWN_UNITS');
    // Nothing was saved by any of them.
    const saved = await t.database.db
      .select({ id: announcements.id })
      .from(announcements)
      .where(eq(announcements.title, 'Water off'));
    expect(saved).toEqual([]);
  });

  it('keeps a draft to itself, schedules one for its time, and publishes it then', async () => {
    const draft = (
      await call('manager2', 'POST', url(), { ...base, title: 'Draft notice', publish: false })
    ).json<Announcement>();
    expect(draft.status).toBe('draft');
    expect(await sees('b3Tenant', draft.id)).toBe(false);

    const at = new Date(Date.now() + 1500);
    const scheduled = await call('manager2', 'PUT', `${url()}/${draft.id}`, {
      ...base,
      title: 'Scheduled notice',
      publishAt: at.toISOString(),
      requiresAck: true,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json<Announcement>().status).toBe('scheduled');
    expect(await sees('b3Tenant', draft.id)).toBe(false);
    // Not before its time; then the job publishes it.
    await t.app.jobs.runDue();
    const statusNow = async () =>
      (await call('manager2', 'GET', `${url()}/${draft.id}`)).json<Announcement>();
    expect((await statusNow()).status).toBe('scheduled');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at.getTime() - Date.now()) + 100));
    await t.app.jobs.runDue();
    const published = await statusNow();
    expect(published.status).toBe('published');
    expect(published.counts.recipients).toBeGreaterThan(0);
    expect(await sees('b3Tenant', draft.id)).toBe(true);
    // Published: no longer editable, nor deletable.
    expect((await call('manager2', 'PUT', `${url()}/${draft.id}`, base)).statusCode).toBe(409);
    expect((await call('manager2', 'DELETE', `${url()}/${draft.id}`)).statusCode).toBe(409);
    const [notice] = await t.database.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(
        and(
          eq(notifications.link, `/announcements/${draft.id}`),
          eq(notifications.userId, people.b3Tenant!.id),
        ),
      );
    expect(notice?.kind).toBe('community.notice');
  });

  it('does not send a scheduled one whose expiry passed before its job could run', async () => {
    const response = await call('manager2', 'POST', url(), {
      ...base,
      title: 'Short-lived notice',
      publishAt: new Date(Date.now() + 1000).toISOString(),
      expiresAt: new Date(Date.now() + 1200).toISOString(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<Announcement>();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await t.app.jobs.runDue();
    const after = (await call('manager2', 'GET', `${url()}/${id}`)).json<Announcement>();
    expect(after).toMatchObject({ status: 'withdrawn', publishedAt: null });
    expect(await recipientIds(id)).toEqual(new Set());
  });

  it('counts reads and acknowledgements, lists who has not, and withdraws', async () => {
    const created = await post({ kind: 'buildings', buildings: ['Building 3'] }, { requiresAck: true });
    const pending = async (show: string) =>
      (await call('manager2', 'GET', `${url()}/${created.id}/recipients?show=${show}`))
        .json<AnnouncementRecipientList>()
        .recipients.map((recipient) => recipient.userId);
    expect(await pending('unacknowledged')).toContain(people.b3Tenant!.id);

    // Its manager's page follows the counts live.
    const socket = await TestSocket.open(await listenForRealtime(t.app), { cookie: people.manager2!.cookie });
    const channel = realtimeChannels.announcement(created.id);
    expect((await socket.subscribe(channel)).op).toBe('subscribed');
    const read = await call('b3Tenant', 'POST', `/api/me/announcements/${created.id}/read`);
    const [event] = await socket.waitForEvents(channel, 1);
    socket.close();
    expect(event).toMatchObject({
      type: 'announcement.counts',
      data: { announcementId: created.id, counts: { read: 1, acknowledged: 0 } },
    });
    // Reading it marked its notice in the bell read too.
    const [notice] = await t.database.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(
        and(
          eq(notifications.link, `/announcements/${created.id}`),
          eq(notifications.userId, people.b3Tenant!.id),
        ),
      );
    expect(notice?.readAt).not.toBeNull();
    expect(read.json<AnnouncementPost>().readAt).not.toBeNull();
    expect(read.json<AnnouncementPost>().acknowledgedAt).toBeNull();
    const acked = (
      await call('b3Tenant', 'POST', `/api/me/announcements/${created.id}/acknowledge`)
    ).json<AnnouncementPost>();
    expect(acked.acknowledgedAt).not.toBeNull();
    // The first time is kept.
    const again = (
      await call('b3Tenant', 'POST', `/api/me/announcements/${created.id}/acknowledge`)
    ).json<AnnouncementPost>();
    expect(again.acknowledgedAt).toBe(acked.acknowledgedAt);

    const detail = (await call('manager2', 'GET', `${url()}/${created.id}`)).json<Announcement>();
    expect(detail.counts).toMatchObject({ read: 1, acknowledged: 1 });
    expect(await pending('unacknowledged')).not.toContain(people.b3Tenant!.id);
    expect(await pending('unacknowledged')).toContain(people.b3Owner!.id);
    const everyoneListed = (
      await call('manager2', 'GET', `${url()}/${created.id}/recipients`)
    ).json<AnnouncementRecipientList>();
    const tenant = everyoneListed.recipients.find((recipient) => recipient.userId === people.b3Tenant!.id);
    expect(tenant?.units).toEqual(['3-402']);

    // The feed says what is unread.
    const feed = (await call('b3Owner', 'GET', '/api/me/announcements')).json<AnnouncementFeed>();
    expect(feed.announcements.find((item) => item.id === created.id)?.readAt).toBeNull();
    expect(feed.unread).toBeGreaterThan(0);

    // Its manager reads it, but it is not addressed to them: nothing to acknowledge.
    const byManager = await call('manager2', 'POST', `/api/me/announcements/${created.id}/acknowledge`);
    expect(byManager.statusCode).toBe(409);
    expect(byManager.json<{ error: { code: string } }>().error.code).toBe('NOT_ADDRESSED');
    // Someone moves into the building after it went out: they are reminded too.
    const newcomer = await person('Nina Newcomer', 'ann-newcomer@example.com');
    await t.database.db
      .insert(unitOccupancies)
      .values({ unitId: unitIds['3-101']!, userId: newcomer, kind: 'tenant', movedInOn: await dayOffset(0) });
    // A reminder goes to those in the building who have not acknowledged it, once an hour at most.
    const remind = await call('manager2', 'POST', `${url()}/${created.id}/remind`);
    expect(remind.statusCode, remind.body).toBe(200);
    const reminder = remind.json<{ reminded: number; announcement: Announcement }>();
    expect(reminder.reminded).toBe(detail.counts.recipients - 1 + 1);
    expect(reminder.announcement).toMatchObject({ reminders: 1 });
    const reminded = await t.database.db
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(
        and(
          eq(notifications.link, `/announcements/${created.id}`),
          sql`${notifications.title} like 'Reminder:%'`,
        ),
      );
    expect(reminded.map((row) => row.userId)).toContain(people.b3Owner!.id);
    expect(reminded.map((row) => row.userId)).toContain(newcomer);
    expect(reminded.map((row) => row.userId)).not.toContain(people.b3Tenant!.id);
    const remindAgain = await call('manager2', 'POST', `${url()}/${created.id}/remind`);
    expect(remindAgain.statusCode).toBe(409);
    expect(remindAgain.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'REMINDED_RECENTLY',
      message: expect.stringContaining('Another may go from'),
    });
    // An announcement that asks nothing cannot be acknowledged.
    const plain = await post({ kind: 'everyone' });
    expect((await call('b3Tenant', 'POST', `/api/me/announcements/${plain.id}/acknowledge`)).statusCode).toBe(
      409,
    );

    const withdrawn = await call('manager2', 'POST', `${url()}/${created.id}/withdraw`);
    expect(withdrawn.json<Announcement>().status).toBe('withdrawn');
    expect(await sees('b3Owner', created.id)).toBe(false);
    expect((await call('b3Owner', 'POST', `/api/me/announcements/${created.id}/read`)).statusCode).toBe(404);
    // Its notices left the bells, with the e-mails still waiting.
    const left = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.link, `/announcements/${created.id}`));
    expect(left).toEqual([]);
    expect((await call('manager2', 'POST', `${url()}/${created.id}/withdraw`)).statusCode).toBe(409);
  });

  it('stops listing one past its expiry, but its link still opens it', async () => {
    const created = await post(
      { kind: 'everyone' },
      { expiresAt: new Date(Date.now() + 60_000).toISOString() },
    );
    await t.database.db
      .update(announcements)
      .set({ expiresAt: sql`now() - interval '1 minute'`, publishedAt: sql`now() - interval '2 minutes'` })
      .where(eq(announcements.id, created.id));
    const feed = (await call('b3Owner', 'GET', '/api/me/announcements?limit=100')).json<AnnouncementFeed>();
    expect(feed.announcements.some((item) => item.id === created.id)).toBe(false);
    const one = (
      await call('b3Owner', 'GET', `/api/me/announcements/${created.id}`)
    ).json<AnnouncementPost>();
    expect(one.isExpired).toBe(true);
    const listed = (
      await call('manager2', 'GET', `/api/properties/${harbor}/announcements?status=expired`)
    ).json<{ announcements: Announcement[] }>();
    expect(listed.announcements.map((item) => item.id)).toContain(created.id);
  });
});
