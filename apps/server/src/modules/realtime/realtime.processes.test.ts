import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { realtimeChannels, realtimeCloseCodes } from '@commonwise/contracts';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { breakoutRooms } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { publish } from './publish.ts';
import { listenForRealtime, TestSocket } from './test-client.ts';

/**
 * Two server processes on one PostgreSQL database (two apps, each with its own pool and LISTEN
 * connection, as two processes would have): each delivers the other's events. PGlite is one
 * process's database, so this runs with TEST_DATABASE_URL only.
 */
const isPostgres = Boolean(inject('postgresTemplate'));

describe.skipIf(!isPostgres)('two server processes on one database', () => {
  let t: TestApp;
  let secondDatabase: Database;
  let second: FastifyInstance;
  let urlA: string;
  let urlB: string;
  let room: string;
  const sockets: TestSocket[] = [];

  async function open(url: string, cookie: string) {
    const socket = await TestSocket.open(url, { cookie });
    sockets.push(socket);
    return socket;
  }

  beforeAll(async () => {
    t = await createTestApp();
    secondDatabase = await openDatabase({
      kind: 'postgres',
      url: t.database.pool!.options.connectionString!,
      poolSize: 4,
    });
    second = await buildApp({ config: t.config, database: secondDatabase, logger: false });
    await second.ready();
    urlA = await listenForRealtime(t.app);
    urlB = await listenForRealtime(second);
    const [sinkRoom] = await t.database.db
      .select({ id: breakoutRooms.id })
      .from(breakoutRooms)
      .where(eq(breakoutRooms.roomName, 'Kitchen sink leak'));
    room = realtimeChannels.room(sinkRoom!.id);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.socket.terminate();
    await second?.close();
    await secondDatabase?.close();
    await t?.close();
  });

  it("delivers each process's events to subscribers on both, once each, in order", async () => {
    const onA = await open(urlA, await t.cookieFor('resident'));
    const onB = await open(urlB, await t.cookieFor('manager'));
    const { lastId } = (await onA.subscribe(room)) as { lastId: number };
    await onB.subscribe(room);

    await publish(t.database.db, room, 'message.created', { from: 'A' });
    await secondDatabase.db.transaction((tx) => publish(tx, room, 'message.created', { from: 'B' }));
    await publish(t.database.db, room, 'message.created', { from: 'A again' });

    for (const socket of [onA, onB]) {
      const events = await socket.waitForEvents(room, 3);
      expect(events.map((event) => [event.id, event.data])).toEqual([
        [lastId + 1, { from: 'A' }],
        [lastId + 2, { from: 'B' }],
        [lastId + 3, { from: 'A again' }],
      ]);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onA.events(room)).toHaveLength(3);
    expect(onB.events(room)).toHaveLength(3);
  });

  it('lets a client that drops off one process catch up on the other', async () => {
    const cookie = await t.cookieFor('vendor');
    const onA = await open(urlA, cookie);
    await onA.subscribe(room);
    await publish(secondDatabase.db, room, 'message.created', { n: 1 });
    const [seen] = await onA.waitForEvents(room, 1);
    onA.socket.terminate();
    await publish(t.database.db, room, 'message.created', { n: 2 });
    await publish(secondDatabase.db, room, 'message.created', { n: 3 });

    const onB = await open(urlB, cookie);
    expect(await onB.subscribe(room, seen!.id)).toMatchObject({ replayed: 2, isCaughtUp: true });
    expect(onB.events(room).map((event) => event.data)).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('closes sockets on one process within a second of signing out on the other', async () => {
    const cookie = await t.signIn('board@commonwise.test');
    const onB = await open(urlB, cookie);
    onB.send({ op: 'ping' });
    await onB.waitFor((message) => message.op === 'pong');
    const signedOutAt = Date.now();
    const response = await injectAs(t.app, cookie, {
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect((await onB.closed).code).toBe(realtimeCloseCodes.sessionEnded);
    expect(Date.now() - signedOutAt).toBeLessThan(1000);
  });

  it('reconnects its LISTEN connection when PostgreSQL drops it, and delivers what was sent meanwhile', async () => {
    const onA = await open(urlA, await t.cookieFor('admin'));
    const { lastId } = (await onA.subscribe(room)) as { lastId: number };
    const listener = t.app.realtime.listenerBackendPid;
    expect(listener).toBeTypeOf('number');
    // What a restart or failover does to the connection.
    await secondDatabase.db.execute(sql`select pg_terminate_backend(${listener})`);
    for (const n of [1, 2, 3]) await publish(secondDatabase.db, room, 'message.created', { n });

    const events = await onA.waitForEvents(room, 3, 10_000);
    expect(events.map((event) => event.id)).toEqual([lastId + 1, lastId + 2, lastId + 3]);
    expect(t.app.realtime.listenerBackendPid).not.toBe(listener);
    await publish(secondDatabase.db, room, 'message.created', { n: 4 });
    expect((await onA.waitForEvents(room, 4)).at(-1)!.id).toBe(lastId + 4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onA.events(room)).toHaveLength(4);
  });

  it('ends a subscription on one process at once when access ends through the other', async () => {
    const onB = await open(urlB, await t.cookieFor('vendor'));
    await onB.subscribe(room);
    const [sinkRoom] = await t.database.db
      .select({ workOrderId: breakoutRooms.workOrderId })
      .from(breakoutRooms)
      .where(eq(breakoutRooms.roomName, 'Kitchen sink leak'));
    const manager = await t.cookieFor('manager');
    const unassigned = await injectAs(t.app, manager, {
      method: 'PUT',
      url: `/api/work-orders/${sinkRoom!.workOrderId}/vendor`,
      payload: { vendorId: null },
    });
    expect(unassigned.statusCode).toBe(200);
    const eventsBefore = onB.events(room).length;
    // Published through process A straight after the change: process B must not pass it on.
    await publish(t.database.db, room, 'message.created', { content: 'not for the old vendor' });
    expect(await onB.waitFor((message) => message.op === 'error' && message.channel === room)).toMatchObject({
      code: 'ACCESS_ENDED',
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = onB.events(room).slice(eventsBefore);
    expect(after.map((event) => event.data)).not.toContainEqual({ content: 'not for the old vendor' });
  });
});
