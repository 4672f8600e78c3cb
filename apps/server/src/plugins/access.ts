import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission, roleSchema, type Access, type Role } from '@commonwise/contracts';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from './auth.ts';
import { AppError, forbidden, unauthenticated } from '../lib/errors.ts';
import type { SessionCache } from './session-cache.ts';

export type Actor = { id: string; email: string; fullName: string; role: Role; twoFactorEnabled: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Required on every /api route: the server refuses to boot without it. */
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every API route with its declared access, in registration order (the authorization matrix walks it). */
    apiRoutes: { method: string; url: string; access: Access }[];
    /**
     * The access each API route requires, keyed "METHOD /url": what the access hook enforces. It is
     * read on every request, so the authorization matrix's mutation check can change an entry and
     * show that the tests notice (docs/decisions/0003-authorization-matrix.md).
     */
    routeAccess: Map<string, Access>;
  }
}

/** Every route under /api must say who may call it; anything else is a programming error caught at boot. */
export function requireAccessDeclarations(app: FastifyInstance): void {
  const apiRoutes: FastifyInstance['apiRoutes'] = [];
  const routeAccess: FastifyInstance['routeAccess'] = new Map();
  app.decorate('apiRoutes', apiRoutes);
  app.decorate('routeAccess', routeAccess);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = route.config?.access;
    if (!access)
      throw new Error(`Route ${methods.join(',')} ${route.url} does not declare its access (config.access)`);
    for (const method of methods) {
      apiRoutes.push({ method, url: route.url, access });
      routeAccess.set(`${method} ${route.url}`, access);
    }
  });
}

const sessionCookiePattern = /(?:^|;\s*)((?:__Secure-)?better-auth\.session_token)=([^;]+)/;

/** The session cookie's value: the key under which the caller's session is cached. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return sessionCookiePattern.exec(request.headers.cookie ?? '')?.[2];
}

export async function resolveActor(
  auth: Auth,
  cache: SessionCache,
  request: FastifyRequest,
): Promise<Actor | null> {
  const token = sessionTokenOf(request);
  if (!token) return null;
  const cached = cache.get(token);
  if (cached) return cached;
  const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) return null;
  const role = roleSchema.safeParse(result.user.role);
  if (!role.success) return null;
  const actor = {
    id: result.user.id,
    email: result.user.email,
    fullName: result.user.name,
    role: role.data,
    twoFactorEnabled: Boolean((result.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
  };
  cache.set(token, actor);
  return actor;
}

/**
 * Deny by default: before a body is even parsed, a non-public route needs a session (401) and a
 * role holding the route's permission (403). Scoping to the caller's own data is the services' job.
 */
export function enforceAccess(
  app: FastifyInstance,
  auth: Auth,
  cache: SessionCache,
  mustEnrolTwoFactor: (actor: Actor) => Promise<boolean>,
): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const { url } = request.routeOptions;
    // Not found (no route) and routes outside /api have no entry.
    const access = url === undefined ? undefined : app.routeAccess.get(`${request.method} ${url}`);
    if (access === undefined) {
      // An API route the registry does not know is refused, never served as if it were public.
      if (url?.startsWith('/api')) throw forbidden();
      return;
    }
    if (access === 'public') return;
    const actor = await resolveActor(auth, cache, request);
    if (!actor) throw unauthenticated();
    if (!hasPermission(actor.role, access)) throw forbidden();
    // Staff who must use two-factor and have not set it up can reach their own account only.
    if (access !== 'account:self' && (await mustEnrolTwoFactor(actor))) {
      throw new AppError(
        403,
        'TWO_FACTOR_REQUIRED',
        'Your role requires two-factor authentication. Set it up in My Account to continue.',
      );
    }
    request.actor = actor;
  });
}

/** The signed-in caller of a route that declared a permission (the hook above guarantees one). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
