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
    // The developer sees only their projects' communities (issue 25): none in the tests' demo.
    ['developer', []],
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

describe('the state law and time zone of a property', () => {
  const form = {
    name: 'Juniper Court',
    address: '4 Juniper Court, Orlando, FL',
    type: 'residential',
    units: 2,
  };

  it('shows the seeded associations with the profile and zone of their addresses', async () => {
    const response = await injectAs(t.app, await t.cookieFor('admin'), {
      method: 'GET',
      url: '/api/properties',
    });
    const byName = Object.fromEntries(
      response
        .json()
        .properties.map((p: { name: string; jurisdiction: string; timeZone: string }) => [
          p.name,
          [p.jurisdiction, p.timeZone],
        ]),
    );
    expect(byName).toMatchObject({
      'Harbor View Condominiums': ['CA', 'America/Los_Angeles'],
      'Willow Creek Commons': ['TX', 'America/Chicago'],
    });
  });

  it('starts a property with none and Los Angeles, and keeps them when a change leaves them out', async () => {
    const admin = await t.cookieFor('admin');
    const created = await injectAs(t.app, admin, { method: 'POST', url: '/api/properties', payload: form });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ jurisdiction: 'none', timeZone: 'America/Los_Angeles' });
    const id = created.json().id;

    const chosen = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/properties/${id}`,
      payload: { ...form, jurisdiction: 'FL-720', timeZone: 'America/New_York' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ jurisdiction: 'FL-720', timeZone: 'America/New_York' });

    const renamed = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/properties/${id}`,
      payload: { ...form, name: 'Juniper Court HOA' },
    });
    expect(renamed.json()).toMatchObject({
      name: 'Juniper Court HOA',
      jurisdiction: 'FL-720',
      timeZone: 'America/New_York',
    });
    const read = await injectAs(t.app, admin, { method: 'GET', url: `/api/properties/${id}` });
    expect(read.json()).toMatchObject({ jurisdiction: 'FL-720', timeZone: 'America/New_York' });
  });

  it('creates a property with a jurisdiction and time zone', async () => {
    const created = await injectAs(t.app, await t.cookieFor('admin'), {
      method: 'POST',
      url: '/api/properties',
      payload: { ...form, name: 'Bayside Towers', jurisdiction: 'FL-718', timeZone: 'America/New_York' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ jurisdiction: 'FL-718', timeZone: 'America/New_York' });
  });

  it.each([
    ['an unknown zone', { timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
    ['an offset', { timeZone: '+01:00' }, 'timeZone'],
    ['an abbreviation', { timeZone: 'EST' }, 'timeZone'],
    ['an unknown jurisdiction', { jurisdiction: 'NY' }, 'jurisdiction'],
  ])('refuses %s with a 400 naming the field', async (_label, overrides, field) => {
    const admin = await t.cookieFor('admin');
    for (const request of [
      { method: 'POST' as const, url: '/api/properties' },
      { method: 'PATCH' as const, url: `/api/properties/${await willowCreekId()}` },
    ]) {
      const response = await injectAs(t.app, admin, { ...request, payload: { ...form, ...overrides } });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual([field]);
    }
    expect(
      (
        await injectAs(t.app, admin, { method: 'GET', url: `/api/properties/${await willowCreekId()}` })
      ).json(),
    ).toMatchObject({
      name: 'Willow Creek Commons',
      jurisdiction: 'TX',
    });
  });

  async function willowCreekId(): Promise<string> {
    const response = await injectAs(t.app, await t.cookieFor('manager'), {
      method: 'GET',
      url: '/api/properties',
    });
    return response.json().properties[0].id;
  }
});
