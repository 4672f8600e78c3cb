import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagerPortalOverview } from '@commonwise/contracts';
import { properties, workOrders, workOrderTasks } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

/**
 * A task holds its work order's property (migration 0060, issue 19), so that a manager's open tasks are
 * read by property. The database keeps the two equal: a task naming another property is refused, and
 * if a work order ever moved, its tasks would move with it — into the other manager's portal.
 */
let t: TestApp;
let willow: string;
let harbor: string;

beforeAll(async () => {
  t = await createTestApp();
  const ids = await Promise.all(
    ['Willow Creek Commons', 'Harbor View Condominiums'].map(
      async (name) => (await t.database.db.select().from(properties).where(eq(properties.name, name)))[0]!.id,
    ),
  );
  willow = ids[0]!;
  harbor = ids[1]!;
});
afterAll(() => t.close());

async function openTasksSeenBy(email: string) {
  const cookie = await t.signIn(email);
  const response = await injectAs(t.app, cookie, { method: 'GET', url: '/api/manager-portal/overview' });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as ManagerPortalOverview;
  return {
    descriptions: body.openTasks.map((task) => task.taskDescription),
    propertyOf: (description: string) =>
      body.openTasks.find((task) => task.taskDescription === description)?.propertyName,
    count: body.openTaskCount,
  };
}

describe("a task's property", () => {
  it('is refused when it is not its work order’s', async () => {
    const [workOrder] = await t.database.db
      .insert(workOrders)
      .values({ propertyId: willow, summary: 'Gate hinge squeaks', mainCategory: 'general' })
      .returning();
    await expect(
      t.database.db.insert(workOrderTasks).values({
        workOrderId: workOrder!.id,
        propertyId: harbor,
        assignedToType: 'manager',
        taskDescription: 'Oil the hinge',
      }),
    ).rejects.toThrow();
  });

  it("follows its work order, and the task moves to the other property's manager with it", async () => {
    const [workOrder] = await t.database.db
      .insert(workOrders)
      .values({ propertyId: willow, summary: 'Lobby door closer leaks oil', mainCategory: 'general' })
      .returning();
    await t.database.db.insert(workOrderTasks).values({
      workOrderId: workOrder!.id,
      propertyId: willow,
      assignedToType: 'manager',
      taskDescription: 'Replace the door closer',
    });
    const mariaBefore = await openTasksSeenBy('manager@commonwise.test');
    const marcusBefore = await openTasksSeenBy('manager2@commonwise.test');
    expect(mariaBefore.propertyOf('Replace the door closer')).toBe('Willow Creek Commons');
    expect(marcusBefore.descriptions).not.toContain('Replace the door closer');

    await t.database.db
      .update(workOrders)
      .set({ propertyId: harbor })
      .where(eq(workOrders.id, workOrder!.id));

    const [task] = await t.database.db
      .select({ propertyId: workOrderTasks.propertyId })
      .from(workOrderTasks)
      .where(eq(workOrderTasks.workOrderId, workOrder!.id));
    expect(task!.propertyId).toBe(harbor);
    const mariaAfter = await openTasksSeenBy('manager@commonwise.test');
    const marcusAfter = await openTasksSeenBy('manager2@commonwise.test');
    expect(mariaAfter.descriptions).not.toContain('Replace the door closer');
    expect(mariaAfter.count).toBe(mariaBefore.count - 1);
    expect(marcusAfter.propertyOf('Replace the door closer')).toBe('Harbor View Condominiums');
    expect(marcusAfter.count).toBe(marcusBefore.count + 1);
  });
});
