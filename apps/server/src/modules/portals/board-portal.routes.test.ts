import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardAssociationList, BoardWorkOrderOverview, Role } from '@commonwise/contracts';
import {
  profiles,
  properties,
  unitOwnerships,
  units,
  workOrderActivity,
  workOrders,
} from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { getBoardWorkOrderOverview } from './board-portal.service.ts';

const hour = 60 * 60 * 1000;
const day = 24 * hour;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function as(role: Role, url: string) {
  return injectAs(t.app, await t.cookieFor(role), { method: 'GET', url });
}
const overview = async (role: Role = 'board') =>
  (await as(role, '/api/board-portal/overview')).json() as BoardWorkOrderOverview;

async function propertyId(name: string) {
  return (await t.database.db.select().from(properties).where(eq(properties.name, name)))[0]!.id;
}

describe('the board work order overview on the seeded association', () => {
  it('counts the open work orders of the board member’s own association only', async () => {
    const body = await overview();
    // Seed: streetlight (new), sink leak (in progress) at Willow Creek, whose board the demo board member
    // sits on; garage remote (pending) at Harbor View, which is not theirs; the pool gate (completed) and
    // the noise complaint (cancelled) are not open.
    expect(body.openCount).toBe(2);
    expect(body.propertyCount).toBe(1);
    expect(body.openByStatus).toEqual([
      { status: 'new', count: 1 },
      { status: 'pending', count: 0 },
      { status: 'in_progress', count: 1 },
    ]);
    expect(body.openByCategory).toEqual([
      { category: 'electrical', count: 1 },
      { category: 'plumbing', count: 1 },
    ]);
    expect(body.openByProperty.map(({ name, count }) => ({ name, count }))).toEqual([
      { name: 'Willow Creek Commons', count: 2 },
    ]);
  });

  it('shows an admin every association', async () => {
    const body = await overview('admin');
    expect(body.openCount).toBe(3);
    expect(body.openByProperty.map(({ name, count }) => ({ name, count }))).toEqual([
      { name: 'Willow Creek Commons', count: 2 },
      { name: 'Harbor View Condominiums', count: 1 },
    ]);
  });

  it('averages creation to completion over the last 90 days: the pool gate took 6 days', async () => {
    const { completion } = await overview();
    expect(completion.windowDays).toBe(90);
    expect(completion.completedCount).toBe(1);
    expect(completion.averageHours).toBeCloseTo(6 * 24, 2);
  });

  it('says there is no average when nothing was completed in the window', async () => {
    const board = (await t.database.db.select().from(profiles).where(eq(profiles.role, 'board')))[0]!;
    const inAYear = new Date(Date.now() + 365 * day);
    const later = await getBoardWorkOrderOverview(
      {
        db: t.database.db,
        notifier: t.app.notifier,
        actor: { ...board, role: 'board', twoFactorEnabled: false },
      },
      inAYear,
    );
    expect(later.completion).toEqual({ windowDays: 90, completedCount: 0, averageHours: null });
  });

  it('serves the board and admins only', async () => {
    expect((await as('admin', '/api/board-portal/overview')).statusCode).toBe(200);
    for (const role of ['manager', 'resident', 'vendor', 'developer'] as Role[]) {
      const response = await as(role, '/api/board-portal/overview');
      expect(response.statusCode, role).toBe(403);
    }
  });
});

describe("the board's associations, for the portal's cards", () => {
  it('lists the associations of the seat, not every one the person may read', async () => {
    // board@ sits on Willow Creek's board; owning a home at Harbor View too (as an owner may) gives
    // them no seat there.
    const [harbor] = await t.database.db
      .select({ id: units.id })
      .from(units)
      .where(eq(units.propertyId, await propertyId('Harbor View Condominiums')))
      .limit(1);
    const [board] = await t.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, 'board@commonwise.test'));
    await t.database.db
      .insert(unitOwnerships)
      .values({ unitId: harbor!.id, userId: board!.id, startsOn: '2024-01-01' });
    const listed = (await as('board', '/api/board-portal/associations')).json() as BoardAssociationList;
    expect(listed.associations).toEqual([
      { id: await propertyId('Willow Creek Commons'), name: 'Willow Creek Commons' },
    ]);
    const admins = (await as('admin', '/api/board-portal/associations')).json() as BoardAssociationList;
    expect(admins.associations.map((association) => association.name)).toEqual([
      'Harbor View Condominiums',
      'Willow Creek Commons',
    ]);
    expect((await as('resident', '/api/board-portal/associations')).statusCode).toBe(403);
  });
});

describe('completion times from what records completion', () => {
  beforeAll(async () => {
    const db = t.database.db;
    // At Willow Creek, the demo board member's association.
    const willowCreek = await propertyId('Willow Creek Commons');
    const now = Date.now();
    const [statusChanged, fallback, tooOld] = await db
      .insert(workOrders)
      .values([
        // Completed through the status endpoint: a status_changed activity to 'completed', 2 days in.
        {
          propertyId: willowCreek,
          summary: 'Lobby door closer replaced',
          mainCategory: 'access',
          status: 'completed',
          createdAt: new Date(now - 10 * day),
          updatedAt: new Date(now - 1 * day),
        },
        // No activity at all: its last update is when it was completed (10 hours in).
        {
          propertyId: willowCreek,
          summary: 'Hallway bulb replaced',
          mainCategory: 'electrical',
          status: 'completed',
          createdAt: new Date(now - 20 * day),
          updatedAt: new Date(now - 20 * day + 10 * hour),
        },
        // Completed 100 days ago: outside the window.
        {
          propertyId: willowCreek,
          summary: 'Roof drain cleared',
          mainCategory: 'structural',
          status: 'completed',
          createdAt: new Date(now - 130 * day),
          updatedAt: new Date(now - 100 * day),
        },
      ])
      .returning();
    await db.insert(workOrderActivity).values([
      {
        workOrderId: statusChanged!.id,
        activityType: 'status_changed',
        description: 'Status changed from in_progress to completed',
        metadata: { from: 'in_progress', to: 'completed' },
        createdAt: new Date(now - 8 * day),
      },
      // An unrelated later activity does not move the completion time.
      {
        workOrderId: statusChanged!.id,
        activityType: 'message_sent',
        description: 'Thanks!',
        createdAt: new Date(now - 1 * day),
      },
      {
        workOrderId: tooOld!.id,
        activityType: 'completed',
        description: 'Done',
        createdAt: new Date(now - 100 * day),
      },
    ]);
    expect(fallback).toBeDefined();
  });

  it('counts the three completed in the window and averages their durations', async () => {
    const { completion, openCount } = await overview();
    expect(openCount).toBe(2);
    expect(completion.completedCount).toBe(3);
    // Pool gate 144 h, lobby door 48 h, hallway bulb 10 h.
    expect(completion.averageHours).toBeCloseTo((144 + 48 + 10) / 3, 2);
  });
});

describe('the report', () => {
  /** The text of the PDF, its pages joined, as unpdf extracts it. */
  const reportText = async (who: 'board' | 'admin') => {
    const response = await as(who, '/api/board-portal/report');
    expect(response.statusCode).toBe(200);
    const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
    return {
      response,
      text: ((await extractText(pdf, { mergePages: true })).text as string).replace(/\s+/g, ' '),
    };
  };

  it("downloads as a dated PDF headed by the association's name, times in its time zone (issue 26)", async () => {
    const { response, text } = await reportText('board');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="commonwise-work-order-report-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(text).toMatch(
      /^Willow Creek Commons Work order report Generated \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M CS?T/,
    );
    expect(text).toContain('2 Open work orders');
    expect(text).toContain('3 Completed in the last 90 days');
    expect(text).toContain(`${((144 + 48 + 10) / 3 / 24).toFixed(1)} days Average time to completion`);
    expect(text).toContain('Kitchen sink leaking under the cabinet');
    // Each open work order by its association's reference, as people say it (issue 26 item 8).
    expect(text).toMatch(/WC-\d+ #[0-9a-f]{8} Kitchen sink leaking under the cabinet/);
    // Harbor View's is not the Willow Creek board's to see.
    expect(text).not.toContain('Garage door remote stopped working');
    expect(text).not.toContain('Pool gate latch does not close');
    expect(text).not.toContain('Harbor View Condominiums');
  });

  it('prints what people typed as text', async () => {
    await t.database.db.insert(workOrders).values({
      propertyId: await propertyId('Willow Creek Commons'),
      summary: '<script>alert("x")</script> & <b>bold</b>',
      mainCategory: 'other',
      status: 'new',
    });
    const { text } = await reportText('admin');
    expect(text).toContain('<script>alert("x")</script> & <b>bold</b>');
  });

  it('is refused to other roles', async () => {
    expect((await as('manager', '/api/board-portal/report')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/board-portal/report' })).statusCode).toBe(401);
  });
});
