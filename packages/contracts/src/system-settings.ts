import { z } from 'zod';
import { jurisdictionSchema, timeZoneSchema } from './properties.ts';

/**
 * System Settings (issue 18 item 6): how this installation is configured, as an admin may see it.
 * Secrets never appear here: no SMTP user or password, no API key, no storage credentials.
 */

/** What a new association starts with when its form leaves jurisdiction or time zone out. */
export const propertyDefaultsSchema = z.object({
  jurisdiction: jurisdictionSchema,
  timeZone: timeZoneSchema,
});
export type PropertyDefaults = z.infer<typeof propertyDefaultsSchema>;

export const mailTransports = ['smtp', 'outbox'] as const;
export const assistantProviders = ['built-in', 'openai-compatible'] as const;
export const storageDrivers = ['local', 's3'] as const;

export const systemSettingsSchema = z.object({
  mail: z.object({
    transport: z.enum(mailTransports),
    /** The sender address mail goes out from (MAIL_FROM). */
    from: z.string(),
    /** SMTP host and port only ("mail.example.com:587"); null for the outbox. */
    host: z.string().nullable(),
    /** The folder mail is written to; null when it goes out through SMTP. */
    outboxDir: z.string().nullable(),
  }),
  assistant: z.object({
    provider: z.enum(assistantProviders),
    /** The model's name; null for the built-in assistant. */
    model: z.string().nullable(),
    /** The host of the model's API ("api.example.com"), without credentials; null for the built-in. */
    baseUrlHost: z.string().nullable(),
    timeoutSeconds: z.number(),
  }),
  storage: z.object({
    driver: z.enum(storageDrivers),
    /** The local folder files are written to (local driver). */
    folder: z.string().nullable(),
    /** The bucket, its region and the endpoint's host (S3 driver). */
    bucket: z.string().nullable(),
    region: z.string().nullable(),
    endpointHost: z.string().nullable(),
  }),
  defaults: propertyDefaultsSchema,
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const testMailResultSchema = z.object({
  status: z.literal('queued'),
  transport: z.enum(mailTransports),
  /** The signed-in admin's address, where the test message goes. */
  to: z.string(),
  message: z.string(),
});
export type TestMailResult = z.infer<typeof testMailResultSchema>;

export const assistantCheckSchema = z.object({
  provider: z.enum(assistantProviders),
  isOk: z.boolean(),
  latencyMs: z.number().int().nonnegative(),
  /** What happened, or the provider's error with any key removed. */
  message: z.string(),
  checkedAt: z.iso.datetime(),
});
export type AssistantCheck = z.infer<typeof assistantCheckSchema>;
