import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';

/**
 * Guards on every request's input, before any route sees it (issue 11, hostile input):
 * - JSON bodies refuse "__proto__" and "constructor.prototype" keys by name (Fastify's own parser
 *   refuses them too, but only as "not valid JSON", which does not say what is wrong);
 * - text in bodies, path parameters and query strings may not contain NUL characters (PostgreSQL
 *   cannot store them: they used to end in a 500) or lone UTF-16 surrogates (not Unicode text: they
 *   would be stored silently replaced by U+FFFD, so not as sent);
 * - the router's own refusals (a malformed percent-escape, a parameter over 100 characters) answer
 *   in the API's error shape like every other error (see frameworkErrors).
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(invalidJson(), undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text, (key, value: unknown) => {
        if (key === '__proto__' || (key === 'constructor' && isObject(value) && 'prototype' in value))
          throw new ForbiddenKey(key === '__proto__' ? '__proto__' : 'constructor.prototype');
        return value;
      });
    } catch (error) {
      return done(error instanceof ForbiddenKey ? error.toAppError() : invalidJson(), undefined);
    }
    done(null, parsed);
  });

  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const problem = findBadText(value, []);
      if (!problem) continue;
      const field = problem.path.join('.') || part;
      const message =
        problem.kind === 'nul'
          ? `Text cannot contain NUL characters (${field}).`
          : `Text must be valid Unicode: ${field} contains a lone surrogate character.`;
      throw new AppError(400, 'VALIDATION_FAILED', message, { fields: { [field]: message } });
    }
  });
}

/** Fastify's frameworkErrors option: the router's refusals in the API's error shape. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const isTooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  // The router refuses these before any onRequest hook runs, so their headers are set here.
  reply.headers(reply.server.securityHeaders).header('x-request-id', request.id);
  return reply.status(isTooLong ? 414 : 400).send({
    error: {
      code: isTooLong ? 'URL_TOO_LONG' : 'BAD_URL',
      message: isTooLong
        ? 'A part of this address is too long (at most 100 characters).'
        : 'This address is not valid: it contains a malformed %-escape.',
      requestId: request.id,
    },
  });
}

class ForbiddenKey extends Error {
  constructor(readonly key: string) {
    super(key);
  }
  toAppError() {
    const message = `This request does not take the field "${this.key}" (it could change an object's prototype).`;
    return new AppError(400, 'VALIDATION_FAILED', message, { fields: { [this.key]: message } });
  }
}

function invalidJson() {
  return new AppError(400, 'FST_ERR_CTP_INVALID_JSON_BODY', 'The request body is not valid JSON.');
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

type BadText = { kind: 'nul' | 'surrogate'; path: string[] };

function badTextIn(text: string): BadText['kind'] | null {
  if (text.includes('\u0000')) return 'nul';
  if (!text.isWellFormed()) return 'surrogate';
  return null;
}

/** The first string (key or value) in a parsed input that cannot be stored as text. */
function findBadText(value: unknown, path: string[]): BadText | null {
  if (typeof value === 'string') {
    const kind = badTextIn(value);
    return kind ? { kind, path } : null;
  }
  if (!isObject(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const keyKind = badTextIn(key);
    if (keyKind) return { kind: keyKind, path: [...path, JSON.stringify(key)] };
    const found = findBadText(item, [...path, key]);
    if (found) return found;
  }
  return null;
}
