import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { realtimeChannels, realtimeCloseCodes, type Role } from '@commonwise/contracts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import {
  breakoutRooms,
  chatThreads,
  profiles,
  properties,
  roomParticipants,
  sessions,
  workOrders,
} from '../../db/schema/index.ts';
import { demoAccounts } from '../auth/demo-accounts.ts';
import { publish } from './publish.ts';
import { pruneEvents } from './event-log.ts';
import { listenForRealtime, TestSocket } from './test-client.ts';

let t: TestApp;
let url: string;
let ids: {
  users: Record<string, string>;
  sinkRoom: string;
  /** A Willow Creek room the manager is not a participant of (managers see rooms of their properties). */
  unstaffedRoom: string;
  residentThread: string;
  deletedThread: string;
};
const sockets: TestSocket[] = [];

async function open(who: Role | string | undefined, options: { origin?: string } = {}) {
  const cookie = who === undefined ? undefined : who.includes('=') ? who : await t.cookieFor(who as Role);
  const socket = await TestSocket.open(url, { cookie, ...options });
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  t = await createTestApp();
  url = await listenForRealtime(t.app);
  const db = t.database.db;
  const people = await db.select({ id: profiles.id, email: profiles.email }).from(profiles);
  const users = Object.fromEntries(people.map((person) => [person.email.split('@')[0]!, person.id]));
  const [sinkRoom] = await db
    .select({ id: breakoutRooms.id })
    .from(breakoutRooms)
    .where(eq(breakoutRooms.roomName, 'Kitchen sink leak'));
  const [residentThread] = await db
    .select({ id: chatThreads.id })
    .from(chatThreads)
    .where(eq(chatThreads.userId, users.resident!));
  const [willow] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, 'Willow Creek Commons'));
  const [order] = await db
    .insert(workOrders)
    .values({
      propertyId: willow!.id,
      residentId: users.resident!,
      vendorId: users.vendor!,
      summary: 'Gate sticks',
      mainCategory: 'other',
    })
    .returning();
  const [unstaffedRoom] = await db
    .insert(breakoutRooms)
    .values({ roomName: 'Gate', workOrderId: order!.id })
    .returning();
  // The resident once took part and left; the vendor, assigned to the work order, still does.
  await db.insert(roomParticipants).values([
    { roomId: unstaffedRoom!.id, userId: users.resident!, role: 'resident', isActive: false },
    { roomId: unstaffedRoom!.id, userId: users.vendor!, role: 'vendor' },
  ]);
  const [deletedThread] = await db
    .insert(chatThreads)
    .values({ userId: users.resident!, title: 'Deleted', isActive: false })
    .returning();
  ids = {
    users,
    sinkRoom: sinkRoom!.id,
    unstaffedRoom: unstaffedRoom!.id,
    residentThread: residentThread!.id,
    deletedThread: deletedThread!.id,
  };
});

afterAll(async () => {
  for (const socket of sockets) socket.socket.terminate();
  await t.close();
});

describe('the upgrade', () => {
  it('refuses a visitor without a session with 401', async () => {
    await expect(open(undefined)).rejects.toMatchObject({ status: 401 });
  });

  it('closes the connection of a refused upgrade, whatever the client does', async () => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    let response = '';
    socket.on('data', (chunk) => (response += String(chunk)));
    socket.write(
      'GET /api/realtime HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    await new Promise((resolve) => socket.once('close', resolve));
    expect(response).toMatch(/^HTTP\/1\.1 401/);
  });

  it('refuses a page of another site (Origin) with 403, and accepts our own', async () => {
    await expect(open('resident', { origin: 'https://evil.example' })).rejects.toMatchObject({ status: 403 });
    const socket = await open('resident', { origin: t.config.publicUrl });
    socket.send({ op: 'ping' });
    await socket.waitFor((message) => message.op === 'pong');
  });

  it('tells a plain GET to upgrade (426)', async () => {
    const response = await injectAs(t.app, await t.cookieFor('resident'), {
      method: 'GET',
      url: '/api/realtime',
    });
    expect(response.statusCode).toBe(426);
    expect(response.json().error.code).toBe('UPGRADE_REQUIRED');
  });
});

describe('access on subscribe', () => {
  const roomCases: [Role, 'sinkRoom' | 'unstaffedRoom', 'subscribed' | 'NOT_FOUND'][] = [
    ['resident', 'sinkRoom', 'subscribed'],
    ['manager', 'sinkRoom', 'subscribed'],
    ['vendor', 'sinkRoom', 'subscribed'],
    ['admin', 'sinkRoom', 'subscribed'],
    ['board', 'sinkRoom', 'subscribed'],
    ['developer', 'sinkRoom', 'NOT_FOUND'],
    // A room of the property the manager manages, without them in it; the resident left it.
    ['manager', 'unstaffedRoom', 'subscribed'],
    ['resident', 'unstaffedRoom', 'NOT_FOUND'],
    ['vendor', 'unstaffedRoom', 'subscribed'],
  ];
  it.each(roomCases)('%s subscribing to %s: %s', async (role, room, expected) => {
    const socket = await open(role);
    const answer = await socket.subscribe(realtimeChannels.room(ids[room]));
    if (expected === 'subscribed') expect(answer.op).toBe('subscribed');
    else expect(answer).toMatchObject({ op: 'error', code: expected });
  });

  it("refuses another property's manager and resident a room, as if it did not exist", async () => {
    for (const email of ['manager2@commonwise.test', 'resident2@commonwise.test']) {
      const socket = await open(await t.signIn(email));
      const channel = realtimeChannels.room(ids.sinkRoom);
      const missing = realtimeChannels.room('00000000-0000-4000-8000-000000000000');
      const refused = await socket.subscribe(channel);
      const absent = await socket.subscribe(missing);
      expect(refused).toMatchObject({ op: 'error', code: 'NOT_FOUND', channel });
      expect(absent).toMatchObject({
        op: 'error',
        code: 'NOT_FOUND',
        message: refused.op === 'error' && refused.message,
      });
    }
  });

  it('gives a thread to its owner only, and not once it is deleted', async () => {
    const channel = realtimeChannels.thread(ids.residentThread);
    expect((await (await open('resident')).subscribe(channel)).op).toBe('subscribed');
    for (const role of ['admin', 'manager', 'board', 'vendor'] as const)
      expect(await (await open(role)).subscribe(channel)).toMatchObject({ op: 'error', code: 'NOT_FOUND' });
    const deleted = await (await open('resident')).subscribe(realtimeChannels.thread(ids.deletedThread));
    expect(deleted).toMatchObject({ op: 'error', code: 'NOT_FOUND' });
  });

  it("gives each person their own thread list and no one else's", async () => {
    const socket = await open('admin');
    expect((await socket.subscribe(realtimeChannels.userThreads(ids.users.admin!))).op).toBe('subscribed');
    const other = await socket.subscribe(realtimeChannels.userThreads(ids.users.resident!));
    expect(other).toMatchObject({ op: 'error', code: 'FORBIDDEN' });
  });

  it('checks again on every subscribe: a participant who left is refused the next time', async () => {
    const socket = await open('vendor');
    const channel = realtimeChannels.room(ids.unstaffedRoom);
    expect((await socket.subscribe(channel)).op).toBe('subscribed');
    await t.database.db
      .update(roomParticipants)
      .set({ isActive: false })
      .where(eq(roomParticipants.userId, ids.users.vendor!));
    expect(await socket.subscribe(channel)).toMatchObject({ op: 'error', code: 'NOT_FOUND' });
    await t.database.db
      .update(roomParticipants)
      .set({ isActive: true })
      .where(eq(roomParticipants.userId, ids.users.vendor!));
  });

  it('answers malformed messages and unknown channels with BAD_REQUEST, and keeps the socket', async () => {
    const socket = await open('resident');
    socket.send('not json');
    await socket.waitFor((message) => message.op === 'error' && message.code === 'BAD_REQUEST');
    socket.send({ op: 'subscribe', channel: 'everything' });
    const unknown = await socket.waitFor(
      (message) => message.op === 'error' && message.channel === 'everything',
    );
    expect(unknown).toMatchObject({ code: 'BAD_REQUEST' });
    socket.send({ op: 'ping' });
    await socket.waitFor((message) => message.op === 'pong');
  });
});

describe('delivery', () => {
  it('sends a committed event to every subscriber of the channel, once, and nothing rolled back', async () => {
    const channel = realtimeChannels.room(ids.sinkRoom);
    const resident = await open('resident');
    const manager = await open('manager');
    const bystander = await open('vendor');
    await resident.subscribe(channel);
    await manager.subscribe(channel);
    await bystander.subscribe(realtimeChannels.room(ids.unstaffedRoom));

    await t.database.db
      .transaction(async (tx) => {
        await publish(tx, channel, 'message.created', { content: 'never sent' });
        throw new Error('roll back');
      })
      .catch(() => {});
    const published = await t.database.db.transaction((tx) =>
      publish(tx, channel, 'message.created', { content: 'Plumber at 10' }),
    );

    for (const socket of [resident, manager]) {
      const [event] = await socket.waitForEvents(channel, 1);
      expect(event).toEqual({
        op: 'event',
        channel,
        id: published.id,
        type: 'message.created',
        data: { content: 'Plumber at 10' },
        at: published.at,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const socket of [resident, manager]) expect(socket.events(channel)).toHaveLength(1);
    expect(bystander.received.filter((message) => message.op === 'event')).toEqual([]);
  });

  it('sends an event too large for NOTIFY by reading it from the log', async () => {
    const channel = realtimeChannels.thread(ids.residentThread);
    const socket = await open('resident');
    await socket.subscribe(channel);
    const content = 'ø'.repeat(6000); // 12,000 bytes of UTF-8
    await publish(t.database.db, channel, 'message.created', { content });
    await publish(t.database.db, channel, 'workflow.updated', { status: 'active' });
    const events = await socket.waitForEvents(channel, 2);
    expect(events.map((event) => event.type)).toEqual(['message.created', 'workflow.updated']);
    expect(events[0]!.data).toEqual({ content });
    expect(events[1]!.id).toBe(events[0]!.id + 1);
  });

  it('keeps order under a burst of concurrent publishes', async () => {
    const channel = realtimeChannels.userThreads(ids.users.resident!);
    const socket = await open('resident');
    const subscribed = await socket.subscribe(channel);
    const start = subscribed.op === 'subscribed' ? subscribed.lastId : -1;
    await Promise.all(
      Array.from({ length: 30 }, (_, index) => publish(t.database.db, channel, 'thread.updated', { index })),
    );
    const events = await socket.waitForEvents(channel, 30);
    expect(events.map((event) => event.id)).toEqual(
      Array.from({ length: 30 }, (_, index) => start + index + 1),
    );
  });

  it('stops sending a channel after unsubscribe', async () => {
    const room = realtimeChannels.room(ids.sinkRoom);
    const threads = realtimeChannels.userThreads(ids.users.manager!);
    const socket = await open('manager');
    await socket.subscribe(room);
    await socket.subscribe(threads);
    socket.send({ op: 'unsubscribe', channel: room });
    socket.send({ op: 'ping' });
    await socket.waitFor((message) => message.op === 'pong');
    await publish(t.database.db, room, 'message.created', { content: 'after unsubscribe' });
    await publish(t.database.db, threads, 'thread.created', { id: 'x' });
    await socket.waitForEvents(threads, 1);
    expect(socket.events(room)).toEqual([]);
  });
});

describe('catch-up after a reconnect', () => {
  it('replays exactly what was missed, in order, then continues live without duplicates', async () => {
    const channel = realtimeChannels.room(ids.sinkRoom);
    const first = await open('vendor');
    await first.subscribe(channel);
    await publish(t.database.db, channel, 'message.created', { n: 1 });
    await publish(t.database.db, channel, 'message.created', { n: 2 });
    const seen = await first.waitForEvents(channel, 2);
    const lastSeen = seen.at(-1)!.id;
    first.close();
    await first.closed;

    for (const n of [3, 4, 5]) await publish(t.database.db, channel, 'message.created', { n });
    const second = await open('vendor');
    const answer = await second.subscribe(channel, lastSeen);
    expect(answer).toMatchObject({ op: 'subscribed', lastId: lastSeen + 3, replayed: 3, isCaughtUp: true });
    expect(second.events(channel).map((event) => event.data)).toEqual([{ n: 3 }, { n: 4 }, { n: 5 }]);
    await publish(t.database.db, channel, 'message.created', { n: 6 });
    const after = await second.waitForEvents(channel, 4);
    expect(after.map((event) => event.id)).toEqual([1, 2, 3, 4].map((k) => lastSeen + k));
  });

  it('loses and repeats nothing when events keep coming while the client reconnects', async () => {
    const channel = realtimeChannels.room(ids.sinkRoom);
    const seen: number[] = [];
    let socket = await open('resident');
    const subscribed = await socket.subscribe(channel);
    const start = subscribed.op === 'subscribed' ? subscribed.lastId : 0;
    let isPublishing = true;
    let published = 0;
    const publisher = (async () => {
      while (isPublishing) {
        await publish(t.database.db, channel, 'message.created', { n: published });
        published += 1;
        // PGlite answers without real I/O: let timers and sockets have their turn.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    for (let round = 0; round < 5; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      seen.push(...socket.events(channel).map((event) => event.id));
      socket.socket.terminate();
      socket = await open('resident');
      await socket.subscribe(channel, seen.at(-1) ?? start);
    }
    isPublishing = false;
    await publisher;
    const last = start + published;
    const deadline = Date.now() + 5000;
    while ((socket.events(channel).at(-1)?.id ?? 0) < last && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    seen.push(...socket.events(channel).map((event) => event.id));
    expect(published).toBeGreaterThan(5);
    expect(seen).toEqual(Array.from({ length: published }, (_, index) => start + index + 1));
  });

  it('says the client must reload when what it missed is no longer kept, or never existed here', async () => {
    const channel = realtimeChannels.thread(ids.residentThread);
    const socket = await open('resident');
    const { lastId } = (await socket.subscribe(channel)) as { lastId: number };
    await publish(t.database.db, channel, 'message.created', { n: 1 });
    await publish(t.database.db, channel, 'message.created', { n: 2 });
    await socket.waitForEvents(channel, 2);
    await t.database.db.execute(sql`update realtime_events set created_at = now() - interval '2 days'`);
    expect(await pruneEvents(t.database.db)).toBeGreaterThan(0);

    const late = await open('resident');
    expect(await late.subscribe(channel, lastId)).toMatchObject({
      isCaughtUp: false,
      replayed: 0,
      lastId: lastId + 2,
    });
    expect(late.events(channel)).toEqual([]);
    const fromElsewhere = await open('resident');
    expect(await fromElsewhere.subscribe(channel, lastId + 1000)).toMatchObject({ isCaughtUp: false });
    const upToDate = await open('resident');
    expect(await upToDate.subscribe(channel, lastId + 2)).toMatchObject({ isCaughtUp: true, replayed: 0 });
  });
});

describe('sessions', () => {
  async function signedInSocket(email: string) {
    const cookie = await t.signIn(email);
    const socket = await open(cookie);
    return { cookie, socket };
  }

  it('closes the sockets of a session when it signs out, within a second, and leaves other sessions open', async () => {
    const { cookie, socket } = await signedInSocket('board@commonwise.test');
    const { socket: otherDevice } = await signedInSocket('board@commonwise.test');
    const signedOutAt = Date.now();
    const response = await injectAs(t.app, cookie, {
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const closed = await socket.closed;
    expect(closed.code).toBe(realtimeCloseCodes.sessionEnded);
    expect(Date.now() - signedOutAt).toBeLessThan(1000);
    otherDevice.send({ op: 'ping' });
    await otherDevice.waitFor((message) => message.op === 'pong');
    // The same cookie cannot open a new one.
    await expect(open(cookie)).rejects.toMatchObject({ status: 401 });
  });

  it('closes them when the session ends elsewhere (another server process, expiry)', async () => {
    const { cookie, socket } = await signedInSocket('developer@commonwise.test');
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const endedAt = Date.now();
    await t.database.db.delete(sessions).where(eq(sessions.token, token));
    expect((await socket.closed).code).toBe(realtimeCloseCodes.sessionEnded);
    expect(Date.now() - endedAt).toBeLessThan(1000);
  });

  it('closes them when an admin deactivates the person', async () => {
    const email = demoAccounts.find((account) => account.role === 'vendor')!.email;
    const { socket } = await signedInSocket(email);
    const response = await injectAs(t.app, await t.cookieFor('admin'), {
      method: 'POST',
      url: `/api/users/${ids.users.vendor}/deactivate`,
    });
    expect(response.statusCode).toBe(200);
    expect((await socket.closed).code).toBe(realtimeCloseCodes.sessionEnded);
    await injectAs(t.app, await t.cookieFor('admin'), {
      method: 'POST',
      url: `/api/users/${ids.users.vendor}/reactivate`,
    });
  });
});
