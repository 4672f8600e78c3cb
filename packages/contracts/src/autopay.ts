import { z } from 'zod';
import { centsSchema } from './money.ts';
import { onlinePaymentMethods, providerConfirmationSchema } from './finance.ts';

// --- Autopay (issue 20, item 5; decision 0055) --------------------------------------------------------

/** Days before the charge day that the owner is reminded of the coming charge. */
export const autopayReminderDays = 3;
/** The charge day is 1–28, so that every month has it. */
export const autopayLastChargeDay = 28;

/**
 * A card or bank account an owner saved with the payment provider for autopay. Its numbers stay with the
 * provider: Commonwise keeps the brand, the last four digits and a card's expiry. `pending` until the
 * provider confirms it (Stripe's webhook); `failed` when the provider refused it.
 */
export const savedMethodStatuses = ['pending', 'active', 'failed'] as const;
export const savedMethodSchema = z.object({
  id: z.string(),
  provider: z.enum(['test', 'stripe']),
  kind: z.enum(onlinePaymentMethods),
  /** "Visa", "Test card", "Chase bank account"… (empty until the provider confirms it). */
  brand: z.string(),
  last4: z.string().nullable(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  /** A card past its expiry month: autopay cannot use it. */
  isExpired: z.boolean(),
  status: z.enum(savedMethodStatuses),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
export type SavedMethod = z.infer<typeof savedMethodSchema>;

export const savedMethodInputSchema = z.object({
  kind: z.enum(onlinePaymentMethods, 'Choose card or bank account'),
  /** The same key twice saves one method (a double click, a retry after a lost answer). */
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'A request key is 8 to 100 letters, digits, dashes or underscores'),
});
export type SavedMethodInput = z.infer<typeof savedMethodInputSchema>;

/** A method as just started: with Stripe, what the browser needs to collect and confirm it. */
export const startedMethodSchema = z.object({
  method: savedMethodSchema,
  confirmation: providerConfirmationSchema.nullable(),
});
export type StartedMethod = z.infer<typeof startedMethodSchema>;

export const savedMethodParamsSchema = z.object({ methodId: z.uuid('Payment method id must be a UUID') });

export const autopayInputSchema = z.object({
  methodId: z.uuid('Choose a saved card or bank account'),
  maxCents: centsSchema.refine((value) => value > 0, 'The most autopay may charge must be more than zero'),
  chargeDay: z
    .number('Choose the day of the month')
    .int('Choose the day of the month')
    .min(1, 'The charge day is between 1 and 28')
    .max(autopayLastChargeDay, 'The charge day is between 1 and 28'),
});
export type AutopayInput = z.infer<typeof autopayInputSchema>;

export const autopayAttemptOutcomes = [
  'charged',
  'pending',
  'failed',
  'over_max',
  'nothing_due',
  'reminded',
] as const;
export type AutopayAttemptOutcome = (typeof autopayAttemptOutcomes)[number];

export const autopayEnrolmentSchema = z.object({
  id: z.string(),
  unit: z.object({ id: z.string(), label: z.string() }),
  /** Who set it up: the owner whose method is charged. */
  owner: z.object({ id: z.string(), fullName: z.string() }),
  method: savedMethodSchema,
  maxCents: z.number().int(),
  chargeDay: z.number().int(),
  status: z.enum(['active', 'ended']),
  /** Why it ended: stopped by the owner, the method expired or was removed, the ownership ended. */
  endedReason: z.string().nullable(),
  startedOn: z.string(),
  endedOn: z.string().nullable(),
  /** The next day autopay charges the balance (null once ended). */
  nextChargeOn: z.string().nullable(),
  /** The latest months' outcomes, newest first. */
  history: z.array(
    z.object({
      period: z.string(),
      outcome: z.enum(autopayAttemptOutcomes),
      amountCents: z.number().int().nullable(),
      reason: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type AutopayEnrolment = z.infer<typeof autopayEnrolmentSchema>;

/** A unit's autopay as its owner sees it: the enrolment (anyone's, for a unit with several owners). */
export const autopayStateSchema = z.object({
  /** Whether autopay can be set up here (online payments are on). */
  available: z.boolean(),
  notice: z.string().nullable(),
  reminderDays: z.number().int(),
  enrolment: autopayEnrolmentSchema.nullable(),
  /** The latest ended enrolment, with why it ended (shown until autopay is set up again). */
  lastEnded: autopayEnrolmentSchema.nullable(),
  /** The caller's own saved methods, usable ones first. */
  methods: z.array(savedMethodSchema),
});
export type AutopayState = z.infer<typeof autopayStateSchema>;
