import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { Config } from './config.ts';

/**
 * Cross-site request forgery (issue 15, docs/security.md). The session is a cookie, so a page of any
 * other origin — another site, or another port of the same host, which SameSite=Lax counts as the
 * same site — could make the browser send it with a form or a `fetch` that needs no preflight. Every
 * state-changing /api request must therefore:
 * - come from our own pages: its Origin (or, when a browser left Origin out, its Referer) is
 *   PUBLIC_URL's origin. Browsers send Origin on every cross-origin request and on same-origin
 *   POST/PUT/PATCH/DELETE, so a request with neither header is not one of ours and is refused too;
 * - carry JSON, unless the route takes an upload (its schema `consumes` multipart/form-data): the
 *   content types a page may send without a preflight (text/plain, application/x-www-form-urlencoded,
 *   multipart/form-data) are refused, so even a same-site page cannot post a forged body.
 * The WebSocket handshake is a GET and checks Origin itself (modules/realtime/realtime.routes.ts).
 */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Routes that act on a signed token in the request, never on the session cookie, so a forged request
 * gains nothing: the one-click unsubscribe that mail programs POST without an Origin (RFC 8058), and
 * Stripe's webhook, signed with the endpoint's secret (decision 0052).
 */
const tokenRoutes = new Set(['/api/notifications/unsubscribe', '/api/finance/providers/stripe/webhook']);

/** The origin (scheme, host and port) of the product's own pages. */
export function ownOriginOf(config: Pick<Config, 'publicUrl'>): string {
  return new URL(config.publicUrl).origin;
}

export function registerCsrfProtection(app: FastifyInstance, config: Config): void {
  const ownOrigin = ownOriginOf(config);
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    if (tokenRoutes.has(request.url.split('?')[0]!)) return;
    const origin = originOf(request);
    if (origin !== ownOrigin) {
      throw new AppError(
        403,
        'FORBIDDEN_ORIGIN',
        origin === undefined
          ? 'This request did not say which page sent it (no Origin or Referer header). Send it from the Commonwise web app.'
          : `Requests from ${origin} are not accepted. Send it from the Commonwise web app.`,
      );
    }
    const type = mediaTypeOf(request);
    if (type === undefined) return;
    const isUpload = acceptsMultipart(request);
    if (type === (isUpload ? 'multipart/form-data' : 'application/json')) return;
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      isUpload
        ? 'Send the file as multipart/form-data.'
        : `This request must be sent as JSON (Content-Type: application/json), not ${type}.`,
    );
  });
}

function originOf(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  // "null" is what sandboxed frames, file: pages and some redirects send: never ours.
  if (origin !== undefined) return origin;
  const referer = request.headers.referer;
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'an unreadable Referer';
  }
}

function mediaTypeOf(request: FastifyRequest): string | undefined {
  const header = request.headers['content-type'];
  if (header === undefined) return undefined;
  return header.split(';')[0]!.trim().toLowerCase();
}

function acceptsMultipart(request: FastifyRequest): boolean {
  const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
  return consumes?.includes('multipart/form-data') ?? false;
}
