import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@commonwise/contracts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

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
    ['board', ['Harbor View Condominiums', 'Willow Creek Commons']],
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
