import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '@commonwise/contracts';
import {
  notificationDeliveries,
  notificationPreferences,
  notifications,
  notificationSettings,
  profiles,
  properties,
  workOrders,
  jobRuns,
} from '../../db/schema/index.ts';
import { deliverDue, mailsTo } from '../../test/outbox.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { sendDueDigests } from './digest.ts';
import { localClock, toClock } from './zoned-time.ts';

let t: TestApp;
const ids: Record<string, string> = {};
let willow: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const key of ['resident', 'resident2', 'manager', 'vendor'])
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
  // Each test starts from nobody's choices and no earlier notification.
  await t.database.db.delete(notificationSettings);
  await t.database.db.delete(notificationPreferences);
  await t.database.db.delete(notifications);
});

const as = async (who: Role | 'resident2', method: string, url: string, payload?: unknown) =>
  injectAs(
    t.app,
    who === 'resident2' ? await t.signIn('resident2@commonwise.test') : await t.cookieFor(who),
    {
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    },
  );

/** A new work order of the demo resident at Willow Creek, for a manager to change. */
async function newOrder(summary: string) {
  const [order] = await t.database.db
    .insert(workOrders)
    .values({
      residentId: ids.resident!,
      propertyId: willow,
      summary,
      mainCategory: 'plumbing',
      status: 'new',
    })
    .returning();
  return order!.id;
}

const startWork = async (summary: string) => {
  const response = await as('manager', 'POST', `/api/work-orders/${await newOrder(summary)}/status`, {
    status: 'in_progress',
  });
  expect(response.statusCode, response.body).toBe(200);
};

const mailsAbout = async (email: string, text: string) =>
  (await mailsTo(t, email)).filter((mail) => mail.includes(text));

describe('notifying a resident of their request', () => {
  it('shows it in their bell at once and e-mails it with a way to stop such e-mails', async () => {
    await startWork('Dripping shower head');
    const page = await as('resident', 'GET', '/api/notifications');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 1, unreadCount: 1 });
    expect(page.json().rows[0]).toMatchObject({
      kind: 'work-order.updated',
      title: '"Dripping shower head" is now In Progress',
      propertyName: 'Willow Creek Commons',
      readAt: null,
    });
    // Nobody else's bell.
    expect((await as('resident2', 'GET', '/api/notifications/unread-count')).json()).toEqual({
      unreadCount: 0,
    });
    // The manager made the change and is not told of it.
    expect((await as('manager', 'GET', '/api/notifications')).json().rows).toEqual([]);

    const [mail] = await mailsAbout('resident@commonwise.test', 'Dripping shower head');
    expect(mail).toContain('Subject: "Dripping shower head" is now In Progress');
    expect(mail).toContain('Hello Ryan Chen,');
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');
    expect(mail).toMatch(
      /List-Unsubscribe: <http:\/\/localhost:\d+\/api\/notifications\/unsubscribe\?token=/,
    );
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail).toMatch(/\/unsubscribe\?token=/);
  });

  it('marks one or all read, and a notification of someone else is not found', async () => {
    await startWork('Loose stair rail');
    await startWork('Broken mailbox lock');
    const [first] = (await as('resident', 'GET', '/api/notifications')).json().rows;
    expect((await as('resident2', 'POST', `/api/notifications/${first.id}/read`)).statusCode).toBe(404);
    const read = await as('resident', 'POST', `/api/notifications/${first.id}/read`);
    expect(read.json()).toEqual({ unreadCount: 1 });
    const unread = (await as('resident', 'GET', '/api/notifications?unread=true')).json();
    expect(unread.rows.map((row: { title: string }) => row.title)).toEqual([
      '"Loose stair rail" is now In Progress',
    ]);
    expect((await as('resident', 'POST', '/api/notifications/read-all')).json()).toEqual({ unreadCount: 0 });
  });
});

describe('preferences', () => {
  it('keeps a kind in the app but not by e-mail when the person turns its e-mail off', async () => {
    const saved = await as('resident', 'PUT', '/api/notifications/settings', {
      kinds: [{ kind: 'work-order.updated', channel: 'email', enabled: false }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      saved.json().kinds.find((kind: { kind: string }) => kind.kind === 'work-order.updated').channels,
    ).toEqual({ inApp: true, email: false });
    await startWork('Squeaky front door');
    expect((await as('resident', 'GET', '/api/notifications')).json().total).toBe(1);
    expect(await mailsAbout('resident@commonwise.test', 'Squeaky front door')).toEqual([]);
  });

  it('refuses to turn off what cannot be, and a channel a kind does not use', async () => {
    const security = await as('resident', 'PUT', '/api/notifications/settings', {
      kinds: [{ kind: 'account.security', channel: 'email', enabled: false }],
    });
    expect(security.statusCode).toBe(422);
    expect(security.json().error).toMatchObject({
      code: 'CANNOT_DISABLE',
      message: '"Security alerts" cannot be turned off.',
    });
    const channel = await as('resident', 'PUT', '/api/notifications/settings', {
      kinds: [{ kind: 'account.sign-in-code', channel: 'inApp', enabled: true }],
    });
    expect(channel.statusCode).toBe(422);
    const badTime = await as('resident', 'PUT', '/api/notifications/settings', {
      quietHours: { start: '25:00', end: '07:00' },
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.body).toContain('Use a time like 22:00');
  });

  it('holds e-mail until quiet hours end, in the person’s time zone, but not an emergency', async () => {
    const zone = 'Pacific/Auckland';
    const now = localClock(new Date(), zone).minutes;
    // Quiet from an hour ago to two hours from now, local time.
    const quietHours = { start: toClock((now + 1440 - 60) % 1440), end: toClock((now + 120) % 1440) };
    expect(
      (await as('resident', 'PUT', '/api/notifications/settings', { quietHours, timeZone: zone })).statusCode,
    ).toBe(200);
    await startWork('Flickering hallway light');
    await deliverDue(t);
    expect(await mailsAbout('resident@commonwise.test', 'Flickering hallway light')).toEqual([]);
    const [held] = await t.database.db
      .select({ status: notificationDeliveries.status, notBefore: notificationDeliveries.notBefore })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(and(eq(notifications.userId, ids.resident!), eq(notifications.kind, 'work-order.updated')));
    expect(held!.status).toBe('queued');
    expect(localClock(held!.notBefore, zone).minutes).toBe((now + 120) % 1440);
    const minutesAway = (held!.notBefore.getTime() - Date.now()) / 60_000;
    expect(minutesAway).toBeGreaterThan(115);
    expect(minutesAway).toBeLessThan(121);

    // An emergency goes at once, quiet hours or not, and whatever the person chose.
    await t.database.db
      .insert(notificationPreferences)
      .values({ userId: ids.manager!, kind: 'work-order.emergency', channel: 'email', enabled: false });
    await t.database.db
      .insert(notificationSettings)
      .values({ userId: ids.manager!, quietStart: 0, quietEnd: 1439, timeZone: zone })
      .onConflictDoNothing();
    await t.database.db.transaction(async (tx) =>
      t.app.notifier.notify(tx, [ids.manager!], {
        kind: 'work-order.emergency',
        propertyId: willow,
        title: 'Emergency at Willow Creek Commons: gas smell in building C',
        body: 'A resident smells gas.',
        urgency: 'emergency',
      }),
    );
    const [alarm] = await mailsAbout('manager@commonwise.test', 'gas smell in building C');
    expect(alarm).toContain('Subject: EMERGENCY: Emergency at Willow Creek Commons');
  });

  it('sends the digest from the schedule registry at 07:00 local time, one run per hour, once', async () => {
    await as('resident', 'PUT', '/api/notifications/settings', {
      digest: 'daily',
      timeZone: 'America/Chicago',
    });
    await startWork('Loose handrail');
    await deliverDue(t);
    // The clock ticks at 06:05 and twice at 07:05 in Chicago (two servers, or a restart).
    for (const tick of ['2026-11-25T12:05:30Z', '2026-11-25T13:05:10Z', '2026-11-25T13:06:00Z'])
      await t.app.schedules.fireDue(new Date(tick));
    await deliverDue(t);
    const runs = await t.database.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.schedule, 'notifications.daily-digest'))
      .orderBy(jobRuns.scheduledFor);
    expect(runs.map((run) => [run.period, run.status, run.counts])).toEqual([
      ['2026-11-25T12:05+00:00', 'succeeded', { digests: 0, items: 0 }],
      ['2026-11-25T13:05+00:00', 'succeeded', { digests: 1, items: 1 }],
    ]);
    // The other digest tests of this file e-mail the same resident: count this one's digests.
    const digests = (await mailsAbout('resident@commonwise.test', 'Your daily digest')).filter((mail) =>
      mail.includes('Loose handrail'),
    );
    expect(digests).toHaveLength(1);
    expect(digests[0]).toContain('"Loose handrail" is now In Progress');
  });

  it('gathers routine e-mail into one daily digest at 07:00 local time, once', async () => {
    await as('resident', 'PUT', '/api/notifications/settings', {
      digest: 'daily',
      timeZone: 'America/Chicago',
    });
    await startWork('Cracked patio tile');
    await startWork('Gutter overflowing');
    await deliverDue(t);
    expect(await mailsAbout('resident@commonwise.test', 'Cracked patio tile')).toEqual([]);

    // 06:30 in Chicago: not yet. 07:10: one digest with both, and a second run sends nothing more.
    expect(await sendDueDigests(t.database.db, t.app.notifier, new Date('2026-11-24T12:30:00Z'))).toEqual({
      digests: 0,
      items: 0,
    });
    const seven = new Date('2026-11-24T13:10:00Z');
    expect(await sendDueDigests(t.database.db, t.app.notifier, seven)).toEqual({ digests: 1, items: 2 });
    expect(await sendDueDigests(t.database.db, t.app.notifier, seven)).toEqual({ digests: 0, items: 0 });
    await deliverDue(t);
    const digests = (await mailsAbout('resident@commonwise.test', 'Your daily digest')).filter((mail) =>
      mail.includes('Cracked patio tile'),
    );
    expect(digests).toHaveLength(1);
    expect(digests[0]).toContain('Subject: Your daily digest: 2 updates');
    expect(digests[0]).toContain('"Cracked patio tile" is now In Progress (Willow Creek Commons)');
    expect(digests[0]).toContain('"Gutter overflowing" is now In Progress');
  });
});

describe('the unsubscribe link', () => {
  const tokenIn = (mail: string) => decodeURIComponent(/\/unsubscribe\?token=([^"&\s>]+)/.exec(mail)![1]!);

  it('turns that kind of e-mail off without signing in, and refuses a tampered or foreign token alike', async () => {
    await startWork('Garage light out');
    const [mail] = await mailsAbout('resident@commonwise.test', 'Garage light out');
    const token = tokenIn(mail!);

    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      headers: { origin: t.config.publicUrl },
      payload: { token: token.replace(/.$/, (char) => (char === 'A' ? 'B' : 'A')) },
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.code).toBe('INVALID_UNSUBSCRIBE_LINK');
    const foreign = await as('resident2', 'POST', '/api/notifications/unsubscribe', { token });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toEqual({
      ...tampered.json().error,
      requestId: foreign.json().error.requestId,
    });

    // RFC 8058 one-click: a mail program's POST, a form body, no Origin, no session.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, `${oneClick.body} ${token}`).toBe(200);
    expect(oneClick.json()).toEqual({ kind: 'work-order.updated', label: 'Updates on my requests' });
    const settings = (await as('resident', 'GET', '/api/notifications/settings')).json();
    expect(
      settings.kinds.find((kind: { kind: string }) => kind.kind === 'work-order.updated').channels.email,
    ).toBe(false);
  });

  it('is not offered for what cannot be turned off', async () => {
    await t.database.db.transaction(async (tx) =>
      t.app.notifier.notify(tx, [ids.resident!], {
        kind: 'letter.sent',
        propertyId: willow,
        title: 'Notice of annual meeting',
        body: 'The annual meeting is on 9 December.',
      }),
    );
    const [mail] = await mailsAbout('resident@commonwise.test', 'Notice of annual meeting');
    expect(mail).toContain('It cannot be turned off.');
    expect(mail).not.toContain('List-Unsubscribe');
  });
});

describe('what notify() guarantees', () => {
  it('writes and sends nothing when the change it belongs to rolls back', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.notifier.notify(tx, [ids.resident!], {
          kind: 'work-order.updated',
          propertyId: willow,
          title: 'Rolled back notice',
          body: 'Never seen.',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await deliverDue(t);
    expect((await as('resident', 'GET', '/api/notifications')).json().total).toBe(0);
    expect(await mailsAbout('resident@commonwise.test', 'Rolled back notice')).toEqual([]);
  });

  it('tells each person once per dedupe key, and sends each e-mail once however often its job runs', async () => {
    const event = {
      kind: 'work-order.updated' as const,
      propertyId: willow,
      title: 'Deduplicated notice',
      body: 'Once.',
      dedupeKey: 'dedupe-test',
    };
    for (let i = 0; i < 3; i++)
      await t.database.db.transaction(async (tx) =>
        t.app.notifier.notify(tx, [ids.resident!, ids.resident!], event),
      );
    await deliverDue(t);
    // The job of a delivery run again (a crash after sending, before marking it sent).
    const [delivery] = await t.database.db.select().from(notificationDeliveries);
    await t.database.db
      .update(notificationDeliveries)
      .set({ status: 'queued' })
      .where(eq(notificationDeliveries.id, delivery!.id));
    await t.app.jobs.enqueue(
      'notifications.deliver',
      { deliveryIds: [delivery!.id] },
      { executor: t.database.db },
    );
    await deliverDue(t);
    expect((await as('resident', 'GET', '/api/notifications')).json().total).toBe(1);
    expect(await mailsAbout('resident@commonwise.test', 'Deduplicated notice')).toHaveLength(1);
  });

  it('wipes a code from the database once it is sent, and never shows it in the bell', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email-otp/send-verification-otp',
      headers: { origin: t.config.publicUrl },
      payload: { email: 'resident@commonwise.test' },
    });
    expect(response.statusCode, response.body).toBe(200);
    await deliverDue(t);
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.resident!), eq(notifications.kind, 'account.sign-in-code')));
    expect(row).toMatchObject({ inApp: false, body: '' });
    expect((await as('resident', 'GET', '/api/notifications')).json().total).toBe(0);
  });
});

describe('an e-mail that bounces', () => {
  it('is taken another way: the person finds it in the app, and a legal notice goes to the managers to deliver', async () => {
    const original = t.app.mailer.send;
    t.app.mailer.send = async () => {
      throw Object.assign(new Error('550 5.1.1 mailbox unavailable'), { responseCode: 550 });
    };
    try {
      await t.database.db
        .insert(notificationPreferences)
        .values({ userId: ids.resident!, kind: 'work-order.updated', channel: 'inApp', enabled: false });
      await t.database.db.transaction(async (tx) => {
        await t.app.notifier.notify(tx, [ids.resident!], {
          kind: 'letter.sent',
          propertyId: willow,
          title: 'Notice of hearing',
          body: 'You may attend the hearing on 2 December.',
        });
        await t.app.notifier.notify(tx, [ids.resident!], {
          kind: 'work-order.updated',
          propertyId: willow,
          title: 'Bounced routine update',
          body: 'Only by e-mail, as chosen.',
        });
      });
      await deliverDue(t);
    } finally {
      t.app.mailer.send = original;
    }
    const statuses = await t.database.db
      .select({ status: notificationDeliveries.status })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(eq(notifications.userId, ids.resident!));
    expect(statuses.map((row) => row.status)).toEqual(['bounced', 'bounced']);
    const bell = (await as('resident', 'GET', '/api/notifications')).json();
    expect(bell.rows.map((row: { title: string }) => row.title).sort()).toEqual([
      'Bounced routine update',
      'Notice of hearing',
    ]);
    expect((await as('resident', 'GET', '/api/notifications/settings')).json().emailBouncedAt).not.toBeNull();
    const managers = (await as('manager', 'GET', '/api/notifications')).json();
    expect(managers.rows).toHaveLength(1);
    expect(managers.rows[0]).toMatchObject({
      kind: 'delivery.failed',
      title: 'E-mail to Ryan Chen was refused by their mail server',
    });
    expect(managers.rows[0].body).toContain('send it by first-class mail or by hand');
  });
});

describe('work orders', () => {
  it('tells a vendor of their assignment', async () => {
    const orderId = await newOrder('Replace broken window pane');
    const response = await as('manager', 'PUT', `/api/work-orders/${orderId}/vendor`, {
      vendorId: ids.vendor,
    });
    expect(response.statusCode, response.body).toBe(200);
    const vendor = (await as('vendor', 'GET', '/api/notifications')).json();
    expect(vendor.rows[0]).toMatchObject({
      kind: 'work-order.assigned',
      title: 'New work order: Replace broken window pane',
    });
  });
});
