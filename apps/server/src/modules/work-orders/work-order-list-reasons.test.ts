import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, properties, violationComplaints, workOrders } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

/**
 * A work-order list is read as one ordered branch per reason to see (the properties a person
 * governs, their assignments, their own requests) merged newest first (issue 19). Whatever mix of
 * reasons a person has, the pages walked one after another are exactly the work orders they may see,
 * newest first, each once — with a work order seen for two reasons, a status filter and a complaint
 * the board may not see.
 */
let t: TestApp;
let board: string;
let boardId: string;
let willowId: string;
let harborId: string;

type Listed = { id: string; createdAt: string; status: string };

beforeAll(async () => {
  t = await createTestApp();
  board = await t.cookieFor('board');
  const [person] = await t.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.email, 'board@commonwise.test'));
  boardId = person!.id;
  const named = async (name: string) =>
    (await t.database.db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!
      .id;
  [willowId, harborId] = await Promise.all([
    named('Willow Creek Commons'),
    named('Harbor View Condominiums'),
  ]);
});
afterAll(() => t.close());

async function walk(query: string, limit: number) {
  const seen: Listed[] = [];
  let total = -1;
  for (let page = 1; page <= 200; page++) {
    const response = await injectAs(t.app, board, {
      method: 'GET',
      url: `/api/work-orders?limit=${limit}&page=${page}${query}`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { workOrders: Listed[]; total: number };
    total = body.total;
    if (body.workOrders.length === 0) break;
    seen.push(...body.workOrders);
  }
  return { seen, total };
}

const newestFirst = (a: Listed, b: Listed) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

describe('a work-order list over several reasons to see', () => {
  it('pages through exactly what the person may see, newest first, each once', async () => {
    // The board member of Willow Creek is also assigned a job at Harbor View (where she governs
    // nothing), has a request of her own at Willow Creek, and two work orders share one moment.
    const moment = new Date(Date.UTC(2026, 5, 1, 12));
    const made = await t.database.db
      .insert(workOrders)
      .values([
        { propertyId: harborId, summary: 'Assigned to her', mainCategory: 'plumbing', vendorId: boardId },
        { propertyId: harborId, summary: 'Not hers', mainCategory: 'plumbing', createdAt: moment },
        { propertyId: willowId, summary: 'Same moment A', mainCategory: 'other', createdAt: moment },
        { propertyId: willowId, summary: 'Same moment B', mainCategory: 'other', createdAt: moment },
        {
          propertyId: willowId,
          summary: 'Her own, assigned to her too',
          mainCategory: 'other',
          residentId: boardId,
          vendorId: boardId,
          status: 'in_progress',
        },
        { propertyId: willowId, summary: 'A neighbour complaint', mainCategory: 'community' },
      ])
      .returning();
    const complaint = made.find((row) => row.summary === 'A neighbour complaint')!;
    await t.database.db
      .insert(violationComplaints)
      .values({ propertyId: willowId, workOrderId: complaint.id, text: 'Loud music' });

    const visible = (await t.database.db.select().from(workOrders))
      .filter((row) => (row.propertyId === willowId && row.id !== complaint.id) || row.vendorId === boardId)
      .map((row) => ({ id: row.id, createdAt: row.createdAt.toISOString(), status: row.status }))
      .sort(newestFirst);
    expect(visible.length).toBeGreaterThan(6);

    for (const limit of [1, 2, 5]) {
      const { seen, total } = await walk('', limit);
      expect(seen.map((row) => row.id)).toEqual(visible.map((row) => row.id));
      expect(total).toBe(visible.length);
    }
    const { seen } = await walk('', 3);
    expect(seen.map((row) => row.id)).toContain(made[0]!.id);
    expect(seen.map((row) => row.id)).not.toContain(made[1]!.id);
    expect(seen.map((row) => row.id)).not.toContain(complaint.id);

    const inProgress = visible.filter((row) => row.status === 'in_progress');
    const filtered = await walk('&status=in_progress', 2);
    expect(filtered.seen.map((row) => row.id)).toEqual(inProgress.map((row) => row.id));
    expect(filtered.total).toBe(inProgress.length);
  });
});
