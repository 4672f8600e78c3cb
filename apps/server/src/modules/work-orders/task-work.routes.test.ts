import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeChannels, type Role, type WorkOrder } from '@commonwise/contracts';
import { notifications, profiles, workOrders } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { listenForRealtime, TestSocket } from '../realtime/test-client.ts';

/**
 * Issue 26 item 1: tasks belong to whoever does them. The vendor of a work order starts, completes
 * (with a note) and flags its tasks; the property's managers create, assign, re-assign and date them;
 * the resident only reads them. Everything by membership, refused on the server.
 */

let t: TestApp;
let sinkLeakId: string;
let streetlightId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const find = async (summary: string) =>
    (
      await t.database.db
        .select({ id: workOrders.id })
        .from(workOrders)
        .where(eq(workOrders.summary, summary))
    )[0]!.id;
  sinkLeakId = await find('Kitchen sink leaking under the cabinet');
  streetlightId = await find('Streetlight out in front of unit 14B');
  for (const email of ['manager', 'manager2', 'vendor', 'resident']) {
    const [row] = await t.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, `${email}@commonwise.test`));
    ids[email] = row!.id;
  }
});
afterAll(async () => t.close());

async function as(role: Role, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) {
  return injectAs(t.app, await t.cookieFor(role), { method, url, ...(payload ? { payload } : {}) });
}

async function newTask(workOrderId: string, input: Record<string, unknown> = {}) {
  const created = await as('manager', 'POST', `/api/work-orders/${workOrderId}/tasks`, {
    taskDescription: 'Replace the shut-off valve',
    assignedToType: 'vendor',
    ...input,
  });
  expect(created.statusCode).toBe(201);
  return created.json() as { id: string; dueDate: string | null; assignedToName: string | null };
}

async function latestNotificationOf(userId: string) {
  const [row] = await t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  return row;
}

describe('what each person may do with a work order, said by the server', () => {
  it.each([
    ['manager', { canManage: true, canWorkOnTasks: true }],
    ['vendor', { canManage: false, canWorkOnTasks: true }],
    ['resident', { canManage: false, canWorkOnTasks: false }],
    ['board', { canManage: false, canWorkOnTasks: false }],
  ] as [Role, object][])('%s', async (role, permissions) => {
    const detail = await as(role, 'GET', `/api/work-orders/${sinkLeakId}`);
    expect(detail.json().permissions).toEqual(permissions);
  });
});

describe('the vendor works on the tasks of their work orders', () => {
  it('starts a task, then completes it with a note kept on the task and in the activity', async () => {
    const task = await newTask(sinkLeakId, { assignedToId: ids.vendor });
    const started = await as('vendor', 'PATCH', `/api/tasks/${task.id}`, { taskStatus: 'in_progress' });
    expect(started.json()).toMatchObject({ taskStatus: 'in_progress', completedAt: null });
    const done = await as('vendor', 'PATCH', `/api/tasks/${task.id}`, {
      taskStatus: 'completed',
      note: 'Valve replaced, no more drip',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      taskStatus: 'completed',
      completionNote: 'Valve replaced, no more drip',
    });
    const resident = (await as('resident', 'GET', `/api/work-orders/${sinkLeakId}/tasks?limit=100`)).json();
    expect(resident.tasks.find((candidate: { id: string }) => candidate.id === task.id)).toMatchObject({
      taskStatus: 'completed',
      completionNote: 'Valve replaced, no more drip',
    });
    const activity = (await as('resident', 'GET', `/api/work-orders/${sinkLeakId}/activity`)).json();
    expect(activity.activity[0]).toMatchObject({
      activityType: 'task_completed',
      description: 'Task completed: Replace the shut-off valve — Valve replaced, no more drip',
      actorName: 'Victor Ortiz',
    });
  });

  it('refuses a note on anything but a completion', async () => {
    const task = await newTask(sinkLeakId);
    const refused = await as('vendor', 'PATCH', `/api/tasks/${task.id}`, {
      taskStatus: 'in_progress',
      note: 'Started',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ note: 'A note goes with completing the task.' });
  });

  it("flags a problem, which reaches the property's manager, and the manager clears it", async () => {
    const task = await newTask(sinkLeakId);
    const flagged = await as('vendor', 'PUT', `/api/tasks/${task.id}/flag`, {
      reason: 'The valve is seized',
    });
    expect(flagged.json()).toMatchObject({ flagReason: 'The valve is seized' });
    expect(flagged.json().flaggedAt).not.toBeNull();
    expect(await latestNotificationOf(ids.manager!)).toMatchObject({
      title: 'Problem on a task: Replace the shut-off valve',
    });
    const cleared = await as('manager', 'PUT', `/api/tasks/${task.id}/flag`, { reason: null });
    expect(cleared.json()).toMatchObject({ flagReason: null, flaggedAt: null });
  });

  it('cannot touch the tasks of a work order not assigned to them (not found), nor plan tasks (forbidden)', async () => {
    const other = await newTask(streetlightId, { assignedToType: 'manager' });
    for (const [method, url, payload] of [
      ['PATCH', `/api/tasks/${other.id}`, { taskStatus: 'in_progress' }],
      ['PUT', `/api/tasks/${other.id}/flag`, { reason: 'Not mine' }],
    ] as const) {
      expect((await as('vendor', method, url, payload)).statusCode).toBe(404);
    }
    const own = await newTask(sinkLeakId);
    expect(
      (await as('vendor', 'PATCH', `/api/tasks/${own.id}/details`, { dueDate: '2030-01-01' })).statusCode,
    ).toBe(403);
  });
});

describe('the resident reads tasks and changes none', () => {
  it('is refused every task change on their own request', async () => {
    const task = await newTask(sinkLeakId);
    for (const [method, url, payload] of [
      ['PATCH', `/api/tasks/${task.id}`, { taskStatus: 'completed' }],
      ['PUT', `/api/tasks/${task.id}/flag`, { reason: 'Too slow' }],
      ['PATCH', `/api/tasks/${task.id}/details`, { dueDate: '2030-01-01' }],
      [
        'POST',
        `/api/work-orders/${sinkLeakId}/tasks`,
        { taskDescription: 'Hurry', assignedToType: 'vendor' },
      ],
    ] as const) {
      expect((await as('resident', method, url, payload)).statusCode).toBe(403);
    }
    const tasks = (await as('resident', 'GET', `/api/work-orders/${sinkLeakId}/tasks?limit=100`)).json();
    expect(tasks.tasks.find((candidate: { id: string }) => candidate.id === task.id)).toMatchObject({
      taskStatus: 'pending',
      flagReason: null,
    });
  });
});

describe('live', () => {
  it('tells those who have the work order open that a task changed: the manager and the resident', async () => {
    const task = await newTask(sinkLeakId, { assignedToId: ids.vendor });
    const url = await listenForRealtime(t.app);
    const listeners = await Promise.all(
      (['manager', 'resident'] as const).map(async (who) => {
        const socket = await TestSocket.open(url, { cookie: await t.cookieFor(who) });
        const channel = realtimeChannels.userWork(ids[who]!);
        expect(await socket.subscribe(channel)).toMatchObject({ op: 'subscribed' });
        return { socket, channel };
      }),
    );
    try {
      expect(
        (await as('vendor', 'PATCH', `/api/tasks/${task.id}`, { taskStatus: 'in_progress' })).statusCode,
      ).toBe(200);
      for (const { socket, channel } of listeners) {
        const [update] = await socket.waitForEvents(channel, 1);
        expect(update).toMatchObject({ type: 'work-order.updated' });
        expect((update!.data as WorkOrder).id).toBe(sinkLeakId);
      }
    } finally {
      for (const { socket } of listeners) socket.close();
    }
  });
});

describe('a visit scheduled', () => {
  it('reaches the resident when a task for the vendor gets a date, and again when the date moves', async () => {
    const task = await newTask(sinkLeakId, { assignedToId: ids.vendor, dueDate: '2030-04-03' });
    const told = await latestNotificationOf(ids.resident!);
    expect(told).toMatchObject({
      kind: 'work-order.updated',
      title: 'Visit scheduled for Wednesday, April 3: Kitchen sink leaking under the cabinet',
    });
    expect(told!.body).toContain('Victor Ortiz is scheduled to come on Wednesday, April 3');
    expect(told!.link).toMatch(/^\/work-rooms\?room=/);

    await as('manager', 'PATCH', `/api/tasks/${task.id}/details`, { dueDate: '2030-04-05' });
    expect((await latestNotificationOf(ids.resident!))!.title).toBe(
      'Visit scheduled for Friday, April 5: Kitchen sink leaking under the cabinet',
    );

    // A task of the manager's own is no visit: the resident hears nothing of it.
    const before = (await latestNotificationOf(ids.resident!))!.id;
    await newTask(sinkLeakId, {
      assignedToType: 'manager',
      assignedToId: ids.manager,
      dueDate: '2030-04-06',
    });
    expect((await latestNotificationOf(ids.resident!))!.id).toBe(before);
  });
});

describe('the manager plans tasks', () => {
  it('lists who a task can be given to: the managers of the property and the vendor', async () => {
    const list = (await as('manager', 'GET', `/api/work-orders/${sinkLeakId}/task-assignees`)).json();
    expect(list.people).toContainEqual({
      id: ids.manager,
      fullName: 'Maria Santos',
      assignedToType: 'manager',
    });
    expect(list.people).toContainEqual({
      id: ids.vendor,
      fullName: 'Victor Ortiz',
      assignedToType: 'vendor',
    });
    expect(list.people.map((person: { id: string }) => person.id)).not.toContain(ids.manager2);
    expect((await as('vendor', 'GET', `/api/work-orders/${sinkLeakId}/task-assignees`)).statusCode).toBe(403);
  });

  it('gives a task with a due date to the vendor, who is told; re-assigns it and dates it again', async () => {
    const task = await newTask(sinkLeakId, { assignedToId: ids.vendor, dueDate: '2030-02-01' });
    expect(task).toMatchObject({ dueDate: '2030-02-01', assignedToName: 'Victor Ortiz' });
    const told = await latestNotificationOf(ids.vendor!);
    expect(told).toMatchObject({
      kind: 'work-order.assigned',
      title: 'New task: Replace the shut-off valve',
    });
    expect(told!.body).toContain('Maria Santos gave you a task');
    expect(told!.body).toContain('(due 2030-02-01)');

    // To herself: nobody is told of their own choice.
    const before = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, ids.manager!));
    const mine = await as('manager', 'PATCH', `/api/tasks/${task.id}/details`, {
      assignedToType: 'manager',
      assignedToId: ids.manager,
      dueDate: '2030-03-01',
    });
    expect(mine.json()).toMatchObject({
      assignedToType: 'manager',
      assignedToName: 'Maria Santos',
      dueDate: '2030-03-01',
    });
    const after = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, ids.manager!));
    expect(after).toHaveLength(before.length);

    // A colleague who does not manage this property is refused.
    const refused = await as('manager', 'PATCH', `/api/tasks/${task.id}/details`, {
      assignedToType: 'manager',
      assignedToId: ids.manager2,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('ASSIGNEE_NOT_ON_WORK_ORDER');

    const activity = (await as('manager', 'GET', `/api/work-orders/${sinkLeakId}/activity`)).json();
    expect(activity.activity[0]).toMatchObject({
      activityType: 'reassigned',
      description: 'Task "Replace the shut-off valve" re-assigned to Maria Santos, due 2030-03-01',
    });
  });

  it("may not plan the tasks of another property's work order", async () => {
    const [garage] = await t.database.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(and(eq(workOrders.summary, 'Garage door remote stopped working')));
    const created = await as('admin', 'POST', `/api/work-orders/${garage!.id}/tasks`, {
      taskDescription: 'Harbor View job',
      assignedToType: 'manager',
    });
    const task = created.json();
    expect(
      (await as('manager', 'PATCH', `/api/tasks/${task.id}/details`, { dueDate: null })).statusCode,
    ).toBe(404);
    expect(
      (await as('manager', 'PATCH', `/api/tasks/${task.id}`, { taskStatus: 'completed' })).statusCode,
    ).toBe(404);
  });
});
