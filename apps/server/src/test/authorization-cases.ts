import { hasPermission, roles, type Access, type Role } from '@commonwise/contracts';
import { injectAs, sessionCookieOf, type TestApp } from './test-app.ts';
import { routeExamples, type ExampleRequest, type Fixtures } from './route-examples.ts';

/**
 * The authorization matrix's cases, shared by the matrix itself and by its mutation check: for one
 * route, what anonymous callers and each role must get, judged against the access the route SHOULD
 * have (route-examples.ts), never against what it declares.
 */

export type Route = { method: string; url: string };
/**
 * A case's result. `expected` is a status, '2xx', '< 400', or '403 FORBIDDEN': refused by the access
 * hook itself (its code), not by a service's own rule further in (which would hide a wrong declaration).
 */
export type Outcome = {
  label: string;
  expected: string;
  actual: number;
  actualCode?: string;
  isLeak: boolean;
};

export function exampleOf(route: Route) {
  return routeExamples[`${route.method} ${route.url}`]!;
}

/** Calls the app as a role (or anonymously), keeping each role's session current across sign-outs. */
export class MatrixCaller {
  private readonly cookies = new Map<Role, string>();
  constructor(private readonly t: TestApp) {}

  async call(method: string, request: ExampleRequest, role?: Role) {
    const cookie = role ? await this.cookieOf(role) : undefined;
    const response = await injectAs(this.t.app, cookie, {
      method: method as 'GET',
      url: request.url,
      ...(request.payload === undefined ? {} : { payload: request.payload as object }),
      ...(request.headers ? { headers: request.headers } : {}),
    });
    if (role) {
      const replaced = sessionCookieOf(response);
      if (replaced) this.cookies.set(role, replaced);
      // A session that ended (signed out, or ended by what a mutant let through) is replaced before
      // the next case: otherwise every later case would be a 401 and count as refused without testing.
      if (request.url === '/api/auth/sign-out' || response.statusCode === 401) this.cookies.delete(role);
    }
    return response;
  }

  private async cookieOf(role: Role) {
    if (!this.cookies.has(role)) this.cookies.set(role, await this.t.cookieFor(role));
    return this.cookies.get(role)!;
  }
}

/** Anonymous: 401 on a non-public route (before anything else happens), served on a public one. */
export async function checkAnonymous(
  caller: MatrixCaller,
  fixtures: Fixtures,
  route: Route,
): Promise<Outcome> {
  const example = exampleOf(route);
  const request = example.own(fixtures, 'admin');
  const response = await caller.call(route.method, request);
  const label = `${route.method} ${request.url} (anonymous)`;
  if (example.access === 'public') {
    return { label, expected: '< 400', actual: response.statusCode, isLeak: false };
  }
  const isRefused = response.statusCode === 401 && response.json().error?.code === 'UNAUTHENTICATED';
  return {
    label,
    expected: '401',
    actual: response.statusCode,
    isLeak: !isRefused && response.statusCode < 400,
  };
}

/**
 * One role: 403 without the permission; with it, success on its own resource and 404 on another
 * person's and on another property's. A leak is a success where a refusal was due.
 */
export async function checkRole(
  caller: MatrixCaller,
  fixtures: Fixtures,
  route: Route,
  role: Role,
): Promise<Outcome[]> {
  const example = exampleOf(route);
  if (example.access === 'public') return [];
  const own = example.own(fixtures, role);
  const response = await caller.call(route.method, own, role);
  const label = `${route.method} ${own.url} as ${role}`;
  if (!hasPermission(role, example.access)) {
    const code = response.statusCode >= 400 ? response.json().error?.code : undefined;
    const isRefused = response.statusCode === 403 && code === 'FORBIDDEN';
    return [
      {
        label,
        expected: '403 FORBIDDEN',
        actual: response.statusCode,
        actualCode: code,
        isLeak: !isRefused && response.statusCode < 400,
      },
    ];
  }
  const outcomes: Outcome[] = [
    {
      label: `${label}: ${response.body.slice(0, 300)}`,
      expected: String(example.status ?? '2xx'),
      actual: response.statusCode,
      isLeak: false,
    },
  ];
  for (const [kind, request] of [
    ["another's", example.other?.(fixtures, role)],
    ["another property's", example.otherProperty?.(fixtures, role)],
  ] as const) {
    if (!request) continue;
    const otherResponse = await caller.call(route.method, request, role);
    outcomes.push({
      label: `${route.method} ${request.url} as ${role} (${kind})`,
      expected: '404',
      actual: otherResponse.statusCode,
      isLeak: otherResponse.statusCode < 400,
    });
  }
  return outcomes;
}

export function isAsExpected(outcome: Outcome): boolean {
  const { expected, actual } = outcome;
  if (expected === '403 FORBIDDEN') return actual === 403 && outcome.actualCode === 'FORBIDDEN';
  if (expected === '< 400') return actual < 400;
  if (expected === '2xx') return actual >= 200 && actual < 300;
  return actual === Number(expected);
}

/** Every case of a route: anonymous, then each role. */
export async function checkRoute(caller: MatrixCaller, fixtures: Fixtures, route: Route): Promise<Outcome[]> {
  const outcomes = [await checkAnonymous(caller, fixtures, route)];
  for (const role of roles) outcomes.push(...(await checkRole(caller, fixtures, route, role)));
  return outcomes;
}

export type { Access };
