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
  it('shows admins everyone, with the total', async () => {
    const body = (
      await injectAs(t.app, await t.cookieFor('admin'), { method: 'GET', url: '/api/users' })
    ).json();
    // The 8 demo accounts and the demo associations' other owners and occupants (directory entries).
    const [{ value }] = (await t.database.db.select({ value: count() }).from(profiles)) as [
      { value: number },
    ];
    expect(body.total).toBe(value);
    expect(body.users).toHaveLength(value);
    expect(value).toBeGreaterThan(8);
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
