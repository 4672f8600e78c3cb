import { fakeStripe } from './fake-stripe.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, type Access } from '@commonwise/contracts';
import { createTestApp, type TestApp } from './test-app.ts';
import { loadFixtures, routeExamples, type Fixtures } from './route-examples.ts';
import {
  checkAnonymous,
  checkRole,
  isAsExpected,
  MatrixCaller,
  type Outcome,
} from './authorization-cases.ts';

/**
 * Walks every registered API route × anonymous × every role × own/other resource. Routes come from
 * the running app, not from a list, so a route added later is covered (or fails for want of an
 * example). authorization-mutation.test.ts shows that these cases notice a wrong declaration.
 */
let t: TestApp;
let fixtures: Fixtures;
let caller: MatrixCaller;
let routes: { method: string; url: string; access: Access }[];
const outcomes: Outcome[] = [];

beforeAll(async () => {
  // Stripe set up (offline), so its webhook and the online payments answer as they do when it is.
  const stripe = fakeStripe();
  t = await createTestApp(stripe.env, { stripeHttpClient: stripe.httpClient });
  fixtures = await loadFixtures(t.database.db, t.app);
  caller = new MatrixCaller(t);
  routes = t.app.apiRoutes.filter((route) => route.method !== 'HEAD');
});
afterAll(async () => {
  const leaks = outcomes.filter((outcome) => outcome.isLeak).length;
  // The figures docs/security.md quotes.
  const count = (kind: string) => outcomes.filter((outcome) => outcome.label.endsWith(`(${kind})`)).length;
  console.info(
    JSON.stringify({
      authorizationMatrix: {
        routes: routes.length,
        cases: outcomes.length,
        anonymous: count('anonymous'),
        anotherPersons: count("another's"),
        anotherPropertys: count("another property's"),
        leaks,
      },
    }),
  );
  await t.close();
});

function expectAll(results: Outcome[]) {
  outcomes.push(...results);
  for (const outcome of results) {
    if (!isAsExpected(outcome))
      expect.fail(`${outcome.label}: expected ${outcome.expected}, got ${outcome.actual}`);
  }
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
    for (const route of routes) expectAll([await checkAnonymous(caller, fixtures, route)]);
  });

  for (const role of roles) {
    it(`gives ${role} 403 without the permission, success with it, and 404 for others' resources`, async () => {
      for (const route of routes) expectAll(await checkRole(caller, fixtures, route, role));
    });
  }
});
