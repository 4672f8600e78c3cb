import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The zod validator, with request bodies made strict: a field the route does not take is refused with
 * a clear 400 instead of being dropped in silence, so a misspelt field is noticed and a forged one
 * (role, isAdmin, __proto__) never looks accepted (issue 11). Refinements of the object are kept.
 */
export const strictBodyValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (options) => {
  if (options.httpPart === 'body' && options.schema instanceof z.ZodObject) {
    return validatorCompiler({ ...options, schema: options.schema.strict() });
  }
  return validatorCompiler(options);
};
