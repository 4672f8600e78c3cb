import { z } from 'zod';

/** The one shape of every error the API answers with. `message` is written for a person. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field-level problems from validation, keyed by dotted path. */
    fields: z.record(z.string(), z.string()).optional(),
    /** Seconds until the caller may try again (rate limits, lockouts). */
    retryAfter: z.number().int().optional(),
    requestId: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
