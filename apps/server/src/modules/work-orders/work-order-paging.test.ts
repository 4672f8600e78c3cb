import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxPageSize } from '@commonwise/contracts';
import { properties, workOrderActivity, workOrders, workOrderTasks } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { unknownActivityMessage } from './work-orders.service.ts';

/**
 * A work order's tasks and activity, each a page at a time (issue 19): empty, the last page, past the
 * end, rows added between two pages, and a cursor that is not (or no longer) in the work order.
 */
let t: TestApp;
let admin: string;
let workOrderId: string;
let otherWorkOrderId: string;
let propertyId: string;

type Task = { id: string; taskDescription: string };
type Activity = { id: string; description: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.cookieFor('admin');
  const [property] = await t.database.db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, 'Willow Creek Commons'));
  propertyId = property!.id;
  const made = await t.database.db
    .insert(workOrders)
    .values(['Paged', 'Other'].map((summary) => ({ propertyId, summary, mainCategory: 'plumbing' })))
    .returning();
  workOrderId = made[0]!.id;
  otherWorkOrderId = made[1]!.id;
});
afterAll(() => t.close());

const get = (url: string) => injectAs(t.app, admin, { method: 'GET', url });

async function addTasks(count: number, from: number) {
  // Each a moment apart, in the order they were given.
  for (let index = from; index < from + count; index++) {
    await t.database.db.insert(workOrderTasks).values({
      workOrderId,
      propertyId,
      assignedToType: 'vendor',
      taskDescription: `Task ${index}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
    });
  }
}

async function addActivity(target: string, descriptions: string[], at: (index: number) => Date) {
  return t.database.db
    .insert(workOrderActivity)
    .values(
      descriptions.map((description, index) => ({
        workOrderId: target,
        activityType: 'status_changed' as const,
        description,
        createdAt: at(index),
      })),
    )
    .returning();
}

describe("a work order's tasks", () => {
  it('answer an empty page, with the total, when there are none', async () => {
    const response = await get(`/api/work-orders/${workOrderId}/tasks`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ tasks: [], total: 0, page: 1, limit: 20 });
  });

  it('come oldest first a page at a time; the last page is short, past it is empty', async () => {
    await addTasks(5, 0);
    const pages: string[][] = [];
    for (let page = 1; page <= 3; page++) {
      const body = (await get(`/api/work-orders/${workOrderId}/tasks?limit=2&page=${page}`)).json();
      expect(body).toMatchObject({ total: 5, page, limit: 2 });
      pages.push(body.tasks.map((task: Task) => task.taskDescription));
    }
    expect(pages).toEqual([['Task 0', 'Task 1'], ['Task 2', 'Task 3'], ['Task 4']]);
    const past = (await get(`/api/work-orders/${workOrderId}/tasks?limit=2&page=4`)).json();
    expect(past).toEqual({ tasks: [], total: 5, page: 4, limit: 2 });
  });

  it('added between two pages, shift nothing already read: the new one comes at the end', async () => {
    const first = (await get(`/api/work-orders/${workOrderId}/tasks?limit=3&page=1`)).json();
    await addTasks(1, 5);
    const second = (await get(`/api/work-orders/${workOrderId}/tasks?limit=3&page=2`)).json();
    expect(second.total).toBe(6);
    const read = [...first.tasks, ...second.tasks].map((task: Task) => task.taskDescription);
    expect(read).toEqual(['Task 0', 'Task 1', 'Task 2', 'Task 3', 'Task 4', 'Task 5']);
  });

  it('refuse a page larger than the maximum, naming the field', async () => {
    const response = await get(`/api/work-orders/${workOrderId}/tasks?limit=${maxPageSize + 1}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ limit: `Limit must be at most ${maxPageSize}` });
  });

  it('are not found for a work order the caller may not see', async () => {
    const resident = await t.cookieFor('resident');
    const response = await injectAs(t.app, resident, {
      method: 'GET',
      url: `/api/work-orders/${workOrderId}/tasks`,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("a work order's activity", () => {
  it('answers an empty page when there is none', async () => {
    const response = await get(`/api/work-orders/${otherWorkOrderId}/activity`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ activity: [], hasMore: false });
  });

  it('is read newest first from a cursor, to the last page, each entry once, even at the same moment', async () => {
    const moment = new Date('2026-02-01T10:00:00Z');
    // Three share a moment: the id orders them, the same way every time.
    await addActivity(workOrderId, ['a', 'b', 'c', 'd', 'e'], (index) =>
      index < 3 ? moment : new Date(moment.getTime() + index * 60_000),
    );
    const whole = (await get(`/api/work-orders/${workOrderId}/activity?limit=100`)).json();
    expect(whole.hasMore).toBe(false);
    expect(whole.activity.map((entry: Activity) => entry.description).slice(0, 2)).toEqual(['e', 'd']);

    const read: string[] = [];
    let before: string | undefined;
    for (;;) {
      const query = before ? `limit=2&before=${before}` : 'limit=2';
      const page = (await get(`/api/work-orders/${workOrderId}/activity?${query}`)).json();
      read.push(...page.activity.map((entry: Activity) => entry.id));
      if (!page.hasMore) {
        expect(page.activity.length).toBeLessThanOrEqual(2);
        break;
      }
      before = page.activity.at(-1).id;
    }
    expect(read).toEqual(whole.activity.map((entry: Activity) => entry.id));
    expect(new Set(read).size).toBe(5);
  });

  it('added between two pages, shifts nothing: the next page goes on from the cursor', async () => {
    const first = (await get(`/api/work-orders/${workOrderId}/activity?limit=2`)).json();
    await addActivity(workOrderId, ['newest'], () => new Date('2026-03-01T00:00:00Z'));
    const second = (
      await get(`/api/work-orders/${workOrderId}/activity?limit=2&before=${first.activity.at(-1).id}`)
    ).json();
    const whole = (await get(`/api/work-orders/${workOrderId}/activity?limit=100`)).json();
    const ids = whole.activity.map((entry: Activity) => entry.id);
    expect(whole.activity[0].description).toBe('newest');
    expect([...first.activity, ...second.activity].map((entry: Activity) => entry.id)).toEqual(
      ids.slice(1, 5),
    );
  });

  it("refuses a cursor of another work order's, or one that does not exist (any more), naming `before`", async () => {
    const [elsewhere] = await addActivity(otherWorkOrderId, ['elsewhere'], () => new Date());
    const [gone] = await addActivity(workOrderId, ['gone'], () => new Date());
    await t.database.db.delete(workOrderActivity).where(eq(workOrderActivity.id, gone!.id));
    for (const before of [elsewhere!.id, gone!.id, randomUUID()]) {
      const response = await get(`/api/work-orders/${workOrderId}/activity?before=${before}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ before: unknownActivityMessage });
    }
    const malformed = await get(`/api/work-orders/${workOrderId}/activity?before=not-an-id`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ before: 'That is not a valid activity entry id' });
  });

  it('refuses a page larger than the maximum', async () => {
    const response = await get(`/api/work-orders/${workOrderId}/activity?limit=${maxPageSize + 1}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ limit: `Limit must be at most ${maxPageSize}` });
  });
});
