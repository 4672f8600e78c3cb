import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, roles, type Access, type Role } from '@commonwise/contracts';
import { createTestApp, injectAs, sessionCookieOf, type TestApp } from './test-app.ts';
import { loadFixtures, routeExamples, type ExampleRequest, type Fixtures } from './route-examples.ts';

/**
 * Walks every registered API route × anonymous × every role × own/other resource. Routes come from
 * the running app, not from a list, so a route added later is covered (or fails for want of an example).
 */
let t: TestApp;
let fixtures: Fixtures;
let routes: { method: string; url: string; access: Access }[];

beforeAll(async () => {
  t = await createTestApp();
  fixtures = await loadFixtures(t.database.db, t.app);
  routes = t.app.apiRoutes.filter((route) => route.method !== 'HEAD');
});
afterAll(async () => t.close());

// Sessions per role, refreshed when a call (sign-out, password change) replaces or ends them.
const cookies = new Map<Role, string>();
async function cookieOf(role: Role) {
  if (!cookies.has(role)) cookies.set(role, await t.cookieFor(role));
  return cookies.get(role)!;
}
async function call(method: string, request: ExampleRequest, role?: Role) {
  const response = await injectAs(t.app, role ? await cookieOf(role) : undefined, {
    method: method as 'GET',
    url: request.url,
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  });
  if (role) {
    const replaced = sessionCookieOf(response);
    if (replaced) cookies.set(role, replaced);
    if (request.url === '/api/auth/sign-out') cookies.delete(role);
  }
  return response;
}

describe('authorization matrix', () => {
  it('covers a known set of routes, each with an example', () => {
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(routeExamples).length);
    const missing = routes
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !routeExamples[key]);
    expect(missing, 'add these routes to src/test/route-examples.ts').toEqual([]);
    const misdeclared = routes
      .filter((route) => routeExamples[`${route.method} ${route.url}`]?.access !== route.access)
      .map((route) => `${route.method} ${route.url} declares ${route.access}`);
    expect(misdeclared, 'route access differs from the expected access in route-examples.ts').toEqual([]);
  });

  it('refuses anonymous callers with 401 on every non-public route, and serves public ones', async () => {
    for (const route of routes) {
      const request = routeExamples[`${route.method} ${route.url}`]!.own(fixtures, 'admin');
      const response = await call(route.method, request);
      const label = `${route.method} ${request.url} (anonymous)`;
      if (route.access === 'public') expect(response.statusCode, label).toBeLessThan(400);
      else {
        expect(response.statusCode, label).toBe(401);
        expect(response.json().error.code, label).toBe('UNAUTHENTICATED');
      }
    }
  });

  for (const role of roles) {
    it(`gives ${role} 403 without the permission, success with it, and 404 for others' resources`, async () => {
      for (const route of routes) {
        if (route.access === 'public') continue;
        const example = routeExamples[`${route.method} ${route.url}`]!;
        const own = example.own(fixtures, role);
        const response = await call(route.method, own, role);
        const label = `${route.method} ${own.url} as ${role}`;
        if (!hasPermission(role, route.access)) {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().error.code, label).toBe('FORBIDDEN');
          continue;
        }
        if (example.status) expect(response.statusCode, `${label}: ${response.body}`).toBe(example.status);
        else expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(300);
        const other = example.other?.(fixtures, role);
        if (other) {
          const otherResponse = await call(route.method, other, role);
          expect(otherResponse.statusCode, `${route.method} ${other.url} as ${role} (another's)`).toBe(404);
        }
      }
    });
  }
});
