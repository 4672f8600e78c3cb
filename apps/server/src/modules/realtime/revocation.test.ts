import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { realtimeChannels, realtimeCloseCodes, type Role, type RoomParticipant } from '@commonwise/contracts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import {
  breakoutRooms,
  chatThreads,
  profiles,
  properties,
  propertyManagers,
  roomParticipants,
  unitOccupancies,
  unitOwnerships,
  units,
  workOrders,
} from '../../db/schema/index.ts';
import { createUserWithPassword } from '../users/users.service.ts';
import { publish } from './publish.ts';
import { listenForRealtime, TestSocket } from './test-client.ts';

/**
 * Access that ends, ends on open sockets too (issue 15): each test holds a socket open across one kind
 * of access change made through the API, and checks that the subscription ends with ACCESS_ENDED and
 * that nothing posted afterwards reaches it — while someone who still has access does get it — and
 * that HTTP agrees (404).
 */

let t: TestApp;
let url: string;
let users: Record<string, string>;
let willowId: string;
let harborId: string;
const sockets: TestSocket[] = [];

async function open(who: Role | string): Promise<TestSocket> {
  const cookie = who.includes('@') ? await t.signIn(who) : await t.cookieFor(who as Role);
  const socket = await TestSocket.open(url, { cookie });
  sockets.push(socket);
  return socket;
}

async function cookieOf(who: Role | string) {
  return who.includes('@') ? t.signIn(who) : t.cookieFor(who as Role);
}

/** A work order with one room and these participants. */
async function workOrderWithRoom(input: {
  propertyId: string;
  residentId: string;
  vendorId?: string;
  participants: { userId: string; role: RoomParticipant['role'] }[];
}) {
  const db = t.database.db;
  const [order] = await db
    .insert(workOrders)
    .values({
      propertyId: input.propertyId,
      residentId: input.residentId,
      vendorId: input.vendorId ?? null,
      summary: 'Revocation test: a door that sticks',
      mainCategory: 'other',
    })
    .returning();
  const [room] = await db
    .insert(breakoutRooms)
    .values({ roomName: 'Door', workOrderId: order!.id })
    .returning();
  await db.insert(roomParticipants).values(input.participants.map((p) => ({ ...p, roomId: room!.id })));
  return { workOrderId: order!.id, roomId: room!.id, channel: realtimeChannels.room(room!.id) };
}

/** Posts in the room as `who` and waits until `witness` (who still has access) receives it. */
async function postSeenBy(who: Role | string, roomId: string, content: string, witness: TestSocket) {
  const posted = await injectAs(t.app, await cookieOf(who), {
    method: 'POST',
    url: `/api/work-rooms/${roomId}/messages`,
    payload: { content },
  });
  expect(posted.statusCode).toBe(201);
  const channel = realtimeChannels.room(roomId);
  await witness.waitFor(
    (message) =>
      message.op === 'event' &&
      message.channel === channel &&
      (message.data as { content?: string }).content === content,
  );
  // Time for anything on its way to the other socket to arrive.
  await new Promise((resolve) => setTimeout(resolve, 150));
}

const contentsOn = (socket: TestSocket, channel: string) =>
  socket.events(channel).map((event) => (event.data as { content?: string }).content);

const accessEnded = (socket: TestSocket, channel: string) =>
  socket.waitFor((message) => message.op === 'error' && message.channel === channel);

beforeAll(async () => {
  t = await createTestApp();
  url = await listenForRealtime(t.app);
  const db = t.database.db;
  const people = await db.select({ id: profiles.id, email: profiles.email }).from(profiles);
  users = Object.fromEntries(people.map((person) => [person.email.split('@')[0]!, person.id]));
  const idOf = async (name: string) =>
    (await db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!.id;
  willowId = await idOf('Willow Creek Commons');
  harborId = await idOf('Harbor View Condominiums');
});

afterAll(async () => {
  for (const socket of sockets) socket.socket.terminate();
  await t.close();
});

describe('revocation reaches open sockets', () => {
  it('a vendor taken off a work order stops receiving its room at once', async () => {
    const room = await workOrderWithRoom({
      propertyId: willowId,
      residentId: users.resident!,
      vendorId: users.vendor!,
      participants: [
        { userId: users.resident!, role: 'resident' },
        { userId: users.manager!, role: 'manager' },
        { userId: users.vendor!, role: 'vendor' },
      ],
    });
    const vendor = await open('vendor');
    const resident = await open('resident');
    expect((await vendor.subscribe(room.channel)).op).toBe('subscribed');
    expect((await resident.subscribe(room.channel)).op).toBe('subscribed');
    await postSeenBy('manager', room.roomId, 'before: the vendor reads this', vendor);

    const unassigned = await injectAs(t.app, await t.cookieFor('manager'), {
      method: 'PUT',
      url: `/api/work-orders/${room.workOrderId}/vendor`,
      payload: { vendorId: null },
    });
    expect(unassigned.statusCode).toBe(200);
    // Posted straight after, without waiting for the socket to be told: it must not get through.
    await postSeenBy('manager', room.roomId, 'after: not for the old vendor', resident);

    expect(await accessEnded(vendor, room.channel)).toMatchObject({ op: 'error', code: 'ACCESS_ENDED' });
    expect(contentsOn(vendor, room.channel)).toContain('before: the vendor reads this');
    expect(contentsOn(vendor, room.channel)).not.toContain('after: not for the old vendor');
    const vendorCookie = await t.cookieFor('vendor');
    for (const path of [`/api/work-rooms/${room.roomId}`, `/api/work-orders/${room.workOrderId}`]) {
      expect((await injectAs(t.app, vendorCookie, { method: 'GET', url: path })).statusCode).toBe(404);
    }
    // Subscribing again is refused, as for a room that does not exist.
    expect(await (await open('vendor')).subscribe(room.channel)).toMatchObject({
      op: 'error',
      code: 'NOT_FOUND',
    });
  });

  it('a deleted thread closes on every tab of its owner', async () => {
    const [thread] = await t.database.db
      .insert(chatThreads)
      .values({ userId: users.resident!, title: 'To delete' })
      .returning();
    const channel = realtimeChannels.thread(thread!.id);
    const tabs = [await open('resident'), await open('resident')];
    for (const tab of tabs) expect((await tab.subscribe(channel)).op).toBe('subscribed');
    const deleted = await injectAs(t.app, await t.cookieFor('resident'), {
      method: 'DELETE',
      url: `/api/chat/threads/${thread!.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    await publish(t.database.db, channel, 'message.created', { content: 'after deletion' });
    for (const tab of tabs) {
      expect(await accessEnded(tab, channel)).toMatchObject({ code: 'ACCESS_ENDED' });
      expect(tab.events(channel)).toEqual([]);
    }
  });

  it('a resident who moved out loses the rooms of their requests there', async () => {
    const room = await workOrderWithRoom({
      propertyId: harborId,
      residentId: users.resident2!,
      participants: [
        { userId: users.resident2!, role: 'resident' },
        { userId: users.manager2!, role: 'manager' },
      ],
    });
    const tenant = await open('resident2@commonwise.test');
    const manager = await open('manager2@commonwise.test');
    expect((await tenant.subscribe(room.channel)).op).toBe('subscribed');
    expect((await manager.subscribe(room.channel)).op).toBe('subscribed');
    // Her tenancy of 3-402: the residents card removes an occupant by its occupancy.
    const [residence] = await t.database.db
      .select({ id: unitOccupancies.id })
      .from(unitOccupancies)
      .where(eq(unitOccupancies.userId, users.resident2!));

    const removed = await injectAs(t.app, await t.cookieFor('admin'), {
      method: 'DELETE',
      url: `/api/properties/${harborId}/residents/${residence!.id}`,
    });
    expect(removed.statusCode).toBe(204);
    await postSeenBy('manager2@commonwise.test', room.roomId, 'after the move-out', manager);

    expect(await accessEnded(tenant, room.channel)).toMatchObject({ code: 'ACCESS_ENDED' });
    expect(contentsOn(tenant, room.channel)).not.toContain('after the move-out');
    // The others are told that they left.
    expect(contentsOn(manager, room.channel)).toContain(`${await nameOf('resident2')} left the room.`);
    const tenantCookie = await t.signIn('resident2@commonwise.test');
    expect(
      (await injectAs(t.app, tenantCookie, { method: 'GET', url: `/api/work-rooms/${room.roomId}` }))
        .statusCode,
    ).toBe(404);
    const orders = await injectAs(t.app, tenantCookie, { method: 'GET', url: '/api/work-orders' });
    const ids = orders.json<{ workOrders: { id: string }[] }>().workOrders.map((order) => order.id);
    expect(ids).not.toContain(room.workOrderId);
  });

  it('an ownership that ends by its date (no one acting) ends the room when the day changes', async () => {
    // A Willow Creek owner-occupant's request, with its room; their ownership and occupancy of the unit
    // end today — as if the sale had been recorded weeks ago with today's closing date, so nothing
    // signalled now.
    const owner = await createUserWithPassword(t.database.db, {
      email: 'seller@example.com',
      fullName: 'Sam Seller',
      role: 'resident',
      password: 'seller-password',
      emailVerified: true,
    });
    const [unit] = await t.database.db
      .select({ id: units.id })
      .from(units)
      .where(and(eq(units.propertyId, willowId), eq(units.label, '13A')));
    const [ownership] = await t.database.db
      .insert(unitOwnerships)
      .values({ unitId: unit!.id, userId: owner.id, startsOn: '2020-01-01' })
      .returning();
    const room = await workOrderWithRoom({
      propertyId: willowId,
      residentId: owner.id,
      participants: [
        { userId: owner.id, role: 'resident' },
        { userId: users.manager!, role: 'manager' },
      ],
    });
    const seller = await TestSocket.open(url, {
      cookie: await t.signIn('seller@example.com', 'seller-password'),
    });
    sockets.push(seller);
    const manager = await open('manager');
    expect((await seller.subscribe(room.channel)).op).toBe('subscribed');
    expect((await manager.subscribe(room.channel)).op).toBe('subscribed');

    await t.database.db
      .update(unitOwnerships)
      .set({ endsOn: sql`current_date` })
      .where(eq(unitOwnerships.id, ownership!.id));
    // The hub notices the new day (its clock is turned here instead of waiting for midnight).
    (t.app.realtime as unknown as { day: string }).day = '2000-01-01';
    await t.app.realtime.checkDay();
    expect(await accessEnded(seller, room.channel)).toMatchObject({ code: 'ACCESS_ENDED' });
    await postSeenBy('manager', room.roomId, 'after the closing', manager);
    expect(contentsOn(seller, room.channel)).not.toContain('after the closing');
  });

  it('a role change closes the socket before anything else is delivered', async () => {
    const room = await workOrderWithRoom({
      propertyId: willowId,
      residentId: users.resident!,
      participants: [{ userId: users.resident!, role: 'resident' }],
    });
    const board = await open('board');
    expect((await board.subscribe(room.channel)).op).toBe('subscribed');
    const changed = await injectAs(t.app, await t.cookieFor('admin'), {
      method: 'PATCH',
      url: `/api/users/${users.board!}/role`,
      payload: { role: 'developer' },
    });
    expect(changed.statusCode).toBe(200);
    await publish(t.database.db, room.channel, 'message.created', { content: 'after the role change' });
    expect((await board.closed).code).toBe(realtimeCloseCodes.reconnect);
    expect(board.events(room.channel)).toEqual([]);
  });

  it('a manager removed from a property loses its rooms over HTTP and realtime, though they posted there', async () => {
    const room = await workOrderWithRoom({
      propertyId: willowId,
      residentId: users.resident!,
      participants: [
        { userId: users.resident!, role: 'resident' },
        { userId: users.manager!, role: 'manager' },
      ],
    });
    const manager = await open('manager');
    const resident = await open('resident');
    expect((await manager.subscribe(room.channel)).op).toBe('subscribed');
    expect((await resident.subscribe(room.channel)).op).toBe('subscribed');
    await postSeenBy('manager', room.roomId, 'the manager was here', resident);
    const [assignment] = await t.database.db
      .select({ id: propertyManagers.id })
      .from(propertyManagers)
      .where(eq(propertyManagers.userId, users.manager!));

    const removed = await injectAs(t.app, await t.cookieFor('admin'), {
      method: 'DELETE',
      url: `/api/properties/${willowId}/managers/${assignment!.id}`,
    });
    expect(removed.statusCode).toBe(204);
    await postSeenBy('resident', room.roomId, 'after the manager left', resident);

    expect(await accessEnded(manager, room.channel)).toMatchObject({ code: 'ACCESS_ENDED' });
    expect(contentsOn(manager, room.channel)).not.toContain('after the manager left');
    const cookie = await t.cookieFor('manager');
    const answers = {
      room: (await injectAs(t.app, cookie, { method: 'GET', url: `/api/work-rooms/${room.roomId}` }))
        .statusCode,
      messages: (
        await injectAs(t.app, cookie, { method: 'GET', url: `/api/work-rooms/${room.roomId}/messages` })
      ).statusCode,
      post: (
        await injectAs(t.app, cookie, {
          method: 'POST',
          url: `/api/work-rooms/${room.roomId}/messages`,
          payload: { content: 'still here?' },
        })
      ).statusCode,
      workOrder: (
        await injectAs(t.app, cookie, { method: 'GET', url: `/api/work-orders/${room.workOrderId}` })
      ).statusCode,
    };
    expect(answers).toEqual({ room: 404, messages: 404, post: 404, workOrder: 404 });
    const list = await injectAs(t.app, cookie, { method: 'GET', url: '/api/work-rooms' });
    expect(list.json<{ workOrders: unknown[] }>().workOrders).toEqual([]);
    const [participation] = await t.database.db
      .select({ isActive: roomParticipants.isActive })
      .from(roomParticipants)
      .where(and(eq(roomParticipants.userId, users.manager!), eq(roomParticipants.roomId, room.roomId)));
    expect(participation?.isActive).toBe(false);
  });
});

async function nameOf(handle: string) {
  const [person] = await t.database.db
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, users[handle]!));
  return person!.fullName;
}
