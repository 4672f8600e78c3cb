import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '@commonwise/contracts';
import { AppError } from '../lib/errors.ts';

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  error: Omit<ApiError['error'], 'requestId'>,
) {
  if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
  return reply.status(status).send({ error: { ...error, requestId: request.id } } satisfies ApiError);
}

/** Turns every failure into the one error shape of the API, with a message a person can act on. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, request, error.statusCode, {
        code: error.code,
        message: error.message,
        ...error.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // No prototype: a field named "constructor" or "toString" must not find an inherited value.
      const fields: Record<string, string> = Object.create(null);
      for (const issue of error.validation) {
        const key =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
        const unknownKeys = issue.keyword === 'unrecognized_keys' ? (issue.params?.keys as string[]) : null;
        if (unknownKeys) {
          for (const unknown of unknownKeys)
            fields[[key === 'body' ? '' : key, unknown].filter(Boolean).join('.')] ??=
              `This request does not take the field "${unknown}".`;
          continue;
        }
        fields[key] ??= issue.message ?? 'is not valid';
      }
      const [firstField, firstMessage] = Object.entries(fields)[0] ?? ['body', 'The request is not valid.'];
      const where =
        error.validationContext === 'body' ? firstField : `${error.validationContext} ${firstField}`;
      return send(reply, request, 400, {
        code: 'VALIDATION_FAILED',
        message:
          Object.keys(fields).length === 1
            ? `${firstMessage} (${where})`
            : 'Please correct the highlighted fields.',
        fields,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(reply, request, 500, internal(request));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return send(reply, request, 413, { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
    }
    if (status === 429) {
      return send(reply, request, 429, { code: 'RATE_LIMITED', message: error.message });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type) carry readable messages.
      return send(reply, request, status, {
        code: error.code ?? 'BAD_REQUEST',
        message: readableClientError(error),
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, 500, internal(request));
  });
}

function internal(request: FastifyRequest) {
  return {
    code: 'INTERNAL',
    message: `Something went wrong on our side. Please try again; if it keeps happening, contact support and mention request ${request.id}.`,
  };
}

function readableClientError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here; send JSON.';
    default:
      return error.message;
  }
}

/** Unknown API paths answer in the error shape; everything else is left to the web app's fallback. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, request, 404, {
    code: 'NOT_FOUND',
    message: `There is no API endpoint ${request.method} ${request.url.split('?')[0]}.`,
  });
}
