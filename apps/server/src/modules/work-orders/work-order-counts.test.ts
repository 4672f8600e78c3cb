import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrderSearchCountCap } from '@commonwise/contracts';
import { properties, workOrders } from '../../db/schema/index.ts';
import { rowsOf } from '../realtime/publish.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

/**
 * A work-order list's total is summed from work_order_counts, which triggers keep (migration 0023).
 * Whatever happens to work orders — made one or many at a time, moved between statuses or
 * properties, deleted with their property, truncated — the totals people see stay what counting
 * would say.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function keptAndCounted() {
  const [kept, counted] = await Promise.all([
    t.database.db.execute(
      sql`select property_id, status, count from work_order_counts where count <> 0 order by 1, 2`,
    ),
    t.database.db.execute(
      sql`select property_id, status, count(*)::int as count from work_orders group by 1, 2 order by 1, 2`,
    ),
  ]);
  return { kept: rowsOf(kept), counted: rowsOf(counted) };
}

async function totalSeenBy(role: 'admin' | 'manager' | 'board', status?: string) {
  const cookie = await t.cookieFor(role);
  const url = `/api/work-orders?limit=1${status ? `&status=${status}` : ''}`;
  return (await injectAs(t.app, cookie, { method: 'GET', url })).json().total as number;
}

async function countedFor(propertyName: string | undefined, status?: string) {
  const rows = await t.database.db
    .select({ id: workOrders.id })
    .from(workOrders)
    .innerJoin(properties, eq(properties.id, workOrders.propertyId))
    .where(
      sql`${propertyName ? sql`${properties.name} = ${propertyName}` : sql`true`} and ${
        status ? sql`${workOrders.status} = ${status}` : sql`true`
      }`,
    );
  return rows.length;
}

describe('work-order totals', () => {
  it('match counting through inserts, status and property moves, and deletions', async () => {
    const [willow, harbor] = await Promise.all(
      ['Willow Creek Commons', 'Harbor View Condominiums'].map(async (name) => {
        const [row] = await t.database.db
          .select({ id: properties.id })
          .from(properties)
          .where(eq(properties.name, name));
        return row!.id;
      }),
    );
    const before = await keptAndCounted();
    expect(before.kept).toEqual(before.counted);

    // Many at once (one statement), then moved between statuses and properties in one statement.
    const made = await t.database.db
      .insert(workOrders)
      .values(
        Array.from({ length: 7 }, (_, index) => ({
          propertyId: index % 2 ? willow! : harbor!,
          summary: `Counted ${index}`,
          mainCategory: 'plumbing',
        })),
      )
      .returning({ id: workOrders.id });
    await t.database.db
      .update(workOrders)
      .set({ status: 'in_progress' })
      .where(sql`${workOrders.summary} in ('Counted 0', 'Counted 1', 'Counted 2')`);
    await t.database.db
      .update(workOrders)
      // A new number in its new association (numbers are per association).
      .set({ propertyId: willow!, status: 'completed', referenceNumber: 999_999 })
      .where(eq(workOrders.id, made[0]!.id));
    // An update that changes neither status nor property leaves the counts as they were.
    await t.database.db.update(workOrders).set({ summary: 'Renamed' }).where(eq(workOrders.id, made[1]!.id));
    await t.database.db.delete(workOrders).where(eq(workOrders.id, made[6]!.id));
    const after = await keptAndCounted();
    expect(after.kept).toEqual(after.counted);

    expect(await totalSeenBy('admin')).toBe(await countedFor(undefined));
    expect(await totalSeenBy('admin', 'in_progress')).toBe(await countedFor(undefined, 'in_progress'));
    expect(await totalSeenBy('manager')).toBe(await countedFor('Willow Creek Commons'));
    expect(await totalSeenBy('manager', 'new')).toBe(await countedFor('Willow Creek Commons', 'new'));
    expect(await totalSeenBy('board', 'completed')).toBe(
      await countedFor('Willow Creek Commons', 'completed'),
    );
  });

  it('add up a resident\u2019s own requests and a vendor\u2019s assignments, which no kept count covers', async () => {
    for (const role of ['resident', 'vendor'] as const) {
      const cookie = await t.cookieFor(role);
      const all = await injectAs(t.app, cookie, { method: 'GET', url: '/api/work-orders?limit=100' });
      expect(all.json().total).toBe(all.json().workOrders.length);
    }
  });

  it('of a search count up to a cap and say when there are more', async () => {
    const [willow] = await t.database.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.name, 'Willow Creek Commons'));
    const admin = await t.cookieFor('admin');
    const asAdmin = async (q: string) =>
      (await injectAs(t.app, admin, { method: 'GET', url: `/api/work-orders?limit=5&q=${q}` })).json();

    await t.database.db.insert(workOrders).values(
      Array.from({ length: workOrderSearchCountCap }, (_, index) => ({
        propertyId: willow!.id,
        summary: `Capped search ${index}`,
        mainCategory: 'other',
      })),
    );
    const atCap = await asAdmin('capped%20search');
    expect(atCap).toMatchObject({ total: workOrderSearchCountCap, totalIsCapped: false });
    expect(atCap.workOrders).toHaveLength(5);

    await t.database.db
      .insert(workOrders)
      .values({ propertyId: willow!.id, summary: 'Capped search, one more', mainCategory: 'other' });
    expect(await asAdmin('capped%20search')).toMatchObject({
      total: workOrderSearchCountCap,
      totalIsCapped: true,
    });
    // Without a search the total is exact, however large.
    const all = (await injectAs(t.app, admin, { method: 'GET', url: '/api/work-orders?limit=1' })).json();
    expect(all.total).toBeGreaterThan(workOrderSearchCountCap);
    expect(all.totalIsCapped).toBe(false);
  });

  it('go with a property that is deleted, and are emptied with a truncated table', async () => {
    const [property] = await t.database.db
      .insert(properties)
      .values({ name: 'Short-lived Commons', address: '1 Gone Way', units: 2 })
      .returning({ id: properties.id });
    await t.database.db
      .insert(workOrders)
      .values([1, 2].map((n) => ({ propertyId: property!.id, summary: `Gone ${n}`, mainCategory: 'other' })));
    await t.database.db.delete(properties).where(eq(properties.id, property!.id));
    const afterDelete = await keptAndCounted();
    expect(afterDelete.kept).toEqual(afterDelete.counted);

    await t.database.db.execute(sql`truncate work_orders cascade`);
    expect(await keptAndCounted()).toEqual({ kept: [], counted: [] });
    expect(await totalSeenBy('admin')).toBe(0);
  });
});
