import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('user list', () => {
  it('shows admins everyone, a page at a time, with the total', async () => {
    const cookie = await t.cookieFor('admin');
    const body = (await injectAs(t.app, cookie, { method: 'GET', url: '/api/users?limit=100' })).json();
    // The 8 demo accounts and the demo associations' other owners and occupants (directory entries).
    const [{ value }] = (await t.database.db.select({ value: count() }).from(profiles)) as [
      { value: number },
    ];
    expect(body.total).toBe(value);
    expect(value).toBeGreaterThan(8);
    expect(body.users).toHaveLength(Math.min(value, 100));
    const second = (
      await injectAs(t.app, cookie, { method: 'GET', url: '/api/users?limit=5&page=2' })
    ).json();
    expect(second).toMatchObject({ total: value, page: 2, limit: 5 });
    expect(second.users.map((user: { id: string }) => user.id)).toEqual(
      body.users.slice(5, 10).map((user: { id: string }) => user.id),
    );
  });

  it('is for admins only (the original let anyone list users)', async () => {
    const response = await injectAs(t.app, await t.cookieFor('manager'), {
      method: 'GET',
      url: '/api/users',
    });
    expect(response.statusCode).toBe(403);
  });

  it('searches by name or e-mail, treating wildcards literally', async () => {
    const cookie = await t.cookieFor('admin');
    const byName = (await injectAs(t.app, cookie, { method: 'GET', url: '/api/users?search=priya' })).json();
    expect(byName.users.map((user: { email: string }) => user.email)).toEqual(['resident2@commonwise.test']);
    const wildcard = (await injectAs(t.app, cookie, { method: 'GET', url: '/api/users?search=%25' })).json();
    expect(wildcard.total).toBe(0);
  });
});
