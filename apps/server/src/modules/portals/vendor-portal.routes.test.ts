import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role, VendorPortal } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { breakoutRooms, properties, workOrders } from '../../db/schema/index.ts';
import { demoPassword } from '../auth/demo-accounts.ts';
import { createUserWithPassword } from '../users/users.service.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function pageOf(cookie: string, query = '') {
  const response = await injectAs(t.app, cookie, { method: 'GET', url: `/api/vendor-portal${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VendorPortal>();
}
const portalOf = async (cookie: string) => (await pageOf(cookie)).workOrders;

/** `days` from today's date in Chicago (Willow Creek's time zone), as a date-only value. */
function chicagoDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe('vendor portal work orders', () => {
  it("lists the seeded vendor's assigned work orders, open first, each with its room", async () => {
    const [sinkRoom] = await t.database.db
      .select({ id: breakoutRooms.id })
      .from(breakoutRooms)
      .where(eq(breakoutRooms.roomName, 'Kitchen sink leak'));
    const workOrders = await portalOf(await t.cookieFor('vendor'));
    expect(workOrders.map((order) => order.description)).toEqual([
      'Kitchen sink leaking under the cabinet',
      'Pool gate latch does not close',
    ]);
    expect(workOrders[0]).toMatchObject({
      property: { name: 'Willow Creek Commons', address: '1200 Willow Creek Drive, Austin, TX 78704' },
      status: 'in_progress',
      priority: 'high',
      roomId: sinkRoom!.id,
      vendor: { fullName: 'Victor Ortiz', email: 'vendor@commonwise.test' },
    });
    expect(workOrders[0]!.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The pool gate has no work room: nothing to open.
    expect(workOrders[1]).toMatchObject({ status: 'completed', roomId: null });
  });

  it('shows another vendor none of them', async () => {
    await createUserWithPassword(t.database.db as Db, {
      email: 'other-vendor@example.com',
      fullName: 'Olga Other',
      role: 'vendor',
      password: demoPassword,
      emailVerified: true,
    });
    expect(await portalOf(await t.signIn('other-vendor@example.com'))).toEqual([]);
  });

  it('shows admins every assigned work order, and no unassigned one', async () => {
    const workOrders = await portalOf(await t.cookieFor('admin'));
    expect(workOrders).toHaveLength(2);
    expect(workOrders.map((order) => order.description)).not.toContain(
      'Streetlight out in front of unit 14B',
    );
  });

  it('is for vendors and admins only', async () => {
    for (const role of ['resident', 'manager', 'board', 'developer'] as Role[]) {
      const response = await injectAs(t.app, await t.cookieFor(role), {
        method: 'GET',
        url: '/api/vendor-portal',
      });
      expect(response.statusCode, role).toBe(403);
    }
  });

  it('pages a busy vendor: counts over all their work orders, open ones by due date first, then the newest finished', async () => {
    const db = t.database.db as Db;
    const vendor = await createUserWithPassword(db, {
      email: 'busy-vendor@example.com',
      fullName: 'Bea Busy',
      role: 'vendor',
      password: demoPassword,
      emailVerified: true,
    });
    const [willow] = await db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.name, 'Willow Creek Commons'));
    const order = (summary: string, status: string, dueDate: string | null, createdAt: string) => ({
      propertyId: willow!.id,
      vendorId: vendor.id,
      summary,
      mainCategory: 'other',
      status: status as 'new',
      dueDate,
      createdAt: new Date(createdAt),
    });
    await db
      .insert(workOrders)
      .values([
        order('Finished long ago', 'completed', chicagoDate(-400), '2024-01-05T10:00:00Z'),
        order('No due date', 'new', null, '2026-01-01T10:00:00Z'),
        order('Due in a month', 'pending', chicagoDate(30), '2025-06-01T10:00:00Z'),
        order('Overdue', 'in_progress', chicagoDate(-3), '2025-05-01T10:00:00Z'),
        order('Due in a week', 'new', chicagoDate(7), '2025-07-01T10:00:00Z'),
        order('Finished lately', 'completed', chicagoDate(-2), '2025-12-01T10:00:00Z'),
        order('Called off', 'cancelled', chicagoDate(1), '2025-11-01T10:00:00Z'),
      ]);
    const cookie = await t.signIn('busy-vendor@example.com');

    const first = await pageOf(cookie, '?limit=3');
    expect(first.summary).toEqual({ open: 4, dueSoon: 2, completed: 2 });
    expect(first).toMatchObject({ total: 7, page: 1, limit: 3 });
    expect(first.workOrders.map((o) => o.description)).toEqual([
      'Overdue',
      'Due in a week',
      'Due in a month',
    ]);
    const second = await pageOf(cookie, '?limit=3&page=2');
    expect(second.summary).toEqual(first.summary);
    expect(second.workOrders.map((o) => o.description)).toEqual([
      'No due date',
      'Finished lately',
      'Called off',
    ]);
    const last = await pageOf(cookie, '?limit=3&page=3');
    expect(last.workOrders.map((o) => o.description)).toEqual(['Finished long ago']);
    expect((await pageOf(cookie, '?limit=3&page=4')).workOrders).toEqual([]);
    // Twenty by default, a hundred at most.
    expect((await pageOf(cookie)).limit).toBe(20);
    const tooMany = await injectAs(t.app, cookie, { method: 'GET', url: '/api/vendor-portal?limit=101' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields).toEqual({ limit: 'Limit must be at most 100' });
  });

  it('counts nothing for a vendor with no work', async () => {
    const page = await pageOf(await t.signIn('other-vendor@example.com'));
    expect(page).toEqual({
      summary: { open: 0, dueSoon: 0, completed: 0 },
      workOrders: [],
      total: 0,
      page: 1,
      limit: 20,
    });
  });
});
