import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  realtimeChannels,
  type ChatMessage,
  type Role,
  type WorkOrder,
  type WorkRoomDetail,
  type WorkRoomList,
} from '@commonwise/contracts';
import { breakoutRooms, profiles, properties, roomParticipants, workOrders } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { listenForRealtime, TestSocket } from '../realtime/test-client.ts';
import { createUserWithPassword } from '../users/users.service.ts';
import { openWorkOrder } from '../work-orders/open-work-order.ts';

let t: TestApp;
let sinkLeakId: string;
let sinkRoomId: string;
let ids: Record<string, string>;
/** Sessions by demo name (resident2, manager2…) and for the vendors made here. */
const cookies = new Map<string, string>();

const password = 'another-vendor-password';
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createUserWithPassword(db, {
    email: 'vera@vendors.test',
    fullName: 'Vera Vendor',
    role: 'vendor',
    password,
  });
  const people = await db.select({ id: profiles.id, email: profiles.email }).from(profiles);
  ids = Object.fromEntries(people.map((person) => [person.email.split('@')[0]!, person.id]));
  const [sink] = await db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(eq(workOrders.summary, 'Kitchen sink leaking under the cabinet'));
  sinkLeakId = sink!.id;
  const [room] = await db.select().from(breakoutRooms).where(eq(breakoutRooms.workOrderId, sinkLeakId));
  sinkRoomId = room!.id;
});
afterAll(async () => t.close());

type Who = Role | 'resident2' | 'manager2' | 'vera';

async function cookieOf(who: Who) {
  if (who === 'vera') {
    if (!cookies.has(who)) cookies.set(who, await t.signIn('vera@vendors.test', password));
    return cookies.get(who)!;
  }
  if (who === 'resident2' || who === 'manager2') {
    if (!cookies.has(who)) cookies.set(who, await t.signIn(`${who}@commonwise.test`));
    return cookies.get(who)!;
  }
  return t.cookieFor(who);
}

async function as(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return injectAs(t.app, await cookieOf(who), { method, url, ...(payload ? { payload } : {}) });
}

async function roomsOf(who: Who): Promise<WorkRoomList> {
  const response = await as(who, 'GET', '/api/work-rooms');
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function messagesOf(who: Who, roomId: string): Promise<ChatMessage[]> {
  return (await as(who, 'GET', `/api/work-rooms/${roomId}/messages?limit=200`)).json().messages;
}

/** A fresh work order at Willow Creek opened as the assistant does: a room with the resident and manager. */
// The app listens once; the tests that use realtime share its address.
let listening: Promise<string> | undefined;
const realtimeUrl = () => (listening ??= listenForRealtime(t.app));

async function openFreshWorkOrder(summary: string) {
  const [willow] = await t.database.db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, 'Willow Creek Commons'));
  return t.database.db.transaction(async (tx) =>
    openWorkOrder(
      tx,
      {
        residentId: ids.resident!,
        propertyId: willow!.id,
        summary,
        mainCategory: 'plumbing',
        subcategory: null,
        priority: 'normal',
        details: `${summary}, since this morning.`,
      },
      t.app.notifier,
    ),
  );
}

describe('who sees which work orders and rooms', () => {
  it.each([
    ['admin', 5, 1],
    // The board's president sits on Willow Creek's board: Willow Creek's work orders and room only.
    ['board', 3, 1],
    ['manager', 3, 1],
    ['resident', 3, 1],
    ['vendor', 2, 1],
    // Harbor View's resident and manager: other work orders, and not the Willow Creek room.
    ['resident2', 2, 0],
    ['manager2', 2, 0],
    // A vendor assigned to nothing, and a developer in no room, see nothing.
    ['vera', 0, 0],
    ['developer', 0, 0],
  ] as [Who, number, number][])('%s sees %i work orders and %i rooms', async (who, orders, rooms) => {
    const list = await roomsOf(who);
    expect(list.workOrders).toHaveLength(orders);
    expect(list.workOrders.flatMap((entry) => entry.rooms)).toHaveLength(rooms);
  });

  it('lists the newest work order first, each with its rooms and their message counts', async () => {
    const list = await roomsOf('resident');
    const times = list.workOrders.map((entry) => Date.parse(entry.workOrder.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const sink = list.workOrders.find((entry) => entry.workOrder.id === sinkLeakId)!;
    expect(sink.workOrder.property.name).toBe('Willow Creek Commons');
    expect(sink.rooms).toEqual([
      expect.objectContaining({
        id: sinkRoomId,
        roomName: 'Kitchen sink leak',
        messageCount: 3,
        isParticipant: true,
      }),
    ]);
  });

  it.each([
    ['resident2', 404],
    ['manager2', 404],
    ['vera', 404],
    ['developer', 404],
    ['board', 200],
    ['admin', 200],
    ['vendor', 200],
  ] as [Who, number][])('the sink leak room answers %s with %i', async (who, status) => {
    expect((await as(who, 'GET', `/api/work-rooms/${sinkRoomId}`)).statusCode).toBe(status);
    expect((await as(who, 'GET', `/api/work-rooms/${sinkRoomId}/messages`)).statusCode).toBe(status);
  });

  it('shows the room with its work order, people and what the caller may do', async () => {
    const detail: WorkRoomDetail = (await as('resident', 'GET', `/api/work-rooms/${sinkRoomId}`)).json();
    expect(detail.workOrder).toMatchObject({ id: sinkLeakId, status: 'in_progress' });
    expect(detail.resident).toMatchObject({ email: 'resident@commonwise.test' });
    expect(detail.vendor).toMatchObject({ email: 'vendor@commonwise.test' });
    expect(detail.participants.map((person) => [person.role, person.email])).toEqual([
      ['resident', 'resident@commonwise.test'],
      ['manager', 'manager@commonwise.test'],
      ['vendor', 'vendor@commonwise.test'],
    ]);
    expect(detail.permissions).toEqual({ canPost: true, canManage: false });
    expect((await as('manager', 'GET', `/api/work-rooms/${sinkRoomId}`)).json().permissions).toEqual({
      canPost: true,
      canManage: true,
    });
    expect((await as('board', 'GET', `/api/work-rooms/${sinkRoomId}`)).json().permissions).toEqual({
      canPost: false,
      canManage: false,
    });
  });

  it('gives the messages oldest first with their senders', async () => {
    const messages = await messagesOf('vendor', sinkRoomId);
    expect(messages).toHaveLength(3);
    const times = messages.map((message) => Date.parse(message.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(messages.every((message) => message.roomId === sinkRoomId && message.senderName)).toBe(true);
  });
});

describe('posting in a room', () => {
  it('lets a participant post a message with role user and the room id', async () => {
    const response = await as('resident', 'POST', `/api/work-rooms/${sinkRoomId}/messages`, {
      content: '  The cabinet floor is dry now.  ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      roomId: sinkRoomId,
      threadId: null,
      role: 'user',
      senderId: ids.resident,
      content: 'The cabinet floor is dry now.',
    });
    expect((await messagesOf('manager', sinkRoomId)).at(-1)!.content).toBe('The cabinet floor is dry now.');
  });

  it.each([
    ['board', 403],
    ['resident2', 404],
    ['vera', 404],
    ['developer', 404],
    ['manager2', 404],
  ] as [Who, number][])('refuses %s (%i) and stores nothing', async (who, status) => {
    const before = (await messagesOf('admin', sinkRoomId)).length;
    const response = await as(who, 'POST', `/api/work-rooms/${sinkRoomId}/messages`, {
      content: 'Let me in',
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toBeTruthy();
    expect(await messagesOf('admin', sinkRoomId)).toHaveLength(before);
  });

  it('refuses a blank message with a clear error', async () => {
    const response = await as('resident', 'POST', `/api/work-rooms/${sinkRoomId}/messages`, {
      content: '   ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.content).toBe('Type a message first');
  });

  it('lets an admin who is not in the room join it with a first message', async () => {
    const response = await as('admin', 'POST', `/api/work-rooms/${sinkRoomId}/messages`, {
      content: 'Checking in on this one.',
    });
    expect(response.statusCode).toBe(201);
    const messages = await messagesOf('resident', sinkRoomId);
    expect(messages.at(-2)).toMatchObject({
      role: 'system',
      content: 'Alex Morgan, a Commonwise administrator, has joined.',
      metadata: { kind: 'participant_joined' },
    });
    expect(messages.at(-1)).toMatchObject({ senderId: ids.admin, content: 'Checking in on this one.' });
    const detail: WorkRoomDetail = (await as('resident', 'GET', `/api/work-rooms/${sinkRoomId}`)).json();
    expect(detail.participants.find((person) => person.userId === ids.admin)).toMatchObject({
      role: 'admin',
      isActive: true,
    });
  });

  it('lets a manager of the property who is not in a room join it the same way', async () => {
    const { room } = await openFreshWorkOrder('Dripping bathtub tap');
    await t.database.db.delete(roomParticipants).where(eq(roomParticipants.roomId, room.id));
    const response = await as('manager', 'POST', `/api/work-rooms/${room.id}/messages`, {
      content: 'On it.',
    });
    expect(response.statusCode).toBe(201);
    // The resident is no longer in that room: they may not read it.
    expect((await as('resident', 'GET', `/api/work-rooms/${room.id}/messages`)).statusCode).toBe(404);
    expect((await messagesOf('manager', room.id)).map((message) => message.content)).toEqual([
      expect.stringContaining('New work order: Dripping bathtub tap.'),
      'Maria Santos, your property manager, has joined.',
      'On it.',
    ]);
  });
});

describe('reading a long conversation a page at a time', () => {
  it('gives the newest page first, then the pages before it, each oldest first, without gaps or repeats', async () => {
    const { room } = await openFreshWorkOrder('Noisy boiler');
    for (let index = 1; index <= 6; index++) {
      await as('resident', 'POST', `/api/work-rooms/${room.id}/messages`, { content: `Message ${index}` });
    }
    const everything = (await messagesOf('resident', room.id)).map((message) => message.content);
    expect(everything).toHaveLength(7);

    const pages: string[][] = [];
    let url = `/api/work-rooms/${room.id}/messages?limit=3`;
    for (;;) {
      const page = (await as('resident', 'GET', url)).json();
      pages.unshift(page.messages.map((message: ChatMessage) => message.content));
      if (!page.hasMore) break;
      url = `/api/work-rooms/${room.id}/messages?limit=3&before=${page.messages[0].id}`;
    }
    expect(pages.map((page) => page.length)).toEqual([1, 3, 3]);
    expect(pages.flat()).toEqual(everything);
    expect(pages.at(-1)).toEqual(['Message 4', 'Message 5', 'Message 6']);
  });

  it('refuses a message of another room as the place to start, and a limit out of range', async () => {
    const [sinkMessage] = await messagesOf('resident', sinkRoomId);
    const { room } = await openFreshWorkOrder('Loose railing');
    const response = await as(
      'resident',
      'GET',
      `/api/work-rooms/${room.id}/messages?before=${sinkMessage!.id}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.before).toBe('That message is not in this room.');
    expect((await as('resident', 'GET', `/api/work-rooms/${room.id}/messages?limit=0`)).statusCode).toBe(400);
    expect((await as('resident', 'GET', `/api/work-rooms/${room.id}/messages?limit=201`)).statusCode).toBe(
      400,
    );
  });
});

describe('unread counts', () => {
  const unreadOf = async (who: Who) =>
    (await roomsOf(who)).workOrders.flatMap((entry) => entry.rooms).find((room) => room.id === sinkRoomId)!
      .unreadCount;

  it("counts others' messages since the participant last looked, and clears on seen", async () => {
    expect((await as('vendor', 'POST', `/api/work-rooms/${sinkRoomId}/seen`)).statusCode).toBe(204);
    expect(await unreadOf('vendor')).toBe(0);
    await as('resident', 'POST', `/api/work-rooms/${sinkRoomId}/messages`, { content: 'One more thing' });
    await as('resident', 'POST', `/api/work-rooms/${sinkRoomId}/messages`, { content: 'and another' });
    expect(await unreadOf('vendor')).toBe(2);
    // One's own messages are never unread.
    expect(await unreadOf('resident')).toBe(0);
    await as('vendor', 'POST', `/api/work-rooms/${sinkRoomId}/seen`);
    expect(await unreadOf('vendor')).toBe(0);
    const [vendor] = await t.database.db
      .select()
      .from(roomParticipants)
      .where(eq(roomParticipants.userId, ids.vendor!));
    expect(vendor!.lastSeenAt).not.toBeNull();
  });

  it('has no unread count for someone reading a room they are not in', async () => {
    expect(await unreadOf('board')).toBeNull();
  });
});

describe('work order status', () => {
  const changeStatus = (who: Who, workOrderId: string, status: string) =>
    as(who, 'POST', `/api/work-orders/${workOrderId}/status`, { status });

  it('lets the manager move a work order along, with an activity entry and a notice in the room', async () => {
    const { workOrder, room } = await openFreshWorkOrder('Leaking shower head');
    const response = await changeStatus('manager', workOrder.id, 'in_progress');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: workOrder.id, status: 'in_progress' });

    const detail = (await as('resident', 'GET', `/api/work-orders/${workOrder.id}`)).json();
    expect(detail.workOrder.status).toBe('in_progress');
    const activity = (await as('resident', 'GET', `/api/work-orders/${workOrder.id}/activity`)).json();
    expect(activity.activity[0]).toMatchObject({
      activityType: 'status_changed',
      description: 'Status changed from New to In Progress',
      metadata: { from: 'new', to: 'in_progress' },
      actorName: 'Maria Santos',
    });
    expect((await messagesOf('resident', room.id)).at(-1)).toMatchObject({
      role: 'system',
      content: 'Maria Santos changed the status from New to In Progress.',
      metadata: { kind: 'status_changed', from: 'new', to: 'in_progress' },
    });

    expect((await changeStatus('manager', workOrder.id, 'completed')).statusCode).toBe(200);
    const completed = (await as('resident', 'GET', `/api/work-orders/${workOrder.id}/activity`)).json();
    expect(completed.activity[0]).toMatchObject({ activityType: 'completed' });
  });

  it.each([
    [
      'new',
      'completed',
      'A New work order cannot become Completed. It can become In Progress, Cancelled or Pending.',
    ],
    [
      'pending',
      'completed',
      'A Pending work order cannot become Completed. It can become In Progress or Cancelled.',
    ],
    ['pending', 'new', 'A Pending work order cannot become New. It can become In Progress or Cancelled.'],
    [
      'in_progress',
      'new',
      'A In Progress work order cannot become New. It can become Completed, Pending or Cancelled.',
    ],
    [
      'completed',
      'in_progress',
      'This work order is Completed, which is final: its status can no longer change.',
    ],
    ['cancelled', 'new', 'This work order is Cancelled, which is final: its status can no longer change.'],
    ['in_progress', 'in_progress', 'This work order is already In Progress.'],
  ])('refuses %s → %s and changes nothing', async (from, to, message) => {
    const { workOrder, room } = await openFreshWorkOrder(`Refused ${from} to ${to}`);
    await t.database.db
      .update(workOrders)
      .set({ status: from as WorkOrder['status'] })
      .where(eq(workOrders.id, workOrder.id));
    const before = await messagesOf('manager', room.id);
    const response = await changeStatus('manager', workOrder.id, to);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'INVALID_STATUS_CHANGE', message });
    const detail = (await as('manager', 'GET', `/api/work-orders/${workOrder.id}`)).json();
    expect(detail.workOrder.status).toBe(from);
    const activity = (await as('manager', 'GET', `/api/work-orders/${workOrder.id}/activity`)).json();
    expect(activity.activity.map((entry: { activityType: string }) => entry.activityType)).toEqual([
      'created',
    ]);
    expect(await messagesOf('manager', room.id)).toHaveLength(before.length);
  });

  it.each([
    ['pending', 'in_progress'],
    ['pending', 'cancelled'],
    ['new', 'pending'],
    ['new', 'cancelled'],
    ['in_progress', 'pending'],
    ['in_progress', 'cancelled'],
  ])('allows %s → %s', async (from, to) => {
    const { workOrder } = await openFreshWorkOrder(`Allowed ${from} to ${to}`);
    await t.database.db
      .update(workOrders)
      .set({ status: from as WorkOrder['status'] })
      .where(eq(workOrders.id, workOrder.id));
    expect((await changeStatus('admin', workOrder.id, to)).json().status).toBe(to);
  });

  it.each([
    ['resident', 403],
    ['vendor', 403],
    ['board', 403],
    ['manager2', 404],
  ] as [Who, number][])('refuses %s (%i)', async (who, status) => {
    expect((await changeStatus(who, sinkLeakId, 'pending')).statusCode).toBe(status);
  });

  it('refuses an unknown status with a clear error', async () => {
    const response = await changeStatus('manager', sinkLeakId, 'done');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.status).toContain('Choose a status');
  });

  it("shows the change live on the admins' and the association's board's work order lists too", async () => {
    const url = await realtimeUrl();
    const { workOrder } = await openFreshWorkOrder('Gate stuck open');
    const listeners = await Promise.all(
      (['admin', 'board'] as const).map(async (who) => {
        const socket = await TestSocket.open(url, { cookie: await t.cookieFor(who) });
        const me = (await as(who, 'GET', '/api/me')).json() as { id: string };
        const channel = realtimeChannels.userWork(me.id);
        expect(await socket.subscribe(channel)).toMatchObject({ op: 'subscribed' });
        return { socket, channel };
      }),
    );
    try {
      await changeStatus('manager', workOrder.id, 'in_progress');
      for (const { socket, channel } of listeners) {
        const [update] = await socket.waitForEvents(channel, 1);
        expect(update).toMatchObject({ type: 'work-order.updated' });
        expect((update!.data as WorkOrder).status).toBe('in_progress');
      }
    } finally {
      for (const { socket } of listeners) socket.close();
    }
  });

  it('shows the change live to the resident: their work order list channel and the room', async () => {
    const url = await realtimeUrl();
    const { workOrder, room } = await openFreshWorkOrder('Flickering hallway light');
    const socket = await TestSocket.open(url, { cookie: await t.cookieFor('resident') });
    try {
      const workChannel = realtimeChannels.userWork(ids.resident!);
      expect(await socket.subscribe(workChannel)).toMatchObject({ op: 'subscribed' });
      expect(await socket.subscribe(realtimeChannels.room(room.id))).toMatchObject({ op: 'subscribed' });
      await changeStatus('manager', workOrder.id, 'pending');
      const [update] = await socket.waitForEvents(workChannel, 1);
      expect(update).toMatchObject({ type: 'work-order.updated' });
      expect((update!.data as WorkOrder).status).toBe('pending');
      const roomEvents = await socket.waitForEvents(realtimeChannels.room(room.id), 2);
      expect(roomEvents.map((event) => event.type)).toEqual(['message.created', 'room.updated']);
      expect((roomEvents[0]!.data as ChatMessage).content).toBe(
        'Maria Santos changed the status from New to Pending.',
      );
      // A message from someone else in a room of theirs is announced on the same channel.
      await as('manager', 'POST', `/api/work-rooms/${room.id}/messages`, { content: 'Parts ordered.' });
      const events = await socket.waitForEvents(workChannel, 2);
      expect(events[1]).toMatchObject({ type: 'room.activity', data: { roomId: room.id } });
      // Nobody else may listen to the resident's channel.
      const other = await TestSocket.open(url, { cookie: await t.cookieFor('manager') });
      expect(await other.subscribe(workChannel)).toMatchObject({ op: 'error', code: 'FORBIDDEN' });
      other.close();
    } finally {
      socket.close();
    }
  });
});

describe('vendors', () => {
  it('offers the active vendors to the manager', async () => {
    const response = await as('manager', 'GET', `/api/work-orders/${sinkLeakId}/vendor-options`);
    expect(response.json().vendors.map((vendor: { email: string }) => vendor.email)).toEqual([
      'vera@vendors.test',
      'vendor@commonwise.test',
    ]);
    expect((await as('resident', 'GET', `/api/work-orders/${sinkLeakId}/vendor-options`)).statusCode).toBe(
      403,
    );
  });

  it('refuses someone who is not a vendor', async () => {
    const response = await as('manager', 'PUT', `/api/work-orders/${sinkLeakId}/vendor`, {
      vendorId: ids.resident,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.vendorId).toBe('Choose an active vendor account.');
  });

  it('reassigns: the old vendor leaves the room, the new one joins it in the same step (issue 26)', async () => {
    const response = await as('manager', 'PUT', `/api/work-orders/${sinkLeakId}/vendor`, {
      vendorId: ids.vera,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().vendorId).toBe(ids.vera);
    const detail = (await as('manager', 'GET', `/api/work-orders/${sinkLeakId}/activity`)).json();
    expect(detail.activity[0]).toMatchObject({
      activityType: 'reassigned',
      description: 'Vendor changed from Victor Ortiz to Vera Vendor',
    });
    // Victor no longer sees the work order or its room.
    expect((await as('vendor', 'GET', `/api/work-rooms/${sinkRoomId}`)).statusCode).toBe(404);
    expect(
      (await as('vendor', 'POST', `/api/work-rooms/${sinkRoomId}/messages`, { content: 'Hi' })).statusCode,
    ).toBe(404);
    expect((await messagesOf('manager', sinkRoomId)).slice(-3).map((message) => message.content)).toEqual([
      'Maria Santos: Vendor changed from Victor Ortiz to Vera Vendor.',
      // Introduced by role (issue 26 item 8), with who added her.
      'Vera Vendor, the vendor for this work order, has joined (added by Maria Santos).',
      'Victor Ortiz left the room.',
    ]);
    // Vera is in the room at once: she sees it and writes in it, with no second step.
    const veraRooms = await roomsOf('vera');
    expect(veraRooms.workOrders.map((entry) => [entry.workOrder.id, entry.rooms.length])).toEqual([
      [sinkLeakId, 1],
    ]);
    expect(
      (await as('vera', 'POST', `/api/work-rooms/${sinkRoomId}/messages`, { content: 'Hello all' }))
        .statusCode,
    ).toBe(201);

    const notAssigned = await as('manager', 'POST', `/api/work-rooms/${sinkRoomId}/participants`, {
      userId: ids.vendor,
    });
    expect(notAssigned.statusCode).toBe(400);
    expect(notAssigned.json().error.message).toBe(
      'Only the vendor assigned to this work order can be added to its room.',
    );
    const again = await as('manager', 'POST', `/api/work-rooms/${sinkRoomId}/participants`, {
      userId: ids.vera,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Vera Vendor is already in this room.');
  });

  it('lets only managers of the property and admins add people', async () => {
    expect(
      (await as('resident', 'POST', `/api/work-rooms/${sinkRoomId}/participants`, { userId: ids.vera }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as('manager2', 'POST', `/api/work-rooms/${sinkRoomId}/participants`, { userId: ids.vera }))
        .statusCode,
    ).toBe(404);
  });
});
