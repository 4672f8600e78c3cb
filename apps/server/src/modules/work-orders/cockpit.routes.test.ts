import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@commonwise/contracts';
import { breakoutRooms, profiles, workOrders } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { currentHomes } from '../access/homes.ts';

/**
 * Issue 26 item 3: the manager does the whole job from the manager portal — the full work order, its
 * priority and due date, assigning the vendor (who joins the room in the same step), and internal
 * notes that residents and vendors never see, by any route.
 */

let t: TestApp;
let sinkLeakId: string;
let sinkRoomId: string;
let streetlightId: string;
let streetlightRoomId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const find = async (summary: string) => {
    const [row] = await t.database.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(eq(workOrders.summary, summary));
    return row!.id;
  };
  sinkLeakId = await find('Kitchen sink leaking under the cabinet');
  streetlightId = await find('Streetlight out in front of unit 14B');
  const [sinkRoom] = await t.database.db
    .select({ id: breakoutRooms.id })
    .from(breakoutRooms)
    .where(eq(breakoutRooms.workOrderId, sinkLeakId));
  sinkRoomId = sinkRoom!.id;
  // The streetlight has no vendor yet; its room (as the assistant opens one with each request).
  const [streetlightRoom] = await t.database.db
    .insert(breakoutRooms)
    .values({ roomName: 'Streetlight out', workOrderId: streetlightId })
    .returning();
  streetlightRoomId = streetlightRoom!.id;
  for (const email of ['manager', 'vendor', 'resident']) {
    const [row] = await t.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, `${email}@commonwise.test`));
    ids[email] = row!.id;
  }
});
afterAll(async () => t.close());

async function as(
  role: Role | 'manager2',
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
) {
  const cookie =
    role === 'manager2' ? await t.signIn('manager2@commonwise.test') : await t.cookieFor(role as Role);
  return injectAs(t.app, cookie, { method, url, ...(payload ? { payload } : {}) });
}

describe('the full work order', () => {
  it('names the resident with their units there, the vendor, its active rooms and what the caller may do', async () => {
    // A closed room is not listed.
    await t.database.db
      .insert(breakoutRooms)
      .values({ roomName: 'Closed earlier', workOrderId: sinkLeakId, isActive: false });
    const detail = (await as('manager', 'GET', `/api/work-orders/${sinkLeakId}`)).json();
    const [workOrder] = await t.database.db
      .select({ propertyId: workOrders.propertyId })
      .from(workOrders)
      .where(eq(workOrders.id, sinkLeakId));
    const unitsThere = (await currentHomes(t.database.db, ids.resident!))
      .filter((home) => home.propertyId === workOrder!.propertyId)
      .map((home) => home.unitLabel);
    expect(unitsThere.length).toBeGreaterThan(0);
    expect(detail.resident).toEqual({ id: ids.resident, fullName: 'Ryan Chen', units: unitsThere });
    expect(detail.vendor).toEqual({ id: ids.vendor, fullName: 'Victor Ortiz' });
    const rooms = await t.database.db
      .select()
      .from(breakoutRooms)
      .where(and(eq(breakoutRooms.workOrderId, sinkLeakId), eq(breakoutRooms.isActive, true)))
      .orderBy(asc(breakoutRooms.createdAt), asc(breakoutRooms.id));
    expect(rooms.length).toBeGreaterThan(0);
    expect(detail.rooms).toEqual(
      rooms.map((room) => ({
        id: room.id,
        roomName: room.roomName,
        roomType: room.roomType,
        isActive: true,
        createdAt: room.createdAt.toISOString(),
      })),
    );
    expect(detail.permissions).toEqual({ canManage: true, canWorkOnTasks: true });
    const asResident = (await as('resident', 'GET', `/api/work-orders/${sinkLeakId}`)).json();
    expect(asResident.permissions).toEqual({ canManage: false, canWorkOnTasks: false });
    expect(asResident.resident.units).toEqual(unitsThere);
    const asVendor = (await as('vendor', 'GET', `/api/work-orders/${sinkLeakId}`)).json();
    expect(asVendor.permissions).toEqual({ canManage: false, canWorkOnTasks: true });
    expect((await as('manager2', 'GET', `/api/work-orders/${sinkLeakId}`)).statusCode).toBe(404);
  });
});

describe('priority and due date', () => {
  it('the manager changes them, logged in the activity', async () => {
    const changed = await as('manager', 'PATCH', `/api/work-orders/${streetlightId}`, {
      priority: 'high',
      dueDate: '2030-06-01',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ priority: 'high', dueDate: '2030-06-01' });
    const activity = (await as('manager', 'GET', `/api/work-orders/${streetlightId}/activity`)).json();
    expect(activity.activity[0].description).toBe(
      'Priority changed from normal to high; Due date set to 2030-06-01',
    );
  });

  it('refuses the resident and the vendor (forbidden) and another property’s manager (not found)', async () => {
    expect(
      (await as('resident', 'PATCH', `/api/work-orders/${sinkLeakId}`, { priority: 'low' })).statusCode,
    ).toBe(403);
    expect(
      (await as('vendor', 'PATCH', `/api/work-orders/${sinkLeakId}`, { priority: 'low' })).statusCode,
    ).toBe(403);
    expect(
      (await as('manager2', 'PATCH', `/api/work-orders/${sinkLeakId}`, { priority: 'low' })).statusCode,
    ).toBe(404);
    const empty = await as('manager', 'PATCH', `/api/work-orders/${sinkLeakId}`, {});
    expect(empty.statusCode).toBe(400);
  });
});

describe('assigning the vendor', () => {
  it('adds the vendor to the room in the same step', async () => {
    const before = await as('vendor', 'GET', `/api/work-rooms/${streetlightRoomId}`);
    expect(before.statusCode).toBe(404);
    const assigned = await as('manager', 'PUT', `/api/work-orders/${streetlightId}/vendor`, {
      vendorId: ids.vendor,
    });
    expect(assigned.statusCode).toBe(200);
    const room = await as('vendor', 'GET', `/api/work-rooms/${streetlightRoomId}`);
    expect(room.statusCode).toBe(200);
    expect(room.json().participants).toContainEqual(
      expect.objectContaining({ userId: ids.vendor, role: 'vendor', isActive: true }),
    );
    const posted = await as('vendor', 'POST', `/api/work-rooms/${streetlightRoomId}/messages`, {
      content: 'On my way',
    });
    expect(posted.statusCode).toBe(201);
  });
});

describe('internal notes', () => {
  const secret = 'Resident was rude to the last plumber; send two people';

  it('the manager writes and reads them; nobody else may', async () => {
    const written = await as('manager', 'POST', `/api/work-orders/${sinkLeakId}/internal-notes`, {
      body: secret,
    });
    expect(written.statusCode).toBe(201);
    expect(written.json()).toMatchObject({ body: secret, authorName: 'Maria Santos' });
    const listed = (await as('manager', 'GET', `/api/work-orders/${sinkLeakId}/internal-notes`)).json();
    expect(listed.notes[0]).toMatchObject({ body: secret });

    for (const role of ['resident', 'vendor', 'board'] as const) {
      expect((await as(role, 'GET', `/api/work-orders/${sinkLeakId}/internal-notes`)).statusCode).toBe(403);
      expect(
        (await as(role, 'POST', `/api/work-orders/${sinkLeakId}/internal-notes`, { body: 'Mine' }))
          .statusCode,
      ).toBe(403);
    }
    expect((await as('manager2', 'GET', `/api/work-orders/${sinkLeakId}/internal-notes`)).statusCode).toBe(
      404,
    );
  });

  it('never shows through any route that returns the work order, its activity or its messages', async () => {
    await as('manager', 'POST', `/api/work-orders/${sinkLeakId}/internal-notes`, { body: secret });
    const routes = [
      `/api/work-orders/${sinkLeakId}`,
      `/api/work-orders/${sinkLeakId}/activity?limit=100`,
      `/api/work-orders/${sinkLeakId}/tasks?limit=100`,
      '/api/work-orders',
      `/api/work-rooms/${sinkRoomId}`,
      `/api/work-rooms/${sinkRoomId}/messages`,
      '/api/work-rooms',
      '/api/vendor-portal',
      '/api/resident-portal',
      '/api/chat/threads',
      '/api/notifications',
    ];
    let read = 0;
    for (const role of ['resident', 'vendor'] as const) {
      for (const url of routes) {
        const response = await as(role, 'GET', url);
        if (response.statusCode === 200) read += 1;
        expect(response.body, `${role} ${url}`).not.toContain('send two people');
      }
    }
    // The resident and the vendor read most of these: the check is not vacuous.
    expect(read).toBeGreaterThanOrEqual(14);
  });
});
