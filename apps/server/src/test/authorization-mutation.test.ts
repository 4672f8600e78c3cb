import { fakeStripe } from './fake-stripe.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, roles, type Access } from '@commonwise/contracts';
import { createTestApp, type TestApp } from './test-app.ts';
import { loadFixtures, type Fixtures } from './route-examples.ts';
import { checkRoute, exampleOf, isAsExpected, MatrixCaller, type Route } from './authorization-cases.ts';

/**
 * Proves the authorization matrix bites (issue 11): each route's access declaration is changed in
 * turn — removed, made public, or widened to any signed-in person — and the matrix's cases for that
 * route must then fail. A mutant no case notices would be a declaration the matrix does not really check.
 */
let t: TestApp;
let fixtures: Fixtures;
let caller: MatrixCaller;
let routes: Route[];

beforeAll(async () => {
  // Stripe set up (offline), so its webhook and the online payments answer as they do when it is.
  const stripe = fakeStripe();
  t = await createTestApp(stripe.env, { stripeHttpClient: stripe.httpClient });
  fixtures = await loadFixtures(t.database.db, t.app);
  caller = new MatrixCaller(t);
  routes = t.app.apiRoutes.filter((route) => route.method !== 'HEAD');
});
afterAll(async () => t.close());

type Mutant = { route: Route; mutation: string; replacement: Access | undefined };

/** The mutants of a route: what its declaration could wrongly have been. */
function mutantsOf(route: Route): Mutant[] {
  const expected = exampleOf(route).access;
  if (expected === 'public') return [{ route, mutation: 'made private', replacement: 'settings:manage' }];
  const mutants: Mutant[] = [
    { route, mutation: 'declaration removed', replacement: undefined },
    { route, mutation: 'made public', replacement: 'public' },
  ];
  // Widening only shows where some role lacks the permission.
  if (!roles.every((role) => hasPermission(role, expected)))
    mutants.push({ route, mutation: 'widened to any signed-in person', replacement: 'account:self' });
  return mutants;
}

/** Runs the route's matrix cases with the mutated declaration in force; returns how many failed. */
async function failuresUnder(mutant: Mutant): Promise<{ failures: number; leaks: number }> {
  const key = `${mutant.route.method} ${mutant.route.url}`;
  const original = t.app.routeAccess.get(key)!;
  if (mutant.replacement === undefined) t.app.routeAccess.delete(key);
  else t.app.routeAccess.set(key, mutant.replacement);
  try {
    const outcomes = await checkRoute(caller, fixtures, mutant.route);
    return {
      failures: outcomes.filter((outcome) => !isAsExpected(outcome)).length,
      leaks: outcomes.filter((outcome) => outcome.isLeak).length,
    };
  } finally {
    t.app.routeAccess.set(key, original);
  }
}

describe('authorization matrix mutation check', () => {
  // Some 650 mutants, each a run of the matrix's requests: a minute or more on a loaded two-core machine.
  it('notices every changed access declaration', { timeout: 180_000 }, async () => {
    const survivors: string[] = [];
    let mutants = 0;
    let leaksCaught = 0;
    for (const route of routes) {
      for (const mutant of mutantsOf(route)) {
        mutants += 1;
        const { failures, leaks } = await failuresUnder(mutant);
        leaksCaught += leaks;
        if (failures === 0) survivors.push(`${route.method} ${route.url}: ${mutant.mutation}`);
      }
    }
    console.info(
      JSON.stringify({
        authorizationMutants: {
          routes: routes.length,
          mutants,
          killed: mutants - survivors.length,
          leaksCaught,
        },
      }),
    );
    expect(survivors, 'mutants the matrix did not notice').toEqual([]);
    expect(mutants).toBeGreaterThan(routes.length * 2 - 1);
  });

  it('still refuses everyone once the declarations are restored', async () => {
    for (const route of routes) {
      const outcomes = await checkRoute(caller, fixtures, route);
      expect(outcomes.filter((outcome) => outcome.isLeak).map((outcome) => outcome.label)).toEqual([]);
    }
  });
});
