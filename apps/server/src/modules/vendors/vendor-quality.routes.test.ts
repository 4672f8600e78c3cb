import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  VendorPerformance,
  VendorSuggestions,
  WorkOrderRating,
  WorkOrderRatingState,
} from '@commonwise/contracts';
import {
  breakoutRooms,
  profiles,
  properties,
  vendorCompanies,
  workOrderRatings,
  workOrders,
} from '../../db/schema/index.ts';
import { seedDemoVendors } from '../../db/seed-vendors.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 24 item 5 through the API: the resident rates completed work once; the staff see each company's
 * record (reply and completion times, ratings, bids, invoices) for the associations they may see; and a
 * work order gets suggested vendors by trade, insurance, rating and open work, with the reasons — a
 * manager assigns. The demo: Ortiz Plumbing & Repair (Victor Ortiz, vendor@) serves Willow Creek and
 * Harbor View; Lone Star Electric's certificate has expired.
 */

type Who = 'admin' | 'manager' | 'manager2' | 'board' | 'vendor' | 'resident' | 'resident2';
let t: TestApp;
const cookies = new Map<string, string>();
async function as(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  if (!cookies.has(who)) cookies.set(who, await t.signIn(`${who}@commonwise.test`));
  return injectAs(t.app, cookies.get(who)!, { method, url, ...(payload ? { payload } : {}) });
}
let streetlight: string;
let sinkLeak: string;
let ortiz: string;
let loneStar: string;
let vendorId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const propertyId = async (name: string) =>
    (await db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!.id;
  const personId = async (email: string) =>
    (await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email)))[0]!.id;
  const demo = {
    ids: {
      willowCreek: await propertyId('Willow Creek Commons'),
      harborView: await propertyId('Harbor View Condominiums'),
    },
    people: {
      vendor: await personId('vendor@commonwise.test'),
      manager: await personId('manager@commonwise.test'),
    },
  };
  await db.transaction((tx) => seedDemoVendors(tx, t.app.storage, demo.ids, demo.people));
  const workOrderId = async (summary: string) =>
    (await db.select({ id: workOrders.id }).from(workOrders).where(eq(workOrders.summary, summary)))[0]!.id;
  streetlight = await workOrderId('Streetlight out in front of unit 14B');
  sinkLeak = await workOrderId('Kitchen sink leaking under the cabinet');
  const companyId = async (name: string) =>
    (
      await db.select({ id: vendorCompanies.id }).from(vendorCompanies).where(eq(vendorCompanies.name, name))
    )[0]!.id;
  ortiz = await companyId('Ortiz Plumbing & Repair');
  loneStar = await companyId('Lone Star Electric');
  vendorId = (
    await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, 'vendor@commonwise.test'))
  )[0]!.id;
  // The streetlight's work room, as the assistant opens one with a request (the seed has none for it).
  await db
    .insert(breakoutRooms)
    .values({ roomName: 'Streetlight', roomType: 'work_order', workOrderId: streetlight });
});
afterAll(async () => t?.close());

const ratingOf = async (who: Who, workOrderId: string) =>
  (await as(who, 'GET', `/api/work-orders/${workOrderId}/rating`)).json<WorkOrderRatingState>();

describe('rating completed work', () => {
  it('is asked of the resident once the work is done, given once, and never shown to the vendor', async () => {
    const url = `/api/work-orders/${streetlight}/rating`;
    // Assigned to Victor (Ortiz), who answers in the room, then the manager completes it.
    const assigned = await as('manager', 'PUT', `/api/work-orders/${streetlight}/vendor`, { vendorId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await ratingOf('resident', streetlight)).toEqual({ rating: null, canRate: false });
    const early = await as('resident', 'POST', url, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('NOT_COMPLETED');

    const [room] = await t.database.db
      .select({ id: breakoutRooms.id })
      .from(breakoutRooms)
      .where(eq(breakoutRooms.workOrderId, streetlight));
    const reply = await as('vendor', 'POST', `/api/work-rooms/${room!.id}/messages`, {
      content: 'On my way this afternoon.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    for (const status of ['in_progress', 'completed'])
      expect(
        (await as('manager', 'POST', `/api/work-orders/${streetlight}/status`, { status })).statusCode,
      ).toBe(200);

    expect(await ratingOf('resident', streetlight)).toEqual({ rating: null, canRate: true });
    for (const payload of [
      { rating: 0 },
      { rating: 6 },
      { rating: 3.5 },
      { rating: 4, comment: 'x'.repeat(1001) },
    ]) {
      const bad = await as('resident', 'POST', url, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // Managers do not rate (no permission); an admin may rate only a request of their own.
    const byManager = await as('manager', 'POST', url, { rating: 5 });
    expect(byManager.statusCode).toBe(403);
    const byAdmin = await as('admin', 'POST', url, { rating: 5 });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error.code).toBe('NOT_THE_RESIDENT');
    expect(await t.database.db.select().from(workOrderRatings)).toEqual([]);

    const rated = await as('resident', 'POST', url, { rating: 4, comment: '  Fixed the same day.  ' });
    expect(rated.statusCode, rated.body).toBe(201);
    expect(rated.json<WorkOrderRating>()).toMatchObject({
      rating: 4,
      comment: 'Fixed the same day.',
      ratedBy: { fullName: 'Ryan Chen' },
      vendorName: 'Victor Ortiz',
    });
    const again = await as('resident', 'POST', url, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_RATED');
    expect(await ratingOf('resident', streetlight)).toMatchObject({ rating: { rating: 4 }, canRate: false });
    // The association's staff read it; the vendor does not read residents' words about them.
    expect((await ratingOf('manager', streetlight)).rating).toMatchObject({ rating: 4 });
    expect(await ratingOf('vendor', streetlight)).toEqual({ rating: null, canRate: false });
    // Another association's manager, or a resident of another, does not find the work order at all.
    expect((await as('manager2', 'GET', url)).statusCode).toBe(404);
    expect((await as('resident2', 'POST', url, { rating: 1 })).statusCode).toBe(404);
    const [stored] = await t.database.db.select().from(workOrderRatings);
    expect(stored).toMatchObject({ rating: 4, vendorId, vendorCompanyId: ortiz });
  });
});

describe("a company's performance", () => {
  it('shows reply and completion times and ratings to the staff and board of the associations they see', async () => {
    const performance = await as('manager', 'GET', `/api/vendors/${ortiz}/performance`);
    expect(performance.statusCode, performance.body).toBe(200);
    const figures = performance.json<VendorPerformance>();
    // The seed's two Willow Creek work orders of Victor's (one open, one completed) and the streetlight.
    expect(figures.workOrders).toMatchObject({ completed: 2, open: 1, assigned: 3 });
    // Medians of two: the streetlight here (answered and completed at once) and the seed's — the sink leak,
    // answered a day after it was assigned, and the pool gate, completed 5.9 days after.
    expect(figures.firstReplyHours.measured).toBe(2);
    expect(figures.firstReplyHours.median).toBeGreaterThan(11);
    expect(figures.firstReplyHours.median).toBeLessThan(13);
    expect(figures.completionDays.measured).toBe(2);
    expect(figures.completionDays.median).toBeGreaterThan(2.8);
    expect(figures.completionDays.median).toBeLessThan(3.1);
    expect(figures.ratings).toMatchObject({ average: 4, count: 1 });
    expect(figures.ratings.recent[0]).toMatchObject({
      rating: 4,
      comment: 'Fixed the same day.',
      workOrderSummary: 'Streetlight out in front of unit 14B',
    });
    // The board of Willow Creek sees the same; Harbor View's manager sees Harbor View's work only.
    const board = (await as('board', 'GET', `/api/vendors/${ortiz}/performance`)).json<VendorPerformance>();
    expect(board.ratings.count).toBe(1);
    expect(board.workOrders.assigned).toBe(3);
    const harbor = (
      await as('manager2', 'GET', `/api/vendors/${ortiz}/performance`)
    ).json<VendorPerformance>();
    expect(harbor.workOrders.assigned).toBe(0);
    expect(harbor.ratings).toMatchObject({ average: null, count: 0, recent: [] });
    // Residents and vendors do not read the directory.
    expect((await as('resident', 'GET', `/api/vendors/${ortiz}/performance`)).statusCode).toBe(403);
    expect((await as('vendor', 'GET', `/api/vendors/${ortiz}/performance`)).statusCode).toBe(403);
  });
});

describe('suggested vendors', () => {
  it('suggests companies of the trade with a current certificate, best rated first, with reasons', async () => {
    const suggested = await as('manager', 'GET', `/api/work-orders/${sinkLeak}/vendor-suggestions`);
    expect(suggested.statusCode, suggested.body).toBe(200);
    const { suggestions, note } = suggested.json<VendorSuggestions>();
    expect(note).toBeNull();
    // Both plumbing companies serving Willow Creek: the rated one first.
    expect(suggestions.map((suggestion) => suggestion.companyName)).toEqual([
      'Ortiz Plumbing & Repair',
      'Hill Country Plumbing',
    ]);
    expect(suggestions[0]).toMatchObject({
      companyId: ortiz,
      vendor: { id: vendorId, fullName: 'Victor Ortiz' },
      ratingAverage: 4,
      ratingCount: 1,
      insurance: { status: 'expiring' },
    });
    expect(suggestions[0]!.reasons).toEqual([
      'Does plumbing work and serves Willow Creek Commons',
      'Rated 4 of 5 by residents (1 rating)',
      '1 open work order now',
      expect.stringMatching(/^Certificate of insurance expires on /),
    ]);
    expect(suggestions[1]!.reasons).toEqual([
      'Does plumbing work and serves Willow Creek Commons',
      'Not rated yet',
      'No open work orders now',
    ]);
    expect(suggestions[1]!.vendor.fullName).toBe('Sam Alvarez');
  });

  it('leaves out a company whose certificate has expired, and says why there is no one', async () => {
    const [willow] = await t.database.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.name, 'Willow Creek Commons'));
    const [electrical] = await t.database.db
      .insert(workOrders)
      .values({ propertyId: willow!.id, summary: 'Gate keypad dead', mainCategory: 'electrical' })
      .returning({ id: workOrders.id });
    const { suggestions, note } = (
      await as('manager', 'GET', `/api/work-orders/${electrical!.id}/vendor-suggestions`)
    ).json<VendorSuggestions>();
    expect(suggestions.map((suggestion) => suggestion.companyId)).not.toContain(loneStar);
    expect(suggestions).toEqual([]);
    expect(note).toBe(
      'No active electrical company with a current certificate serves Willow Creek Commons yet. Add one in the vendor directory.',
    );
  });

  it('is for the association’s managers only', async () => {
    const url = `/api/work-orders/${sinkLeak}/vendor-suggestions`;
    expect((await as('manager2', 'GET', url)).statusCode).toBe(404);
    for (const who of ['resident', 'vendor', 'board'] as const)
      expect((await as(who, 'GET', url)).statusCode, who).toBe(403);
  });
});
