import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@commonwise/contracts';
import { profiles, unitOccupancies, units, workOrders } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let sinkLeakId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [sink] = await t.database.db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(eq(workOrders.summary, 'Kitchen sink leaking under the cabinet'));
  sinkLeakId = sink!.id;
});
afterAll(async () => t.close());

async function as(role: Role, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return injectAs(t.app, await t.cookieFor(role), { method, url, ...(payload ? { payload } : {}) });
}

describe('who sees which work orders', () => {
  it.each([
    ['admin', 5],
    // The board's president sits on Willow Creek's board: Willow Creek's three, none of Harbor View's.
    ['board', 3],
    ['manager', 3],
    ['resident', 3],
    ['vendor', 2],
  ] as [Role, number][])('%s sees %i', async (role, count) => {
    const body = (await as(role, 'GET', '/api/work-orders')).json();
    expect(body.workOrders).toHaveLength(count);
    expect(body.workOrders[0].property).toHaveProperty('name');
  });

  it('lists the newest first', async () => {
    const body = (await as('admin', 'GET', '/api/work-orders')).json();
    const times = body.workOrders.map((w: { createdAt: string }) => Date.parse(w.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('shows a work order with its rooms, and its tasks and activity a page at a time', async () => {
    const detail = (await as('resident', 'GET', `/api/work-orders/${sinkLeakId}`)).json();
    expect(detail.workOrder).toMatchObject({
      summary: 'Kitchen sink leaking under the cabinet',
      status: 'in_progress',
    });
    expect(detail.rooms.map((room: { roomName: string }) => room.roomName)).toEqual(['Kitchen sink leak']);
    expect(detail).not.toHaveProperty('tasks');
    const tasks = (await as('resident', 'GET', `/api/work-orders/${sinkLeakId}/tasks`)).json();
    expect(tasks.tasks.map((task: { taskDescription: string }) => task.taskDescription)).toEqual([
      'Inspect the sink drain and supply lines',
      'Replace the cracked P-trap',
    ]);
    expect(tasks).toMatchObject({ total: 2, page: 1, limit: 20 });
    const activity = (await as('resident', 'GET', `/api/work-orders/${sinkLeakId}/activity`)).json();
    expect(activity.activity.length).toBeGreaterThanOrEqual(4);
    expect(activity.hasMore).toBe(false);
  });
});

describe('tasks', () => {
  it('lets the property manager add a task, logged as activity', async () => {
    const created = await as('manager', 'POST', `/api/work-orders/${sinkLeakId}/tasks`, {
      taskDescription: 'Confirm the fix with the resident',
      assignedToType: 'resident',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ taskStatus: 'pending', completedAt: null });
    const detail = (await as('manager', 'GET', `/api/work-orders/${sinkLeakId}/activity`)).json();
    expect(detail.activity[0]).toMatchObject({ activityType: 'assigned', actorName: 'Maria Santos' });
  });

  it('refuses a task without a description, and residents adding tasks', async () => {
    const empty = await as('manager', 'POST', `/api/work-orders/${sinkLeakId}/tasks`, {
      taskDescription: '  ',
      assignedToType: 'vendor',
    });
    expect(empty.json().error.fields).toEqual({ taskDescription: 'Describe the task' });
    const resident = await as('resident', 'POST', `/api/work-orders/${sinkLeakId}/tasks`, {
      taskDescription: 'Do it faster',
      assignedToType: 'vendor',
    });
    expect(resident.statusCode).toBe(403);
  });

  it("assigns only people of the work order: its property's managers and active residents, its vendor", async () => {
    const idOf = async (email: string) =>
      (await t.database.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email)))[0]!
        .id;
    const [streetlight] = await t.database.db
      .select({ id: workOrders.id, propertyId: workOrders.propertyId })
      .from(workOrders)
      .where(eq(workOrders.summary, 'Streetlight out in front of unit 14B'));
    const assign = (workOrderId: string, assignedToType: string, assignedToId: string) =>
      as('admin', 'POST', `/api/work-orders/${workOrderId}/tasks`, {
        taskDescription: 'Look at it',
        assignedToType,
        assignedToId,
      });

    // Of the sink leak's property (Willow Creek) and its vendor: accepted, and named on the task.
    for (const [type, email, name] of [
      ['manager', 'manager@commonwise.test', 'Maria Santos'],
      ['resident', 'resident@commonwise.test', 'Ryan Chen'],
      ['vendor', 'vendor@commonwise.test', 'Victor Ortiz'],
    ]) {
      const accepted = await assign(sinkLeakId, type!, await idOf(email!));
      expect(accepted.statusCode).toBe(201);
      expect(accepted.json().assignedToName).toBe(name);
    }

    // Of another property (Harbor View), a former resident, or a vendor not on the job: refused by name.
    // Priya once rented 9A at Willow Creek and moved out today.
    const priya = await idOf('resident2@commonwise.test');
    const [nineA] = await t.database.db
      .select({ id: units.id })
      .from(units)
      .where(and(eq(units.propertyId, streetlight!.propertyId), eq(units.label, '9A')));
    const [formerTenancy] = await t.database.db
      .insert(unitOccupancies)
      .values({
        unitId: nineA!.id,
        userId: priya,
        kind: 'tenant',
        movedInOn: '2022-01-01',
        movedOutOn: sql`current_date`,
      })
      .returning();
    try {
      const refusals = [
        [sinkLeakId, 'manager', await idOf('manager2@commonwise.test')],
        [sinkLeakId, 'resident', priya],
        [streetlight!.id, 'resident', priya],
        [streetlight!.id, 'vendor', await idOf('vendor@commonwise.test')],
      ] as const;
      for (const [workOrderId, type, userId] of refusals) {
        const refused = await assign(workOrderId, type, userId);
        expect(refused.statusCode).toBe(400);
        expect(Object.keys(refused.json().error.fields)).toEqual(['assignedToId']);
      }
      expect(
        (await assign(sinkLeakId, 'manager', await idOf('manager2@commonwise.test'))).json().error,
      ).toMatchObject({
        code: 'ASSIGNEE_NOT_ON_WORK_ORDER',
        message: "The manager to assign must manage this work order's property.",
      });
    } finally {
      await t.database.db.delete(unitOccupancies).where(eq(unitOccupancies.id, formerTenancy!.id));
    }
    const names = [sinkLeakId, streetlight!.id].map(async (id) =>
      (await as('admin', 'GET', `/api/work-orders/${id}/tasks?limit=100`))
        .json()
        .tasks.map((task: { assignedToName: string | null }) => task.assignedToName),
    );
    for (const taskNames of await Promise.all(names)) {
      expect(taskNames).not.toContain('Priya Patel');
      expect(taskNames).not.toContain('Marcus Reed');
    }
  });

  it('completing sets completed_at and logs task_completed; other changes log status_changed', async () => {
    const detail = (await as('vendor', 'GET', `/api/work-orders/${sinkLeakId}/tasks`)).json();
    const task = detail.tasks.find((t: { taskStatus: string }) => t.taskStatus === 'in_progress');
    const done = await as('vendor', 'PATCH', `/api/tasks/${task.id}`, { taskStatus: 'completed' });
    expect(done.json().completedAt).not.toBeNull();
    const reopened = await as('vendor', 'PATCH', `/api/tasks/${task.id}`, { taskStatus: 'in_progress' });
    expect(reopened.json().completedAt).toBeNull();
    const after = (await as('vendor', 'GET', `/api/work-orders/${sinkLeakId}/activity`)).json();
    expect(after.activity.slice(0, 2).map((a: { activityType: string }) => a.activityType)).toEqual([
      'status_changed',
      'task_completed',
    ]);
  });
});
