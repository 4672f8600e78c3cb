import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PropertyDocument, ResidentPortal, Role } from '@commonwise/contracts';
import { profiles, properties, unitOccupancies } from '../../db/schema/index.ts';
import { uploadForm } from '../../test/fixtures/documents.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let willowId: string;
let harborId: string;
beforeAll(async () => {
  t = await createTestApp();
  const all = await t.database.db.select().from(properties);
  willowId = all.find((property) => property.name === 'Willow Creek Commons')!.id;
  harborId = all.find((property) => property.name === 'Harbor View Condominiums')!.id;
});
afterAll(async () => t.close());

async function upload(propertyId: string, category: string, name: string) {
  const response = await injectAs(t.app, await t.cookieFor('admin'), {
    method: 'POST',
    url: `/api/properties/${propertyId}/documents`,
    payload: uploadForm({ name: `${name}.txt`, bytes: Buffer.from(`${name} text`) }, { category }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PropertyDocument>();
}

async function portalAs(role: Role) {
  const response = await injectAs(t.app, await t.cookieFor(role), {
    method: 'GET',
    url: '/api/resident-portal',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ResidentPortal>().residences;
}

describe('resident portal', () => {
  it('shows where the resident lives, with no documents before any are processed', async () => {
    expect(await portalAs('resident')).toEqual([
      {
        propertyId: willowId,
        propertyName: 'Willow Creek Commons',
        propertyAddress: '1200 Willow Creek Drive, Austin, TX 78704',
        unitNumber: '14B',
        moveInDate: '2023-06-01',
        documents: [],
      },
    ]);
  });

  it("lists only the processed documents of the resident's own property, each opening by its link", async () => {
    await upload(willowId, 'ccr', 'Willow CC&Rs');
    await upload(willowId, 'rules_and_regulations', 'Pool and Parking Rules');
    await upload(harborId, 'bylaws', 'Harbor Bylaws');
    await new Promise((resolve) => setTimeout(resolve, 150));
    await t.app.jobs.runDue();
    // Uploaded after processing ran: still processing, so not listed yet.
    const pending = await upload(willowId, 'bylaws', 'Willow Bylaws draft');

    const [home] = await portalAs('resident');
    expect(home!.documents.map((document) => [document.category, document.name])).toEqual([
      ['ccr', 'Willow CC&Rs'],
      ['rules_and_regulations', 'Pool and Parking Rules'],
    ]);
    expect(home!.documents.map((document) => document.id)).not.toContain(pending.id);

    const link = home!.documents[0]!;
    expect(Date.parse(link.expiresAt)).toBeGreaterThan(Date.now() + 55 * 60 * 1000);
    const file = await injectAs(t.app, await t.cookieFor('resident'), { method: 'GET', url: link.url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('Willow CC&Rs text');
  });

  it("shows resident2 Harbor View's documents, not Willow Creek's", async () => {
    const residences = await portalAs('resident');
    const other = (
      await injectAs(t.app, await t.signIn('resident2@commonwise.test'), {
        method: 'GET',
        url: '/api/resident-portal',
      })
    ).json<ResidentPortal>().residences;
    expect(other.map((home) => home.propertyName)).toEqual(['Harbor View Condominiums']);
    expect(other[0]!.documents.map((document) => document.name)).toEqual(['Harbor Bylaws']);
    expect(residences[0]!.documents.map((document) => document.name)).not.toContain('Harbor Bylaws');
  });

  it('leaves out a home moved out of today (a tenant whose lease ended)', async () => {
    const cookie = await t.signIn('resident2@commonwise.test');
    const [resident2] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'resident2@commonwise.test'));
    await t.database.db
      .update(unitOccupancies)
      .set({ movedOutOn: sql`current_date` })
      .where(eq(unitOccupancies.userId, resident2!.id));
    const response = await injectAs(t.app, cookie, { method: 'GET', url: '/api/resident-portal' });
    expect(response.json<ResidentPortal>().residences).toEqual([]);
  });

  it("shows a board member who owns a home the resident pages for it (the board's president owns 7A)", async () => {
    expect((await portalAs('board')).map((home) => [home.propertyName, home.unitNumber])).toEqual([
      ['Willow Creek Commons', '7A'],
    ]);
  });

  it('is for residents, board members and admins only; an admin lives nowhere', async () => {
    expect(await portalAs('admin')).toEqual([]);
    for (const role of ['manager', 'vendor', 'developer'] as Role[]) {
      const response = await injectAs(t.app, await t.cookieFor(role), {
        method: 'GET',
        url: '/api/resident-portal',
      });
      expect(response.statusCode, role).toBe(403);
    }
  });
});
