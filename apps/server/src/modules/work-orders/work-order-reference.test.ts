import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWorkOrderReference, parseWorkOrderReference } from '@commonwise/contracts';
import { profiles, properties, workOrders } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { openWorkOrder } from './open-work-order.ts';

/** Issue 26 item 8: "WC-1042" — a prefix per association, a number per association, searchable. */

let t: TestApp;
let willow: { id: string; workOrderPrefix: string };
let residentId: string;

beforeAll(async () => {
  t = await createTestApp();
  [willow] = (await t.database.db
    .select({ id: properties.id, workOrderPrefix: properties.workOrderPrefix })
    .from(properties)
    .where(eq(properties.name, 'Willow Creek Commons'))) as [typeof willow];
  residentId = (
    await t.database.db.select().from(profiles).where(eq(profiles.email, 'resident@commonwise.test'))
  )[0]!.id;
});
afterAll(async () => t.close());

const open = (summary: string) =>
  t.database.db.transaction(async (tx) =>
    openWorkOrder(
      tx,
      {
        residentId,
        propertyId: willow.id,
        summary,
        mainCategory: 'general',
        subcategory: null,
        priority: 'normal',
        details: summary,
      },
      t.app.notifier,
    ),
  );

describe('work order references', () => {
  it('gives each association a prefix from its name, unique in the installation', async () => {
    expect(willow.workOrderPrefix).toBe('WC');
    const [harbor] = await t.database.db
      .select({ prefix: properties.workOrderPrefix })
      .from(properties)
      .where(eq(properties.name, 'Harbor View Condominiums'));
    expect(harbor!.prefix).toBe('HV');
    const made = await t.database.db
      .insert(properties)
      .values([
        { name: 'Willow Court', address: '1 Willow Court, Austin' },
        { name: 'west-crossing', address: '2 West Crossing, Austin' },
        { name: 'Oakwood', address: '3 Oakwood Way, Austin' },
      ])
      .returning({ prefix: properties.workOrderPrefix });
    expect(made.map((row) => row.prefix)).toEqual(['WC2', 'WC3', 'OA']);
  });

  it('numbers work orders per association, uniquely when they are opened at once, a rollback giving its number back', async () => {
    const numbersBefore = await t.database.db
      .select({ n: sql<number>`max(${workOrders.referenceNumber})`.mapWith(Number) })
      .from(workOrders)
      .where(eq(workOrders.propertyId, willow.id));
    const opened = await Promise.all(
      Array.from({ length: 8 }, (_, index) => open(`Concurrent request ${index}`)),
    );
    const numbers = opened.map((result) => result.workOrder.referenceNumber);
    expect(new Set(numbers).size).toBe(8);
    for (const number of numbers) expect(number).toBeGreaterThan(numbersBefore[0]!.n);

    await expect(
      t.database.db.transaction(async (tx) => {
        await tx
          .insert(workOrders)
          .values({ propertyId: willow.id, summary: 'Never', mainCategory: 'general' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const next = await open('After the rollback');
    expect(next.workOrder.referenceNumber).toBe(Math.max(...numbers) + 1);

    // Another association counts on its own.
    const [harbor] = await t.database.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.name, 'Harbor View Condominiums'));
    const [other] = await t.database.db
      .insert(workOrders)
      .values({ propertyId: harbor!.id, summary: 'Elsewhere', mainCategory: 'general' })
      .returning();
    expect(other!.referenceNumber).toBeLessThan(1100);
  });

  it('is found by the work-order list’s q, by whoever may see it and nobody else', async () => {
    const { workOrder } = await open('Squeaky gate hinge');
    const reference = formatWorkOrderReference({
      referencePrefix: willow.workOrderPrefix,
      referenceNumber: workOrder.referenceNumber,
    });
    for (const q of [reference, reference.toLowerCase(), `#${reference}`]) {
      const found = await injectAs(t.app, await t.cookieFor('manager'), {
        method: 'GET',
        url: `/api/work-orders?q=${encodeURIComponent(q)}`,
      });
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().workOrders.map((row: { id: string }) => row.id)).toEqual([workOrder.id]);
      expect(found.json().workOrders[0].reference).toBe(reference);
    }
    const other = await injectAs(t.app, await t.signIn('manager2@commonwise.test'), {
      method: 'GET',
      url: `/api/work-orders?q=${reference}`,
    });
    expect(other.json().workOrders).toEqual([]);
  });

  it('reads and writes one spelling', () => {
    expect(formatWorkOrderReference({ referencePrefix: 'WC', referenceNumber: 1042 })).toBe('WC-1042');
    expect(parseWorkOrderReference('#wc2-1042')).toEqual({ prefix: 'WC2', number: 1042 });
    expect(parseWorkOrderReference('leak')).toBeUndefined();
  });
});
