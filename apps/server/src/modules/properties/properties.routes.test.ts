import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@commonwise/contracts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../realtime/publish.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function propertyNamesFor(role: Role) {
  const response = await injectAs(t.app, await t.cookieFor(role), { method: 'GET', url: '/api/properties' });
  return response.json().properties.map((property: { name: string }) => property.name);
}

describe('properties, scoped to the caller', () => {
  it.each([
    ['admin', ['Harbor View Condominiums', 'Willow Creek Commons']],
    // The board account's person sits on Willow Creek's board (and owns 7A there): not Harbor View's.
    ['board', ['Willow Creek Commons']],
    ['developer', ['Harbor View Condominiums', 'Willow Creek Commons']],
    ['manager', ['Willow Creek Commons']],
    ['resident', ['Willow Creek Commons']],
  ] as [Role, string[]][])('%s sees %j', async (role, names) => {
    expect(await propertyNamesFor(role)).toEqual(names);
  });

  it('refuses vendors', async () => {
    const response = await injectAs(t.app, await t.cookieFor('vendor'), {
      method: 'GET',
      url: '/api/properties',
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers a malformed id with a clear 400', async () => {
    const response = await injectAs(t.app, await t.cookieFor('admin'), {
      method: 'GET',
      url: '/api/properties/42',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/not a valid property id/);
  });

  it('answers an unknown id with 404', async () => {
    const response = await injectAs(t.app, await t.cookieFor('admin'), {
      method: 'GET',
      url: '/api/properties/00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Property not found' });
  });
});

describe('the unit count of the property form', () => {
  const labelsOf = async (propertyId: string) =>
    rowsOf<{ label: string }>(
      await t.database.db.execute(
        sql`select label from units where property_id = ${propertyId} and archived_at is null order by length(label), label`,
      ),
    ).map((row) => row.label);
  const form = { name: 'Maple Court', address: '12 Maple Court, Springfield', type: 'residential' };

  it('creates a new property with that many units, numbered', async () => {
    const admin = await t.cookieFor('admin');
    const created = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/properties',
      payload: { ...form, units: 3 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const property = created.json<{ id: string; units: number }>();
    expect(property.units).toBe(3);
    expect(await labelsOf(property.id)).toEqual(['1', '2', '3']);

    // Raising the count adds units; lowering it is refused, naming the field: units are archived instead.
    const raised = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/properties/${property.id}`,
      payload: { ...form, units: 5 },
    });
    expect(raised.json()).toMatchObject({ units: 5 });
    expect(await labelsOf(property.id)).toEqual(['1', '2', '3', '4', '5']);
    const lowered = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/properties/${property.id}`,
      payload: { ...form, units: 2, name: 'Renamed' },
    });
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json().error.fields).toEqual({
      units: 'This property has 5 units. Archive units on the Units tab to have fewer.',
    });
    // Nothing of the refused change was written.
    const after = await injectAs(t.app, admin, { method: 'GET', url: `/api/properties/${property.id}` });
    expect(after.json()).toMatchObject({ name: 'Maple Court', units: 5 });
  });
});
