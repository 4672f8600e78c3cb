import { z } from 'zod';
import { assistantIntents, emergencyKinds, handoverReasons } from './assistant.ts';

/**
 * The assistant's own figures (issue 16, item 10): what it resolved without a person, what it handed
 * over and why, how fast it replied, and which rules questions the documents could not answer. Read
 * from `assistant_turns`, one row per resident message the assistant answered. These are the numbers
 * behind the product's marketing claims, so the page shows them as they are.
 */

/** The longest period one request may cover. */
export const analyticsMaxDays = 366;
/** How many unanswered questions one request lists (the total is given beside them). */
export const analyticsUnansweredLimit = 50;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** The years a period may fall in: wide enough for any real history, narrow enough for every date library. */
export const analyticsYears = { first: 2000, last: 2099 } as const;

/** A calendar day 'YYYY-MM-DD' that exists (no 2025-02-30), in the years above. */
const daySchema = (label: string) =>
  z
    .string({ error: `Choose a ${label} date` })
    .regex(isoDay, `The ${label} date must look like 2025-01-31`)
    .refine((value) => isRealDay(value), `The ${label} date is not a day of the calendar`)
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return year >= analyticsYears.first && year <= analyticsYears.last;
    }, `Choose a ${label} date between ${analyticsYears.first} and ${analyticsYears.last}`);

function isRealDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whole days from `from` to `to`, counting both (2025-01-01 to 2025-01-01 is one day). */
export function countDaysInPeriod(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Whether the runtime knows the IANA time zone ('Europe/Berlin', 'UTC'). */
export function isKnownTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const assistantAnalyticsQuerySchema = z
  .object({
    /** First and last day of the period, both included. */
    from: daySchema('start'),
    to: daySchema('end'),
    /** One property; absent: every property the caller may see. */
    propertyId: z.uuid('That is not a valid property id').optional(),
    /** Where the days begin and end; the browser's own zone. Default UTC. */
    timeZone: z
      .string()
      .max(64, 'That is not a known time zone')
      .refine(isKnownTimeZone, 'That is not a known time zone')
      .optional(),
  })
  .superRefine((query, context) => {
    if (!isoDay.test(query.from) || !isoDay.test(query.to)) return;
    const days = countDaysInPeriod(query.from, query.to);
    if (days < 1) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end date must be on or after the start date',
      });
    } else if (days > analyticsMaxDays) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Choose a period of at most ${analyticsMaxDays} days`,
      });
    }
  });
export type AssistantAnalyticsQuery = z.infer<typeof assistantAnalyticsQuerySchema>;

const countSchema = z.number().int().nonnegative();
/** Milliseconds, rounded; null when there was nothing to measure. */
const durationSchema = z.number().int().nonnegative().nullable();

/** The middle and the 95th percentile of a set of durations (linear interpolation, percentile_cont). */
export const durationFiguresSchema = z.object({
  /** How many durations were measured. */
  count: countSchema,
  medianMs: durationSchema,
  p95Ms: durationSchema,
});
export type DurationFigures = z.infer<typeof durationFiguresSchema>;

export const analyticsPropertySchema = z.object({ id: z.uuid(), name: z.string() });
export type AnalyticsProperty = z.infer<typeof analyticsPropertySchema>;

export const unansweredQuestionSchema = z.object({
  /** The resident's message. */
  messageId: z.uuid(),
  question: z.string(),
  /** Null when the resident had no property when they asked. */
  property: analyticsPropertySchema.nullable(),
  askedAt: z.iso.datetime(),
});
export type UnansweredQuestion = z.infer<typeof unansweredQuestionSchema>;

export const assistantAnalyticsSchema = z.object({
  period: z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    timeZone: z.string(),
    /** The instants the period covers: [startsAt, endsBefore). */
    startsAt: z.iso.datetime(),
    endsBefore: z.iso.datetime(),
  }),
  /** The properties the caller may choose from; admins see every one. */
  scope: z.object({
    isAllProperties: z.boolean(),
    properties: z.array(analyticsPropertySchema),
  }),
  /** The property the figures are for; null: all in scope. */
  property: analyticsPropertySchema.nullable(),
  conversations: z.object({
    /** Threads with at least one answered resident message in the period. */
    total: countSchema,
    /** Of those, threads where no message in the period was handed to a person. */
    resolvedWithoutPerson: countSchema,
    handedOver: countSchema,
    /** resolvedWithoutPerson / total, 0–1; null without conversations. */
    resolvedShare: z.number().min(0).max(1).nullable(),
  }),
  /** Conversations per hand-over reason (one conversation may have several reasons); every reason listed. */
  handovers: z.array(z.object({ reason: z.enum(handoverReasons), conversations: countSchema })),
  /** Resident messages answered, and by what. */
  turns: z.object({ total: countSchema, byRules: countSchema, byModel: countSchema }),
  /** repliedAt − receivedAt of each answered resident message. */
  firstReply: durationFiguresSchema,
  /**
   * For each work order the assistant opened: repliedAt of the message that opened it − receivedAt of
   * the first message of that request (decision 0021).
   */
  timeToWorkOrder: durationFiguresSchema,
  /** Rules questions: answered with a citation, or "I don't know". */
  citations: z.object({ answered: countSchema, unanswered: countSchema }),
  /** Answered messages per intent, most first; null: not classified. */
  intents: z.array(z.object({ intent: z.enum(assistantIntents).nullable(), turns: countSchema })),
  /** Answered messages per detected language (ISO 639-1, 'und' unknown), most first; null: not recorded. */
  languages: z.array(z.object({ language: z.string().nullable(), turns: countSchema })),
  /** Conversations with an emergency, per kind, most first. */
  emergencies: z.array(z.object({ kind: z.enum(emergencyKinds), conversations: countSchema })),
  /** Rules questions the documents did not answer, most recent first, at most analyticsUnansweredLimit. */
  unansweredQuestions: z.object({ total: countSchema, items: z.array(unansweredQuestionSchema) }),
});
export type AssistantAnalytics = z.infer<typeof assistantAnalyticsSchema>;

export const handoverReasonLabels: Record<(typeof handoverReasons)[number], string> = {
  emergency: 'Emergency',
  asked_for_person: 'Asked for a person',
  no_answer_in_documents: 'No answer in the documents',
  unknown_language: 'Language the assistant does not speak',
  low_confidence: 'Not sure what was meant',
  urgent_sounding: 'Sounded urgent',
  needs_staff: 'Only staff can answer',
  model: 'Handed over by the AI model',
  failed: 'The assistant failed to answer',
};

export const assistantIntentLabels: Record<(typeof assistantIntents)[number], string> = {
  maintenance_request: 'Maintenance request',
  neighbor_complaint: 'Neighbour complaint',
  status_question: 'Status of a request',
  cancel_request: 'Cancel or change a request',
  document_question: 'Rules question',
  billing_question: 'Billing and dues',
  lease_ownership_question: 'Lease, ownership, moving',
  amenity_question: 'Amenities',
  human_request: 'Asked for a person',
  acknowledgement: 'Thanks or acknowledgement',
  small_talk: 'Greeting or small talk',
};

export const emergencyKindLabels: Record<(typeof emergencyKinds)[number], string> = {
  gas_leak: 'Gas smell',
  fire_smoke: 'Fire or smoke',
  flooding: 'Flooding or sewage',
  electrical_hazard: 'Electrical hazard',
  no_heat_freezing: 'No heat in freezing weather',
  carbon_monoxide: 'Carbon monoxide alarm',
  injury: 'Someone hurt',
  person_trapped: 'Person trapped',
  structural_danger: 'Structural danger',
  break_in: 'Break-in',
};
