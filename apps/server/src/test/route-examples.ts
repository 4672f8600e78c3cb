import { eq } from 'drizzle-orm';
import type { Access, Role } from '@commonwise/contracts';
import type { Db } from '../db/client.ts';
import { properties } from '../db/schema/index.ts';
import { demoPassword } from '../modules/auth/demo-accounts.ts';

/** Ids from the seeded demo data that examples refer to. */
export type Fixtures = { willowCreekId: string; harborViewId: string };

export async function loadFixtures(db: Db): Promise<Fixtures> {
  const idOf = async (name: string) =>
    (await db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!.id;
  return {
    willowCreekId: await idOf('Willow Creek Commons'),
    harborViewId: await idOf('Harbor View Condominiums'),
  };
}

export type ExampleRequest = { url: string; payload?: unknown };

export type RouteExample = {
  /** Who should be able to call it: stated here independently, so a wrong declaration on the route is caught. */
  access: Access;
  /** A valid request that the given role may make about its own resources. */
  own: (fixtures: Fixtures, role: Role) => ExampleRequest;
  /** The same request about a resource of another person or property: must answer 404. null: no such case for this role. */
  other?: (fixtures: Fixtures, role: Role) => ExampleRequest | null;
  /** The status of a successful call (default: any 2xx). */
  status?: number;
};

/**
 * One example per API route, keyed "METHOD /url" as registered. The authorization matrix test fails for
 * any route missing here, so a new route cannot escape it: add its example when you add the route.
 * Demo data (see db/seed.ts): the manager manages Willow Creek only; the resident lives in Willow Creek;
 * manager2 and resident2 belong to Harbor View.
 */
export const routeExamples: Record<string, RouteExample> = {
  'GET /api/health': {
    access: 'public',
    own: () => ({ url: '/api/health' }),
    status: 200,
  },
  'GET /api/openapi.json': {
    access: 'public',
    own: () => ({ url: '/api/openapi.json' }),
    status: 200,
  },
  'GET /api/auth/*': {
    access: 'public',
    own: () => ({ url: '/api/auth/get-session' }),
    status: 200,
  },
  'POST /api/auth/*': {
    access: 'public',
    own: () => ({ url: '/api/auth/sign-out', payload: {} }),
    status: 200,
  },
  'GET /api/site': { access: 'public', own: () => ({ url: '/api/site' }), status: 200 },
  'GET /api/demo-accounts': {
    access: 'public',
    own: () => ({ url: '/api/demo-accounts' }),
    status: 200,
  },
  'GET /api/me': {
    access: 'account:self',
    own: () => ({ url: '/api/me' }),
    status: 200,
  },
  'PATCH /api/me': {
    access: 'account:self',
    own: (_f, role) => ({ url: '/api/me', payload: { fullName: `Demo ${role}` } }),
    status: 200,
  },
  'POST /api/me/password': {
    access: 'account:self',
    own: () => ({
      url: '/api/me/password',
      payload: { currentPassword: demoPassword, newPassword: demoPassword },
    }),
    status: 200,
  },
  'GET /api/users': {
    access: 'users:list',
    own: () => ({ url: '/api/users' }),
    status: 200,
  },
  'GET /api/properties': {
    access: 'properties:read',
    own: () => ({ url: '/api/properties' }),
    status: 200,
  },
  'GET /api/properties/:id': {
    access: 'properties:read',
    own: (f, role) => ({
      url: `/api/properties/${role === 'manager' || role === 'resident' ? f.willowCreekId : f.harborViewId}`,
    }),
    other: (f, role) =>
      role === 'manager' || role === 'resident' ? { url: `/api/properties/${f.harborViewId}` } : null,
    status: 200,
  },
};
