import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** helmet's headers, as every answer carries them (set by hand where no hook runs). */
    securityHeaders: Record<string, string>;
  }
}

export function helmetOptionsFor(config: Config): HelmetOptions {
  // With Stripe set up, the payment dialog loads Stripe.js from Stripe, which draws the card and bank
  // fields in its own frames and talks to Stripe's API (card numbers never reach our server).
  const stripe = config.stripe !== null;
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        ...(stripe ? { frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
        // Mantine sets CSS variables through inline style elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(stripe ? ['https://*.stripe.com'] : [])],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(stripe ? ['https://api.stripe.com'] : [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.isSecureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.isSecureCookies,
  };
}

/** Runs helmet once against a stand-in response and keeps the headers it sets. */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let error: unknown;
  helmet(options)({} as IncomingMessage, response, (failure?: unknown) => {
    error = failure;
  });
  if (error) throw error;
  return headers;
}

/**
 * helmet's headers on every response. Our policy has no per-request parts (no nonces), so the
 * headers are computed once at start-up: running helmet per request halved the server's throughput.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = computeSecurityHeaders(helmetOptionsFor(config));
  app.decorate('securityHeaders', headers);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
