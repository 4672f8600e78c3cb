import { z } from 'zod';

/** Another time the caller may ask for instead (a booking's next free slot, say). */
export const errorAlternativeSchema = z.object({
  label: z.string(),
  /** Wall-clock times on the association's clock, as the request that would take it sends them. */
  startsLocal: z.string(),
  endsLocal: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type ErrorAlternative = z.infer<typeof errorAlternativeSchema>;

/** The one shape of every error the API answers with. `message` is written for a person. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field-level problems from validation, keyed by dotted path. */
    fields: z.record(z.string(), z.string()).optional(),
    /** Seconds until the caller may try again (rate limits, lockouts). */
    retryAfter: z.number().int().optional(),
    /** What is possible instead: e.g. the next free times when the one asked for is taken. */
    alternatives: z.array(errorAlternativeSchema).optional(),
    requestId: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
