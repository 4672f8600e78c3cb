import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, properties, units } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

/** Issue 26 item 7: adding a resident who lives elsewhere warns and keeps both homes. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('a resident added to a second property', () => {
  it('keeps their first home, and the answer names it', async () => {
    const [harbor] = await t.database.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.name, 'Harbor View Condominiums'));
    const [unit] = await t.database.db
      .insert(units)
      .values({ propertyId: harbor!.id, label: 'SH-1' })
      .returning();
    const [ryan] = await t.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, 'resident@commonwise.test'));
    const admin = await t.cookieFor('admin');
    const added = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/properties/${harbor!.id}/residents`,
      payload: { userId: ryan!.id, unitNumber: unit!.label },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      fullName: 'Ryan Chen',
      unitNumber: 'SH-1',
      otherHomes: [{ propertyName: 'Willow Creek Commons', unitNumber: expect.any(String) }],
    });
    const portal = await injectAs(t.app, await t.cookieFor('resident'), {
      method: 'GET',
      url: '/api/resident-portal',
    });
    expect(
      portal
        .json()
        .residences.map((home: { propertyName: string }) => home.propertyName)
        .sort(),
    ).toEqual(['Harbor View Condominiums', 'Willow Creek Commons']);
  });
});
