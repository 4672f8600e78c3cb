import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Announcement,
  AnnouncementFeed,
  AnnouncementPost,
  EmergencyPrepared,
  NotificationSettings,
} from '@commonwise/contracts';
import {
  notificationDeliveries,
  notifications,
  notificationSettings,
  profiles,
  properties,
  units,
  unitOwnerships,
  workOrders,
} from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

/**
 * Emergency broadcasts (issue 23 item 2) and translations (item 3) through the API: two steps, the
 * second repeating the number of people reached; every channel, past preferences and quiet hours;
 * pinned until expiry; only managers and admins; the assistant's drafts from an emergency work order
 * and its all-clear; and each reader's language, with the original one step away.
 */

let t: TestApp;
let harbor: string;
let willow: string;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const idOf = async (name: string) =>
    (await db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!.id;
  harbor = await idOf('Harbor View Condominiums');
  willow = await idOf('Willow Creek Commons');
  for (const [key, email] of Object.entries({
    admin: 'admin@commonwise.test',
    manager: 'manager@commonwise.test',
    manager2: 'manager2@commonwise.test',
    board: 'board@commonwise.test',
    resident: 'resident@commonwise.test',
    resident2: 'resident2@commonwise.test',
  })) {
    cookies[key] = await t.signIn(email);
    ids[key] = (await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email)))[0]!.id;
  }
});
afterAll(async () => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, cookies[who]!, { method, url, ...(payload ? { payload } : {}) });

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

const building3 = {
  title: 'Water shut-off in Building 3 now',
  body: 'A pipe burst on the **4th floor**. Water is off in Building 3 until further notice.',
  audience: { kind: 'buildings', buildings: ['building 3'] },
  expiresAt: inHours(12),
};

async function prepare(input: object = building3, who = 'manager2', propertyId = harbor) {
  const response = await call(who, 'POST', `/api/properties/${propertyId}/emergencies`, input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<EmergencyPrepared>();
}

const feedOf = async (who: string) =>
  (await call(who, 'GET', '/api/me/announcements?limit=100')).json<AnnouncementFeed>();

describe('an emergency broadcast', () => {
  it('is prepared unsent, then sent only when the sender confirms the number it reaches', async () => {
    const prepared = await prepare();
    expect(prepared.announcement).toMatchObject({ kind: 'emergency', status: 'draft', confirmedAt: null });
    expect(prepared.announcement.audience.buildings).toEqual(['Building 3']);
    expect(prepared.recipients).toBeGreaterThan(0);
    const id = prepared.announcement.id;
    // Nobody has it yet.
    expect((await feedOf('resident2')).announcements.some((post) => post.id === id)).toBe(false);

    const wrong = await call('manager2', 'POST', `/api/properties/${harbor}/emergencies/${id}/send`, {
      recipients: prepared.recipients + 1,
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error).toMatchObject({ code: 'AUDIENCE_CHANGED' });
    expect(wrong.json().error.message).toContain(`reaches ${prepared.recipients}`);
    expect((await feedOf('resident2')).announcements.some((post) => post.id === id)).toBe(false);

    // The tenant of 3-402 asked for quiet hours all day and turned e-mail off for announcements.
    await t.database.db
      .insert(notificationSettings)
      .values({ userId: ids.resident2!, quietStart: 0, quietEnd: 1439, timeZone: 'America/New_York' })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { quietStart: 0, quietEnd: 1439 } });

    const sent = await call('manager2', 'POST', `/api/properties/${harbor}/emergencies/${id}/send`, {
      recipients: prepared.recipients,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const result = sent.json<EmergencyPrepared>();
    expect(result.announcement).toMatchObject({ status: 'published', confirmedBy: { id: ids.manager2 } });
    expect(result.announcement.counts.recipients).toBe(prepared.recipients);

    // Pinned at the top of the tenant's feed, over newer ordinary announcements.
    const later = await call('manager2', 'POST', `/api/properties/${harbor}/announcements`, {
      title: 'Newsletter',
      body: 'Spring newsletter.',
      audience: { kind: 'everyone' },
    });
    expect(later.statusCode, later.body).toBe(201);
    const feed = await feedOf('resident2');
    expect(feed.announcements[0]).toMatchObject({ id, kind: 'emergency', isPinned: true });
    expect(feed.announcements.find((post) => post.title === 'Newsletter')?.isPinned).toBe(false);

    // Every channel at once, past quiet hours: the e-mail is queued for now, not for the morning.
    const [notice] = await t.database.db
      .select({ id: notifications.id, kind: notifications.kind, urgency: notifications.urgency })
      .from(notifications)
      .where(and(eq(notifications.userId, ids.resident2!), eq(notifications.link, `/announcements/${id}`)));
    expect(notice).toMatchObject({ kind: 'community.emergency', urgency: 'emergency' });
    const [email] = await t.database.db
      .select({ notBefore: notificationDeliveries.notBefore, digestId: notificationDeliveries.digestId })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.notificationId, notice!.id));
    expect(email!.digestId).toBeNull();
    expect(email!.notBefore.getTime()).toBeLessThanOrEqual(Date.now());

    // Building 1 and the other association were not told.
    expect((await feedOf('resident')).announcements.some((post) => post.id === id)).toBe(false);

    // Sent once: a second confirmation finds it sent.
    const again = await call('manager2', 'POST', `/api/properties/${harbor}/emergencies/${id}/send`, {
      recipients: prepared.recipients,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'EMERGENCY_ALREADY_SENT' });
    expect(
      (
        await t.database.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(
            and(eq(notifications.userId, ids.resident2!), eq(notifications.link, `/announcements/${id}`)),
          )
      ).length,
    ).toBe(1);
  });

  it('notices a change in the audience between the two steps', async () => {
    const prepared = await prepare({ ...building3, title: 'Gas smell in Building 3' });
    const [unit] = await t.database.db
      .select({ id: units.id })
      .from(units)
      .where(and(eq(units.propertyId, harbor), eq(units.label, '3-101')));
    const [newcomer] = await t.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, 'admin@commonwise.test'));
    // Someone becomes an owner in Building 3 between the two steps.
    await t.database.db.insert(unitOwnerships).values({
      unitId: unit!.id,
      userId: newcomer!.id,
      startsOn: sql`current_date - 1` as unknown as string,
    });
    const response = await call(
      'manager2',
      'POST',
      `/api/properties/${harbor}/emergencies/${prepared.announcement.id}/send`,
      { recipients: prepared.recipients },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain(`now reaches ${prepared.recipients + 1} people`);
    const reloaded = await call(
      'manager2',
      'GET',
      `/api/properties/${harbor}/emergencies/${prepared.announcement.id}`,
    );
    expect(reloaded.json<EmergencyPrepared>().recipients).toBe(prepared.recipients + 1);
    await t.database.db.delete(unitOwnerships).where(eq(unitOwnerships.userId, newcomer!.id));
  });

  it('is sent only by managers and admins, must expire, and goes to everyone, buildings or units', async () => {
    // The board writes announcements but does not send emergencies; residents neither.
    for (const who of ['board', 'resident', 'resident2']) {
      const response = await call(who, 'POST', `/api/properties/${willow}/emergencies`, {
        ...building3,
        audience: { kind: 'everyone' },
      });
      expect(response.statusCode, who).toBe(403);
    }
    // A manager of another association does not find this one.
    const other = await call('manager', 'POST', `/api/properties/${harbor}/emergencies`, building3);
    expect(other.statusCode).toBe(404);
    // The admin may, anywhere.
    await prepare({ ...building3, audience: { kind: 'everyone' } }, 'admin', willow);

    const noExpiry = await call('manager2', 'POST', `/api/properties/${harbor}/emergencies`, {
      ...building3,
      expiresAt: undefined,
    });
    expect(noExpiry.statusCode).toBe(400);
    expect(noExpiry.body).toContain('Say until when the emergency notice stays pinned');
    const pastExpiry = await call('manager2', 'POST', `/api/properties/${harbor}/emergencies`, {
      ...building3,
      expiresAt: inHours(-1),
    });
    expect(pastExpiry.statusCode).toBe(422);
    expect(pastExpiry.json().error).toMatchObject({ code: 'EXPIRY_BEFORE_PUBLISH' });
    const owners = await call('manager2', 'POST', `/api/properties/${harbor}/emergencies`, {
      ...building3,
      audience: { kind: 'owners' },
    });
    expect(owners.statusCode).toBe(400);
    expect(owners.body).toContain('An emergency goes to everyone, to chosen buildings or to chosen units');

    // An emergency draft is not changed or sent through the ordinary announcement routes.
    const prepared = await prepare();
    const ordinary = await call(
      'manager2',
      'PUT',
      `/api/properties/${harbor}/announcements/${prepared.announcement.id}`,
      { ...building3, publish: true },
    );
    expect(ordinary.statusCode).toBe(409);
    expect(ordinary.json().error).toMatchObject({ code: 'EMERGENCY_NOTICE' });
  });
});

describe('an emergency once sent', () => {
  it('is reminded of, withdrawn or translated by managers only, and a reminder wakes nobody', async () => {
    const prepared = await prepare(
      { ...building3, title: 'Boil-water notice', audience: { kind: 'everyone' }, requiresAck: true },
      'manager',
      willow,
    );
    const id = prepared.announcement.id;
    const sent = await call('manager', 'POST', `/api/properties/${willow}/emergencies/${id}/send`, {
      recipients: prepared.recipients,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const url = `/api/properties/${willow}/announcements/${id}`;
    // Willow's board writes announcements, but does not handle emergencies.
    for (const [method, path, payload] of [
      ['POST', `${url}/remind`, undefined],
      ['POST', `${url}/withdraw`, undefined],
      ['PUT', `${url}/translations/es`, { title: 'Hervir el agua', body: 'Hierva el agua.' }],
    ] as const) {
      const response = await call('board', method, path, payload);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json().error.code).toBe('EMERGENCY_MANAGERS_ONLY');
    }
    const reminded = await call('manager', 'POST', `${url}/remind`);
    expect(reminded.statusCode, reminded.body).toBe(200);
    const [reminder] = await t.database.db
      .select({ kind: notifications.kind, urgency: notifications.urgency })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, ids.resident!),
          eq(notifications.link, `/announcements/${id}`),
          sql`${notifications.title} like 'Reminder:%'`,
        ),
      );
    expect(reminder).toEqual({ kind: 'community.notice', urgency: 'normal' });
    expect((await call('manager', 'POST', `${url}/withdraw`)).statusCode).toBe(200);
  });
});

describe("the assistant's drafts from an emergency work order", () => {
  it('drafts the notice for the building affected, and the all-clear that unpins it', async () => {
    const db = t.database.db;
    const [order] = await db
      .insert(workOrders)
      .values({
        propertyId: harbor,
        residentId: ids.resident2!,
        summary: 'Burst pipe flooding the 4th floor hallway.',
        mainCategory: 'plumbing',
        priority: 'emergency',
        locationKind: 'unit',
      })
      .returning({ id: workOrders.id });
    const [ordinary] = await db
      .insert(workOrders)
      .values({ propertyId: harbor, summary: 'Squeaky gate', mainCategory: 'common_areas' })
      .returning({ id: workOrders.id });

    const refused = await call('manager2', 'POST', `/api/properties/${harbor}/emergencies/drafts`, {
      workOrderId: ordinary!.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'NOT_AN_EMERGENCY' });
    const elsewhere = await call('manager', 'POST', `/api/properties/${willow}/emergencies/drafts`, {
      workOrderId: order!.id,
    });
    expect(elsewhere.statusCode).toBe(404);

    const drafted = await call('manager2', 'POST', `/api/properties/${harbor}/emergencies/drafts`, {
      workOrderId: order!.id,
    });
    expect(drafted.statusCode, drafted.body).toBe(201);
    const notice = drafted.json<EmergencyPrepared>();
    expect(notice.announcement).toMatchObject({
      kind: 'emergency',
      status: 'draft',
      title: 'Urgent: Burst pipe flooding the 4th floor hallway',
      audience: { kind: 'buildings', buildings: ['Building 3'] },
      sourceWorkOrder: { id: order!.id },
    });
    expect(notice.announcement.body).toContain('water may be shut off');
    expect(notice.announcement.expiresAt).not.toBeNull();
    // Drafted, not sent: nobody was told.
    expect((await feedOf('resident2')).announcements.some((post) => post.id === notice.announcement.id)).toBe(
      false,
    );

    const sent = await call(
      'manager2',
      'POST',
      `/api/properties/${harbor}/emergencies/${notice.announcement.id}/send`,
      { recipients: notice.recipients },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(
      (await feedOf('resident2')).announcements.find((post) => post.id === notice.announcement.id)?.isPinned,
    ).toBe(true);

    const allClear = await call('manager2', 'POST', `/api/properties/${harbor}/emergencies/drafts`, {
      workOrderId: order!.id,
      stage: 'all-clear',
    });
    expect(allClear.statusCode, allClear.body).toBe(201);
    const clear = allClear.json<EmergencyPrepared>().announcement;
    expect(clear).toMatchObject({
      kind: 'normal',
      status: 'draft',
      title: 'All clear: Burst pipe flooding the 4th floor hallway',
      audience: { kind: 'buildings', buildings: ['Building 3'] },
    });
    const published = await call('manager2', 'PUT', `/api/properties/${harbor}/announcements/${clear.id}`, {
      title: clear.title,
      body: clear.body,
      audience: { kind: 'buildings', buildings: clear.audience.buildings },
      expiresAt: clear.expiresAt,
      publish: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    // The all-clear ended the emergency: no longer pinned (and past its expiry, no longer listed).
    const feed = await feedOf('resident2');
    expect(feed.announcements.some((post) => post.id === notice.announcement.id)).toBe(false);
    expect(feed.announcements.some((post) => post.id === clear.id)).toBe(true);
    const read = await call('resident2', 'GET', `/api/me/announcements/${notice.announcement.id}`);
    expect(read.json<AnnouncementPost>()).toMatchObject({ isPinned: false, isExpired: true });
  });
});

describe('translations', () => {
  it('shows each reader their language where one exists, with the original a step away', async () => {
    const created = await call('manager', 'POST', `/api/properties/${willow}/announcements`, {
      title: 'Pool opens Saturday',
      body: 'The pool opens **Saturday** at 9.',
      audience: { kind: 'everyone' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Announcement>().id;
    const url = `/api/properties/${willow}/announcements/${id}/translations`;

    const same = await call('manager', 'PUT', `${url}/en`, { title: 'Pool', body: 'Pool.' });
    expect(same.statusCode).toBe(422);
    expect(same.json().error).toMatchObject({ code: 'SAME_AS_ORIGINAL' });
    const unknown = await call('manager', 'PUT', `${url}/xx`, { title: 'Pool', body: 'Pool.' });
    expect(unknown.statusCode).toBe(400);
    const resident = await call('resident', 'PUT', `${url}/es`, { title: 'Piscina', body: 'Piscina.' });
    expect(resident.statusCode).toBe(403);
    const stranger = await call('manager2', 'PUT', `${url}/es`, { title: 'Piscina', body: 'Piscina.' });
    expect(stranger.statusCode).toBe(404);

    const saved = await call('board', 'PUT', `${url}/es`, {
      title: 'La piscina abre el sábado',
      body: 'La piscina abre el **sábado** a las 9.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Announcement>().translations).toEqual([
      expect.objectContaining({ language: 'es', title: 'La piscina abre el sábado' }),
    ]);

    // English by default: the original, nothing else.
    const english = (await call('resident', 'GET', `/api/me/announcements/${id}`)).json<AnnouncementPost>();
    expect(english).toMatchObject({ title: 'Pool opens Saturday', language: 'en', original: null });

    // The resident chooses Spanish in their settings.
    const settings = await call('resident', 'PUT', '/api/notifications/settings', { language: 'es' });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json<NotificationSettings>().language).toBe('es');
    const badLanguage = await call('resident', 'PUT', '/api/notifications/settings', {
      language: 'klingon',
    });
    expect(badLanguage.statusCode).toBe(400);
    const spanish = (await call('resident', 'GET', `/api/me/announcements/${id}`)).json<AnnouncementPost>();
    expect(spanish).toMatchObject({
      title: 'La piscina abre el sábado',
      language: 'es',
      original: { language: 'en', title: 'Pool opens Saturday', body: 'The pool opens **Saturday** at 9.' },
    });
    const listed = (await feedOf('resident')).announcements.find((post) => post.id === id);
    expect(listed?.title).toBe('La piscina abre el sábado');

    // A reminder goes in the reader's language.
    const reminded = await call('manager', 'POST', `/api/properties/${willow}/announcements/${id}/remind`);
    expect(reminded.statusCode, reminded.body).toBe(200);
    const [reminder] = await t.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, ids.resident!),
          eq(notifications.link, `/announcements/${id}`),
          sql`${notifications.title} like 'Reminder:%'`,
        ),
      );
    expect(reminder?.title).toBe('Reminder: Willow Creek Commons: La piscina abre el sábado');

    const removed = await call('manager', 'DELETE', `${url}/es`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Announcement>().translations).toEqual([]);
    expect((await call('manager', 'DELETE', `${url}/es`)).statusCode).toBe(404);
    const back = (await call('resident', 'GET', `/api/me/announcements/${id}`)).json<AnnouncementPost>();
    expect(back).toMatchObject({ title: 'Pool opens Saturday', original: null });
    await call('resident', 'PUT', '/api/notifications/settings', { language: 'en' });
  });
});

describe("an announcement's files", () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const upload = (who: string, announcementId: string, name = 'schedule.pdf') => {
    const body = new FormData();
    body.append('announcementId', announcementId);
    body.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
    return injectAs(t.app, cookies[who]!, { method: 'POST', url: '/api/attachments', payload: body });
  };

  it('are added by its authors before it goes out, and read only by whoever may read it', async () => {
    const created = await call('manager2', 'POST', `/api/properties/${harbor}/announcements`, {
      title: 'Building 1 elevator schedule',
      body: 'The schedule is attached.',
      audience: { kind: 'buildings', buildings: ['Building 1'] },
      publish: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Announcement>().id;
    // Not an author: another association's manager, a resident.
    expect((await upload('manager', id)).statusCode).toBe(404);
    expect((await upload('resident2', id)).statusCode).toBe(404);
    const added = await upload('manager2', id);
    expect(added.statusCode, added.body).toBe(201);
    const file = added.json<{ id: string; url: string; fileName: string }>();
    expect(file.fileName).toBe('schedule.pdf');
    const listed = await call('manager2', 'GET', `/api/properties/${harbor}/announcements/${id}/attachments`);
    expect(listed.json().attachments.map((item: { id: string }) => item.id)).toEqual([file.id]);

    const published = await call('manager2', 'PUT', `/api/properties/${harbor}/announcements/${id}`, {
      title: 'Building 1 elevator schedule',
      body: 'The schedule is attached.',
      audience: { kind: 'buildings', buildings: ['Building 1'] },
      publish: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    // Gone out: no more files, and the one it has stays.
    const late = await upload('manager2', id, 'late.pdf');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('ANNOUNCEMENT_NOT_EDITABLE');
    const removal = await call('manager2', 'DELETE', `/api/attachments/${file.id}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().error.message).toContain('went out with its announcement');

    // Priya lives in Building 3: neither the list nor the file's own link opens for her.
    const forPriya = await call('resident2', 'GET', `/api/me/announcements/${id}/attachments`);
    expect(forPriya.statusCode).toBe(404);
    expect((await call('resident2', 'GET', file.url)).statusCode).toBe(404);
    // Once she also owns 1-101 (in Building 1), both open.
    const [unit101] = await t.database.db
      .select({ id: units.id })
      .from(units)
      .where(and(eq(units.propertyId, harbor), eq(units.label, '1-101')));
    await t.database.db.insert(unitOwnerships).values({
      unitId: unit101!.id,
      userId: ids.resident2!,
      startsOn: sql`current_date - 1` as unknown as string,
    });
    try {
      const now = await call('resident2', 'GET', `/api/me/announcements/${id}/attachments`);
      expect(now.statusCode).toBe(200);
      expect((await call('resident2', 'GET', now.json().attachments[0].url)).statusCode).toBe(200);
    } finally {
      await t.database.db
        .delete(unitOwnerships)
        .where(and(eq(unitOwnerships.userId, ids.resident2!), eq(unitOwnerships.unitId, unit101!.id)));
    }
    // The manager opens the file by its link.
    const opened = await call('manager2', 'GET', file.url);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toContain('application/pdf');
  });
});
