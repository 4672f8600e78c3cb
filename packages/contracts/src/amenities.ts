import { z } from 'zod';
import { providerConfirmationSchema } from './finance.ts';
import { centsSchema } from './money.ts';
import { pageFields, pageQueryFields } from './paging.ts';
import type { JurisdictionId } from './jurisdictions/index.ts';

/**
 * Amenities and their bookings (issue 23 item 5; decisions 0064 §1 and 0066). An association's managers
 * describe each amenity and its rules; its members book one as one of their homes. The database decides
 * who gets a slot two people ask for at once (an exclusion constraint for exclusive amenities, counter
 * rows for shared ones); the rules below are checked first, each refusal saying why and what is possible.
 * Times a person enters are wall-clock times on the amenity's clock (`YYYY-MM-DDTHH:mm`): the server
 * turns them into instants in the amenity's zone and refuses a time the clocks skip or show twice.
 */

export const amenityKinds = ['clubhouse', 'pool', 'tennis_court', 'guest_suite', 'gym', 'other'] as const;
export type AmenityKind = (typeof amenityKinds)[number];
export const amenityKindLabels: Record<AmenityKind, string> = {
  clubhouse: 'Clubhouse',
  pool: 'Pool',
  tennis_court: 'Tennis court',
  guest_suite: 'Guest suite',
  gym: 'Gym',
  other: 'Other',
};

/** Exclusive: one booking at a time (a clubhouse, a court). Shared: up to `capacity` people at once (a pool). */
export const amenityCapacityModes = ['exclusive', 'shared'] as const;
export type AmenityCapacityMode = (typeof amenityCapacityModes)[number];

/** Who may book: an owner of the unit (living there or not), or how they live there. */
export const amenityBookerKinds = ['owner', 'owner_occupant', 'tenant', 'family_member'] as const;
export type AmenityBookerKind = (typeof amenityBookerKinds)[number];
export const amenityBookerKindLabels: Record<AmenityBookerKind, string> = {
  owner: 'Owners',
  owner_occupant: 'Owners who live there',
  tenant: 'Tenants',
  family_member: 'Family members',
};

export const amenityLimitScopes = ['unit', 'person'] as const;
export const amenityLimitPeriods = ['day', 'week', 'month'] as const;
export type AmenityLimitPeriod = (typeof amenityLimitPeriods)[number];

export const bookingStatuses = [
  'held',
  'pending',
  'confirmed',
  'cancelled',
  'declined',
  'expired',
  'completed',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
/** The statuses that keep a slot taken. */
export const activeBookingStatuses = ['held', 'pending', 'confirmed'] as const;
export const bookingStatusLabels: Record<BookingStatus, string> = {
  held: 'Held for payment',
  pending: 'Waiting for approval',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  declined: 'Declined',
  expired: 'Hold expired',
  completed: 'Completed',
};

export const depositStatuses = ['none', 'held', 'released', 'deducted'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

/**
 * Whether an association may stop a delinquent unit booking amenities, by jurisdiction. Known only for
 * Florida HOAs (Fla. Stat. §720.305(4): common-area use may be suspended after more than 90 days'
 * delinquency, never access to the unit). California treats a suspension as discipline needing notice and
 * a hearing (Civ. Code §5855), which Commonwise does not record for amenities; for the rest we have not
 * verified the rule. An amenity may turn `blockDelinquent` on only where it is known to be allowed.
 */
export type DelinquencyPolicy =
  { allowed: true; afterDays: number; citation: string } | { allowed: false; reason: string };
export const amenityDelinquencyPolicies: Record<JurisdictionId, DelinquencyPolicy> = {
  'FL-720': { allowed: true, afterDays: 90, citation: 'Fla. Stat. §720.305(4)' },
  'FL-718': {
    allowed: false,
    reason:
      'Commonwise has not verified when a Florida condominium may suspend amenity use for delinquency (ch. 718), so it cannot apply that rule yet.',
  },
  CA: {
    allowed: false,
    reason:
      'In California suspending amenity use is discipline that needs notice and a hearing first (Civ. Code §5855); Commonwise does not record amenity hearings yet, so it cannot apply that rule.',
  },
  TX: {
    allowed: false,
    reason:
      'Commonwise has not verified whether Texas law lets an association suspend amenity use for delinquency, so it cannot apply that rule yet.',
  },
  none: {
    allowed: false,
    reason:
      'This association has no jurisdiction profile, so whether it may suspend amenity use for delinquency is unknown.',
  },
};

const localTimeOfDay = z
  .string('An opening time is HH:mm')
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'An opening time is HH:mm, from 00:00 to 24:00');

/** `YYYY-MM-DDTHH:mm` on the amenity's clock. */
export const localDateTimeSchema = z
  .string('A time is YYYY-MM-DDTHH:mm')
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'A time is YYYY-MM-DDTHH:mm, on the amenity’s clock');

export const amenityHoursSchema = z.object({
  /** 1 = Monday … 7 = Sunday (ISO). */
  weekday: z.number().int().min(1, 'Weekday is 1 (Monday) to 7 (Sunday)').max(7, 'Weekday is 1 to 7'),
  opens: localTimeOfDay,
  closes: localTimeOfDay,
});
export type AmenityHours = z.infer<typeof amenityHoursSchema>;

export const amenityLimitSchema = z.object({
  per: z.enum(amenityLimitScopes, 'A limit is per unit or per person'),
  period: z.enum(amenityLimitPeriods, 'A limit is per day, week or month'),
  max: z.number().int().min(1, 'A limit is at least 1').max(100, 'A limit is at most 100'),
});
export type AmenityLimit = z.infer<typeof amenityLimitSchema>;

const minutes = (what: string, max: number) =>
  z
    .number(`${what} is a number of minutes`)
    .int(`${what} is a whole number of minutes`)
    .min(0, `${what} cannot be negative`)
    .max(max, `${what} is at most ${max} minutes`);
const nonNegativeCents = centsSchema.refine((value) => value >= 0, 'An amount cannot be negative');

export const amenityInputSchema = z.object({
  name: z.string('Give the amenity a name').trim().min(1, 'Give the amenity a name').max(100),
  kind: z.enum(amenityKinds, 'Choose what kind of amenity it is'),
  description: z.string().trim().max(2000, 'A description is at most 2,000 characters').default(''),
  /** IANA zone; the association's when omitted. */
  timeZone: z.string().trim().min(1).max(64).optional(),
  capacityMode: z.enum(amenityCapacityModes, 'Choose exclusive or shared use'),
  capacity: z.number().int().min(1, 'Capacity is at least 1').max(1000, 'Capacity is at most 1,000'),
  slotMinutes: minutes('A slot', 1440).refine((value) => value >= 15, 'A slot is at least 15 minutes'),
  minMinutes: minutes('The shortest booking', 10080),
  maxMinutes: minutes('The longest booking', 10080),
  /** How long before the start a booking must be made. */
  leadMinutes: minutes('The lead time', 43200),
  /** How many days ahead one may book. */
  advanceDays: z
    .number()
    .int()
    .min(1, 'Allow booking at least 1 day ahead')
    .max(365, 'At most 365 days ahead'),
  holdMinutes: z
    .number()
    .int()
    .min(5, 'A hold lasts at least 5 minutes')
    .max(60, 'A hold lasts at most 60 minutes')
    .default(15),
  approvalRequired: z.boolean(),
  feeCents: nonNegativeCents,
  depositCents: nonNegativeCents,
  /** Free cancellation until this many minutes before the start. */
  cancelFreeUntilMinutes: minutes('The free cancellation window', 43200),
  lateCancelFeeCents: nonNegativeCents,
  eligibleKinds: z
    .array(z.enum(amenityBookerKinds), 'Choose who may book')
    .min(1, 'Choose who may book')
    .max(amenityBookerKinds.length),
  blockDelinquent: z.boolean().default(false),
  active: z.boolean().default(true),
  hours: z.array(amenityHoursSchema).min(1, 'Give the opening hours').max(50, 'At most 50 opening periods'),
  limits: z.array(amenityLimitSchema).max(6, 'At most 6 limits').default([]),
});
export type AmenityInput = z.infer<typeof amenityInputSchema>;

export const amenitySchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  name: z.string(),
  kind: z.enum(amenityKinds),
  description: z.string(),
  timeZone: z.string(),
  capacityMode: z.enum(amenityCapacityModes),
  capacity: z.number().int(),
  slotMinutes: z.number().int(),
  minMinutes: z.number().int(),
  maxMinutes: z.number().int(),
  leadMinutes: z.number().int(),
  advanceDays: z.number().int(),
  holdMinutes: z.number().int(),
  approvalRequired: z.boolean(),
  feeCents: z.number().int(),
  depositCents: z.number().int(),
  cancelFreeUntilMinutes: z.number().int(),
  lateCancelFeeCents: z.number().int(),
  eligibleKinds: z.array(z.enum(amenityBookerKinds)),
  blockDelinquent: z.boolean(),
  active: z.boolean(),
  hours: z.array(amenityHoursSchema),
  limits: z.array(amenityLimitSchema),
  blackouts: z.array(
    z.object({ id: z.uuid(), startsAt: z.string(), endsAt: z.string(), reason: z.string() }),
  ),
});
export type Amenity = z.infer<typeof amenitySchema>;

/** A home the caller may book as, for this amenity, or why not. */
export const bookableHomeSchema = z.object({
  unitId: z.uuid(),
  unitLabel: z.string(),
  canBook: z.boolean(),
  reason: z.string().nullable(),
});

export const myAmenitySchema = amenitySchema.extend({ homes: z.array(bookableHomeSchema) });
export type MyAmenity = z.infer<typeof myAmenitySchema>;
export const myAmenityListSchema = z.object({ amenities: z.array(myAmenitySchema) });
export const amenityListSchema = z.object({ amenities: z.array(amenitySchema) });

export const blackoutInputSchema = z.object({
  startsLocal: localDateTimeSchema,
  endsLocal: localDateTimeSchema,
  reason: z.string('Say why it is closed').trim().min(1, 'Say why it is closed').max(300),
  /**
   * Bookings in the closure's time are cancelled (fee and deposit refunded, no late fee, each booker told
   * the reason). Without it, a closure over bookings is refused (409 BOOKINGS_IN_CLOSURE, naming them).
   */
  cancelBookings: z.boolean().default(false),
});
export type BlackoutInput = z.infer<typeof blackoutInputSchema>;

export const slotStatuses = ['free', 'taken', 'tentative', 'full', 'closed', 'past'] as const;
export type SlotStatus = (typeof slotStatuses)[number];
export const availabilitySlotSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  startsLocal: z.string(),
  endsLocal: z.string(),
  /** "9:00 AM", as the amenity's clock shows it (with the offset when the day has a clock change). */
  label: z.string(),
  status: z.enum(slotStatuses),
  /** Shared amenities: people booked in this slot. */
  taken: z.number().int(),
  capacity: z.number().int(),
  /** Why it is closed (a blackout's reason). */
  note: z.string().nullable(),
});
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;
export const availabilitySchema = z.object({
  amenityId: z.uuid(),
  date: z.string(),
  timeZone: z.string(),
  slots: z.array(availabilitySlotSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;
export const availabilityQuerySchema = z.object({
  date: z.iso.date('A date is YYYY-MM-DD'),
});

export const bookingInputSchema = z.object({
  amenityId: z.uuid('That is not a valid amenity id'),
  unitId: z.uuid('Choose the home you book as'),
  startsLocal: localDateTimeSchema,
  endsLocal: localDateTimeSchema,
  headcount: z.number().int().min(1, 'At least 1 person').max(1000).default(1),
  acceptRules: z.literal(true, 'Accept the amenity’s rules to book it'),
  idempotencyKey: z.string().min(8).max(100),
});
export type BookingInput = z.infer<typeof bookingInputSchema>;

export const bookingPaymentInputSchema = z.object({
  method: z.enum(['card', 'ach'], 'Choose card or bank debit'),
  /** What the booker was shown: fee plus deposit. A different amount is refused (409 AMOUNT_CHANGED). */
  amountCents: centsSchema,
  idempotencyKey: z.string().min(8).max(100),
});
export type BookingPaymentInput = z.infer<typeof bookingPaymentInputSchema>;

export const bookingCancelInputSchema = z.object({
  reason: z.string().trim().max(500).default(''),
  /** The booker saw the late-cancellation fee and accepts it (409 LATE_FEE_APPLIES otherwise). */
  acceptLateFee: z.boolean().default(false),
});
export type BookingCancelInput = z.infer<typeof bookingCancelInputSchema>;

export const bookingDeclineInputSchema = z.object({
  reason: z.string('Say why it is declined').trim().min(1, 'Say why it is declined').max(500),
});
export const depositSettlementInputSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('release') }),
  z.object({
    action: z.literal('deduct'),
    deductionCents: centsSchema.refine((value) => value > 0, 'A deduction is more than zero'),
    reason: z
      .string('Say what the deduction is for')
      .trim()
      .min(1, 'Say what the deduction is for')
      .max(1000),
  }),
]);
export type DepositSettlementInput = z.infer<typeof depositSettlementInputSchema>;

/** A deposit settlement carries at most this many photos and files (the damage, the clean-up, a bill). */
export const bookingFilesMax = 10;

export const bookingSchema = z.object({
  id: z.uuid(),
  amenityId: z.uuid(),
  amenityName: z.string(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  timeZone: z.string(),
  unitId: z.uuid(),
  unitLabel: z.string(),
  personId: z.string(),
  personName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  startsLocal: z.string(),
  endsLocal: z.string(),
  headcount: z.number().int(),
  status: z.enum(bookingStatuses),
  holdExpiresAt: z.string().nullable(),
  feeCents: z.number().int(),
  depositCents: z.number().int(),
  /** Fee and deposit still to pay before the hold lapses. */
  amountDueCents: z.number().int(),
  /**
   * A card payment was started with the payment provider (Stripe) and is not confirmed yet: the booking
   * is paid when the provider says so (its webhook), and a payment that arrives after the hold lapsed is
   * given back.
   */
  paymentInProgress: z.boolean(),
  depositStatus: z.enum(depositStatuses),
  depositDeductedCents: z.number().int(),
  depositReason: z.string().nullable(),
  declineReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Until when it may be cancelled free, and the fee a later cancellation posts. */
  cancelFreeUntil: z.string(),
  lateCancelFeeCents: z.number().int(),
  isLateToCancel: z.boolean(),
  canCancel: z.boolean(),
  lateFeeChargeId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/**
 * A booking as its payment was started: with Stripe, what the booker's browser needs to take the card and
 * confirm it there (the booking stays held, `paymentInProgress`, until Stripe's webhook says it was paid);
 * null when the provider answered at once (the demo's test provider).
 */
export const startedBookingPaymentSchema = bookingSchema.extend({
  confirmation: providerConfirmationSchema.nullable(),
});
export type StartedBookingPayment = z.infer<typeof startedBookingPaymentSchema>;

/**
 * What a managers' list shows: every booking earliest first (optionally of one status); `upcoming`, the
 * held, pending and confirmed ones that have not ended, soonest first; `deposits`, those that have ended
 * with a deposit still held, to settle, longest waiting first.
 */
export const bookingListViews = ['all', 'upcoming', 'deposits'] as const;
export type BookingListView = (typeof bookingListViews)[number];
export const bookingListQuerySchema = z.object({
  ...pageQueryFields(20),
  status: z.enum(bookingStatuses).optional(),
  view: z.enum(bookingListViews, 'Choose all, upcoming or deposits').default('all'),
});
export const bookingPageSchema = z.object({ bookings: z.array(bookingSchema), ...pageFields });
export type BookingPage = z.infer<typeof bookingPageSchema>;
