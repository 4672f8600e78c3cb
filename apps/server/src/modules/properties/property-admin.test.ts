import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, properties } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
let willowCreekId: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.cookieFor('admin');
  const [willow] = await t.database.db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, 'Willow Creek Commons'));
  willowCreekId = willow!.id;
  const people = await t.database.db.select({ id: profiles.id, email: profiles.email }).from(profiles);
  ids = Object.fromEntries(people.map((person) => [person.email.split('@')[0]!, person.id]));
});
afterAll(async () => t.close());

const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, admin, { method, url, ...(payload ? { payload } : {}) });

async function newProperty(name = 'Cedar Ridge') {
  const response = await asAdmin('POST', '/api/properties', {
    name,
    address: '9 Cedar Ridge Road, Boulder, CO',
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string };
}

describe('creating and editing properties', () => {
  it('creates a property with the defaults: residential, pending, 1 unit, no description', async () => {
    const response = await asAdmin('POST', '/api/properties', {
      name: '  Maple Court ',
      address: '14 Maple Court, Madison, WI',
      description: '   ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Maple Court',
      type: 'residential',
      status: 'pending',
      units: 1,
      description: null,
    });
    const list = (await asAdmin('GET', '/api/properties')).json();
    expect(list.properties.map((property: { name: string }) => property.name)).toContain('Maple Court');
  });

  it.each([
    [{}, { name: 'Property name is required', address: 'Address must be at least 5 characters' }],
    [
      { name: ' ', address: 'Main' },
      { name: 'Property name is required', address: 'Address must be at least 5 characters' },
    ],
    [{ name: 'A', address: '1 Main Street', units: 0 }, { units: 'Property must have at least 1 unit' }],
    [{ name: 'A', address: '1 Main Street', units: 2.5 }, { units: 'Units must be a whole number' }],
    [{ name: 'A', address: '1 Main Street', units: 'many' }, { units: 'Property must have at least 1 unit' }],
    [
      { name: 'A', address: '1 Main Street', type: 'castle' },
      { type: 'Choose residential, commercial or industrial' },
    ],
    [
      { name: 'A', address: '1 Main Street', status: 'sold' },
      { status: 'Choose pending, active or inactive' },
    ],
  ])('refuses %j with the form messages', async (payload, fields) => {
    const response = await asAdmin('POST', '/api/properties', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual(fields);
  });

  it('updates every field and the last-updated time', async () => {
    const property = await newProperty('Birch Hollow');
    const response = await asAdmin('PATCH', `/api/properties/${property.id}`, {
      name: 'Birch Hollow Estates',
      address: '2 Birch Hollow Lane, Ithaca, NY',
      type: 'commercial',
      description: 'Shops on the ground floor',
      units: 12,
      status: 'active',
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      name: 'Birch Hollow Estates',
      type: 'commercial',
      units: 12,
      status: 'active',
    });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(new Date(updated.createdAt).getTime());
  });

  it('refuses managers, who may only read the properties they manage', async () => {
    const manager = await t.cookieFor('manager');
    const create = await injectAs(t.app, manager, {
      method: 'POST',
      url: '/api/properties',
      payload: { name: 'Sneaky', address: '1 Sneaky Street' },
    });
    expect(create.statusCode).toBe(403);
    const edit = await injectAs(t.app, manager, {
      method: 'PATCH',
      url: `/api/properties/${willowCreekId}`,
      payload: { name: 'Mine now', address: '1 Sneaky Street' },
    });
    expect(edit.statusCode).toBe(403);
  });
});

describe('managers of a property', () => {
  it('assigns a manager, once, and lists them', async () => {
    const property = await newProperty('Aspen Park');
    const first = await asAdmin('POST', `/api/properties/${property.id}/managers`, {
      userId: ids.manager,
      isPrimary: true,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      fullName: 'Maria Santos',
      email: 'manager@commonwise.test',
      isPrimary: true,
    });

    const again = await asAdmin('POST', `/api/properties/${property.id}/managers`, { userId: ids.manager });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Maria Santos is already a manager of this property.');

    const list = (await asAdmin('GET', `/api/properties/${property.id}/managers`)).json();
    expect(list.managers).toHaveLength(1);
  });

  it('only assigns users with the manager role', async () => {
    const property = await newProperty('Oak Terrace');
    const response = await asAdmin('POST', `/api/properties/${property.id}/managers`, { userId: ids.vendor });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'Victor Ortiz is not a manager: only users with the manager role can be added here.',
    );
    const unknown = await asAdmin('POST', `/api/properties/${property.id}/managers`, { userId: 'nobody' });
    expect(unknown.statusCode).toBe(400);
    await asAdmin('POST', `/api/users/${ids.manager2}/deactivate`);
    const deactivated = await asAdmin('POST', `/api/properties/${property.id}/managers`, {
      userId: ids.manager2,
    });
    expect(deactivated.statusCode).toBe(400);
    expect(deactivated.json().error.code).toBe('USER_DEACTIVATED');
    await asAdmin('POST', `/api/users/${ids.manager2}/reactivate`);
    const missing = await asAdmin('POST', `/api/properties/${property.id}/managers`, {});
    expect(missing.json().error.fields).toEqual({ userId: 'Please select a manager' });
  });

  it('keeps one primary manager: a second primary is refused, "make primary" moves it', async () => {
    const property = await newProperty('Pine Hills');
    await asAdmin('POST', `/api/properties/${property.id}/managers`, {
      userId: ids.manager,
      isPrimary: true,
    });
    const secondPrimary = await asAdmin('POST', `/api/properties/${property.id}/managers`, {
      userId: ids.manager2,
      isPrimary: true,
    });
    expect(secondPrimary.statusCode).toBe(409);
    expect(secondPrimary.json().error.code).toBe('PRIMARY_EXISTS');

    const second = (
      await asAdmin('POST', `/api/properties/${property.id}/managers`, { userId: ids.manager2 })
    ).json();
    const promoted = await asAdmin('PATCH', `/api/properties/${property.id}/managers/${second.id}`, {
      isPrimary: true,
    });
    expect(promoted.statusCode).toBe(200);
    const list = (await asAdmin('GET', `/api/properties/${property.id}/managers`)).json();
    expect(list.managers.map((m: { email: string; isPrimary: boolean }) => [m.email, m.isPrimary])).toEqual([
      ['manager2@commonwise.test', true],
      ['manager@commonwise.test', false],
    ]);
  });

  it('removes a manager, who then no longer sees the property', async () => {
    const property = await newProperty('Spruce Commons');
    const assignment = (
      await asAdmin('POST', `/api/properties/${property.id}/managers`, { userId: ids.manager2 })
    ).json();
    const manager2 = await t.signIn('manager2@commonwise.test');
    expect(
      (await injectAs(t.app, manager2, { method: 'GET', url: `/api/properties/${property.id}` })).statusCode,
    ).toBe(200);

    const removed = await asAdmin('DELETE', `/api/properties/${property.id}/managers/${assignment.id}`);
    expect(removed.statusCode).toBe(204);
    expect(
      (await injectAs(t.app, manager2, { method: 'GET', url: `/api/properties/${property.id}` })).statusCode,
    ).toBe(404);
    const again = await asAdmin('DELETE', `/api/properties/${property.id}/managers/${assignment.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('does not remove an assignment through another property', async () => {
    const first = await newProperty('Elm Row');
    const second = await newProperty('Walnut Row');
    const assignment = (
      await asAdmin('POST', `/api/properties/${first.id}/managers`, { userId: ids.manager })
    ).json();
    const response = await asAdmin('DELETE', `/api/properties/${second.id}/managers/${assignment.id}`);
    expect(response.statusCode).toBe(404);
    expect((await asAdmin('GET', `/api/properties/${first.id}/managers`)).json().managers).toHaveLength(1);
  });
});

describe('residents of a property', () => {
  it('adds a resident with a unit, once, only with the resident role, and removes them', async () => {
    const property = await newProperty('Willow Annex');
    // Residents are occupants of the property's units (issue 17): the unit must exist.
    expect((await asAdmin('POST', `/api/properties/${property.id}/units`, { label: '12A' })).statusCode).toBe(
      201,
    );
    const unknownUnit = await asAdmin('POST', `/api/properties/${property.id}/residents`, {
      userId: ids.resident2,
      unitNumber: '99',
    });
    expect(unknownUnit.statusCode).toBe(400);
    expect(unknownUnit.json().error.fields.unitNumber).toMatch(/This property has no unit "99"/);
    const added = await asAdmin('POST', `/api/properties/${property.id}/residents`, {
      userId: ids.resident2,
      unitNumber: ' 12a ',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ fullName: 'Priya Patel', unitNumber: '12A', status: 'active' });

    const twice = await asAdmin('POST', `/api/properties/${property.id}/residents`, {
      userId: ids.resident2,
      unitNumber: '3',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Priya Patel is already a resident of this property.');

    const notResident = await asAdmin('POST', `/api/properties/${property.id}/residents`, {
      userId: ids.board,
      unitNumber: '3',
    });
    expect(notResident.statusCode).toBe(400);
    expect(notResident.json().error.code).toBe('WRONG_ROLE');

    const blankUnit = await asAdmin('POST', `/api/properties/${property.id}/residents`, {
      userId: ids.resident,
      unitNumber: '  ',
    });
    expect(blankUnit.json().error.fields).toEqual({ unitNumber: 'Please enter a unit number' });

    const removed = await asAdmin('DELETE', `/api/properties/${property.id}/residents/${added.json().id}`);
    expect(removed.statusCode).toBe(204);
    expect((await asAdmin('GET', `/api/properties/${property.id}/residents`)).json().residents).toEqual([]);
    // Removing records the move-out: the occupancy stays as the unit's history.
    const units = (await asAdmin('GET', `/api/properties/${property.id}/units?q=12A`)).json().units;
    const history = await asAdmin('GET', `/api/properties/${property.id}/units/${units[0].id}/occupancies`);
    expect(history.json().occupancies).toMatchObject([
      { fullName: 'Priya Patel', movedOutOn: expect.any(String) },
    ]);
  });

  it('lets the property manager read residents, but not change them', async () => {
    const manager = await t.cookieFor('manager');
    const list = await injectAs(t.app, manager, {
      method: 'GET',
      url: `/api/properties/${willowCreekId}/residents`,
    });
    expect(list.json().residents).toContainEqual(
      expect.objectContaining({ fullName: 'Ryan Chen', unitNumber: '14B', status: 'active' }),
    );
    const add = await injectAs(t.app, manager, {
      method: 'POST',
      url: `/api/properties/${willowCreekId}/residents`,
      payload: { userId: ids.resident2, unitNumber: '1' },
    });
    expect(add.statusCode).toBe(403);
  });
});
