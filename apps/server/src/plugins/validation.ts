import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The body schema with its object made strict; each object of a discriminated union too. */
function strictBody(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) return schema.strict();
  if (schema instanceof z.ZodDiscriminatedUnion)
    return new z.ZodDiscriminatedUnion({
      ...schema.def,
      options: schema.options.map((option) => (option instanceof z.ZodObject ? option.strict() : option)),
    });
  return schema;
}

/**
 * The zod validator, with request bodies made strict: a field the route does not take is refused with
 * a clear 400 instead of being dropped in silence, so a misspelt field is noticed and a forged one
 * (role, isAdmin, __proto__) never looks accepted (issue 11). Refinements of the object are kept. A
 * body that is one of several shapes (a discriminated union: a decision by votes or at a meeting) is
 * strict in each shape.
 */
export const strictBodyValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (options) => {
  if (options.httpPart === 'body')
    return validatorCompiler({ ...options, schema: strictBody(options.schema) });
  return validatorCompiler(options);
};
