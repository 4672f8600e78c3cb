import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role, VendorPortal } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { breakoutRooms } from '../../db/schema/index.ts';
import { demoPassword } from '../auth/demo-accounts.ts';
import { createUserWithPassword } from '../users/users.service.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function portalOf(cookie: string) {
  const response = await injectAs(t.app, cookie, { method: 'GET', url: '/api/vendor-portal' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VendorPortal>().workOrders;
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
});
