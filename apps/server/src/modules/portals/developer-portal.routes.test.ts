import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunitySetup, DeveloperCommunityList, PropertyDocument, Role } from '@commonwise/contracts';
import { properties, propertyDocuments } from '../../db/schema/index.ts';
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

async function get(role: Role, url: string) {
  return injectAs(t.app, await t.cookieFor(role), { method: 'GET', url });
}
// Admins see every community; a developer only their projects' (the last tests).
const setupOf = async (propertyId: string, role: Role = 'admin') =>
  (await get(role, `/api/developer-portal/communities/${propertyId}/setup`)).json<CommunitySetup>();
const stateOf = (setup: CommunitySetup) =>
  Object.fromEntries(setup.steps.map((step) => [step.key, `${step.state}: ${step.detail}`]));

async function upload(propertyId: string, category: string, name: string) {
  const response = await injectAs(t.app, await t.cookieFor('admin'), {
    method: 'POST',
    url: `/api/properties/${propertyId}/documents`,
    payload: uploadForm({ name: `${name}.txt`, bytes: Buffer.from(`${name}: the text of it`) }, { category }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PropertyDocument>();
}

describe('community setup checklist', () => {
  it("shows a seeded property's real state: its manager and residents, no documents yet, active", async () => {
    const setup = await setupOf(willowId);
    expect(setup.community).toMatchObject({
      name: 'Willow Creek Commons',
      completedSteps: 3,
      totalSteps: 7,
      status: 'active',
    });
    expect(setup.percentage).toBe(43);
    expect(stateOf(setup)).toEqual({
      managers: 'complete: 1 manager assigned',
      // The people living in its homes today: owner-occupants, co-owners, tenants (db/seed-units.ts).
      residents: 'complete: 48 residents across 48 units',
      'document:ccr': 'todo: Not uploaded yet',
      'document:bylaws': 'todo: Not uploaded yet',
      'document:articles_of_incorporation': 'todo: Not uploaded yet',
      'document:rules_and_regulations': 'todo: Not uploaded yet',
      status: 'complete: Active',
    });
  });

  it('follows each required document from uploaded to processed, and a failed one', async () => {
    const ccr = await upload(willowId, 'ccr', 'Willow CC&Rs');
    await upload(willowId, 'bylaws', 'Willow Bylaws');
    // A category that is not required does not count.
    await upload(willowId, 'meeting_minutes', 'March minutes');
    let setup = await setupOf(willowId);
    expect(stateOf(setup)['document:ccr']).toBe('in_progress: Uploaded, still being processed');
    expect(setup.community.completedSteps).toBe(3);

    // The worker extracts the text of the queued uploads.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await t.app.jobs.runDue();
    const articles = await upload(willowId, 'articles_of_incorporation', 'Articles');
    await t.database.db
      .update(propertyDocuments)
      .set({ status: 'failed', statusReason: 'No text found' })
      .where(eq(propertyDocuments.id, articles.id));

    setup = await setupOf(willowId);
    expect(stateOf(setup)).toMatchObject({
      'document:ccr': 'complete: Processed: Willow CC&Rs',
      'document:bylaws': 'complete: Processed: Willow Bylaws',
      'document:articles_of_incorporation':
        'failed: Processing failed: process it again or upload a new copy',
      'document:rules_and_regulations': 'todo: Not uploaded yet',
    });
    expect(setup.community.completedSteps).toBe(5);
    expect(setup.percentage).toBe(71);
    expect(ccr.propertyId).toBe(willowId);
    // Another property's documents are its own: Harbor View is unchanged.
    expect((await setupOf(harborId)).community.completedSteps).toBe(3);
  });

  it('shows a new property with nothing set up as not started', async () => {
    const created = await injectAs(t.app, await t.cookieFor('admin'), {
      method: 'POST',
      url: '/api/properties',
      payload: {
        name: 'Aspen Ridge',
        address: '9 Aspen Ridge Road, Boulder',
        type: 'residential',
        units: 12,
      },
    });
    const setup = await setupOf(created.json<{ id: string }>().id);
    expect(setup.community).toMatchObject({ completedSteps: 0, status: 'pending' });
    expect(stateOf(setup)).toMatchObject({
      managers: 'todo: No manager yet',
      residents: 'todo: No residents added yet',
      status: 'todo: Still pending setup',
    });
  });

  it('lists every community with its progress for the picker', async () => {
    const { communities } = (
      await get('admin', '/api/developer-portal/communities')
    ).json<DeveloperCommunityList>();
    expect(communities.map((community) => [community.name, community.completedSteps])).toEqual([
      ['Aspen Ridge', 0],
      ['Harbor View Condominiums', 3],
      ['Willow Creek Commons', 5],
    ]);
  });

  it("gives a developer only their projects' communities (issue 25)", async () => {
    const none = (await get('developer', '/api/developer-portal/communities')).json<DeveloperCommunityList>();
    expect(none.communities).toEqual([]);
    expect((await get('developer', `/api/developer-portal/communities/${willowId}/setup`)).statusCode).toBe(
      404,
    );
    const created = await injectAs(t.app, await t.cookieFor('developer'), {
      method: 'POST',
      url: '/api/projects',
      payload: {
        name: 'Cedar Ridge Setup',
        address: '4000 Cedar Ridge Parkway, Round Rock, TX 78665',
        phases: [{ name: 'Phase 1', unitCount: 6 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { communities } = (
      await get('developer', '/api/developer-portal/communities')
    ).json<DeveloperCommunityList>();
    expect(communities.map((community) => community.name)).toEqual(['Cedar Ridge Setup']);
    const setup = await setupOf(created.json<{ propertyId: string }>().propertyId, 'developer');
    expect(setup.community).toMatchObject({ name: 'Cedar Ridge Setup', status: 'pending', units: 6 });
  });

  it('answers 404 for a property that does not exist', async () => {
    const response = await get(
      'admin',
      '/api/developer-portal/communities/11111111-1111-4111-8111-111111111111/setup',
    );
    expect(response.statusCode).toBe(404);
  });

  it('serves developers and admins only', async () => {
    expect((await get('admin', '/api/developer-portal/communities')).statusCode).toBe(200);
    for (const role of ['resident', 'manager', 'vendor', 'board'] as const) {
      const response = await get(role, `/api/developer-portal/communities/${willowId}/setup`);
      expect(response.statusCode, role).toBe(403);
    }
  });
});
