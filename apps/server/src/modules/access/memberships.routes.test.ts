import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { profiles, properties, unitOwnerships, units, workOrders } from '../../db/schema/index.ts';
import { uploadForm } from '../../test/fixtures/documents.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

/**
 * Access is the union of a person's memberships, and each membership gives only what it gives (issue
 * 17; docs/access.md): Willow Creek's manager who also owns a condo at Harbor View reads Harbor View as
 * an owner — but runs nothing there: no uploads, no work order changes, no joining its rooms.
 */

let t: TestApp;
let harborId: string;
let garageWorkOrderId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  [{ id: harborId }] = (await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, 'Harbor View Condominiums'))) as [{ id: string }];
  const [manager] = await db.select().from(profiles).where(eq(profiles.email, 'manager@commonwise.test'));
  const [condo] = await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.propertyId, harborId), eq(units.label, '2-210')));
  await db.insert(unitOwnerships).values({ unitId: condo!.id, userId: manager!.id, startsOn: '2024-05-01' });
  [{ id: garageWorkOrderId }] = (await db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(eq(workOrders.propertyId, harborId))) as [{ id: string }];
});
afterAll(async () => t.close());

describe('a manager who owns a home in another association', () => {
  it('reads that association as a member', async () => {
    const manager = await t.cookieFor('manager');
    const names = (await injectAs(t.app, manager, { method: 'GET', url: '/api/properties' }))
      .json<{ properties: { name: string }[] }>()
      .properties.map((property) => property.name);
    expect(names).toEqual(['Harbor View Condominiums', 'Willow Creek Commons']);
    const documents = await injectAs(t.app, manager, {
      method: 'GET',
      url: `/api/properties/${harborId}/documents`,
    });
    expect(documents.statusCode).toBe(200);
  });

  it('may not upload its documents, change its work orders or take over its rooms', async () => {
    const manager = await t.cookieFor('manager');
    const upload = await injectAs(t.app, manager, {
      method: 'POST',
      url: `/api/properties/${harborId}/documents`,
      payload: uploadForm(
        { name: 'notice.txt', bytes: Buffer.from('Not mine to file') },
        { category: 'other' },
      ),
    });
    expect(upload.statusCode, upload.body).toBe(403);
    // Another resident's work order of that association is not theirs to see at all.
    const order = await injectAs(t.app, manager, {
      method: 'GET',
      url: `/api/work-orders/${garageWorkOrderId}`,
    });
    expect(order.statusCode).toBe(404);
    const status = await injectAs(t.app, manager, {
      method: 'PATCH',
      url: `/api/work-orders/${garageWorkOrderId}/status`,
      payload: { status: 'completed' },
    });
    expect([403, 404]).toContain(status.statusCode);
    const [after] = await t.database.db.select().from(workOrders).where(eq(workOrders.id, garageWorkOrderId));
    expect(after!.status).not.toBe('completed');
  });
});
