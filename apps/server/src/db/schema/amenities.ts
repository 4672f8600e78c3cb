import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  amenityBookerKinds,
  amenityCapacityModes,
  amenityKinds,
  amenityLimitPeriods,
  amenityLimitScopes,
  bookingStatuses,
  depositStatuses,
  type AmenityBookerKind,
} from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { charges, journalEntries } from './finance.ts';
import { properties } from './properties.ts';
import { cents, inList } from './sql.ts';
import { units } from './units.ts';

/**
 * Amenities and bookings (issue 23 item 5; decisions 0064 §1 and 0066). An amenity carries its booking
 * rules; its opening hours are wall-clock times on its own zone's clock, per ISO weekday.
 */
export const amenities = pgTable(
  'amenities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: amenityKinds }).notNull(),
    description: text('description').notNull().default(''),
    timeZone: text('time_zone').notNull(),
    capacityMode: text('capacity_mode', { enum: amenityCapacityModes }).notNull(),
    capacity: integer('capacity').notNull().default(1),
    slotMinutes: integer('slot_minutes').notNull(),
    minMinutes: integer('min_minutes').notNull(),
    maxMinutes: integer('max_minutes').notNull(),
    leadMinutes: integer('lead_minutes').notNull().default(0),
    advanceDays: integer('advance_days').notNull(),
    holdMinutes: integer('hold_minutes').notNull().default(15),
    approvalRequired: boolean('approval_required').notNull().default(false),
    feeCents: cents('fee_cents').notNull().default(0),
    depositCents: cents('deposit_cents').notNull().default(0),
    cancelFreeUntilMinutes: integer('cancel_free_until_minutes').notNull().default(0),
    lateCancelFeeCents: cents('late_cancel_fee_cents').notNull().default(0),
    eligibleKinds: text('eligible_kinds').array().notNull().$type<AmenityBookerKind[]>(),
    blockDelinquent: boolean('block_delinquent').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('amenities_property_idx').on(t.propertyId, t.name),
    uniqueIndex('amenities_property_name_key').on(t.propertyId, sql`lower(${t.name})`),
    check('amenities_kind_check', sql`${t.kind} in ${inList(amenityKinds)}`),
    check('amenities_capacity_mode_check', sql`${t.capacityMode} in ${inList(amenityCapacityModes)}`),
    check(
      'amenities_capacity_check',
      sql`${t.capacity} >= 1 and (${t.capacityMode} = 'shared' or ${t.capacity} = 1)`,
    ),
    check(
      'amenities_durations_check',
      sql`${t.slotMinutes} >= 15 and ${t.minMinutes} >= ${t.slotMinutes} and ${t.minMinutes} <= ${t.maxMinutes} and ${t.minMinutes} % ${t.slotMinutes} = 0 and ${t.maxMinutes} % ${t.slotMinutes} = 0`,
    ),
    check(
      'amenities_money_check',
      sql`${t.feeCents} >= 0 and ${t.depositCents} >= 0 and ${t.lateCancelFeeCents} >= 0`,
    ),
    check(
      'amenities_eligible_check',
      sql`cardinality(${t.eligibleKinds}) >= 1 and ${t.eligibleKinds} <@ array${sql.raw(`['${amenityBookerKinds.join("','")}']`)}::text[]`,
    ),
  ],
);

/** Opening hours: one or more periods per ISO weekday (1 Monday … 7 Sunday), on the amenity's clock. */
export const amenityHours = pgTable(
  'amenity_hours',
  {
    amenityId: uuid('amenity_id')
      .notNull()
      .references(() => amenities.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    opens: time('opens').notNull(),
    closes: time('closes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.amenityId, t.weekday, t.opens] }),
    check('amenity_hours_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('amenity_hours_order_check', sql`${t.opens} < ${t.closes}`),
  ],
);

/** At most `max` bookings per unit (or person) per day, week or month. */
export const amenityLimits = pgTable(
  'amenity_limits',
  {
    amenityId: uuid('amenity_id')
      .notNull()
      .references(() => amenities.id, { onDelete: 'cascade' }),
    per: text('per', { enum: amenityLimitScopes }).notNull(),
    period: text('period', { enum: amenityLimitPeriods }).notNull(),
    max: integer('max').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.amenityId, t.per, t.period] }),
    check('amenity_limits_per_check', sql`${t.per} in ${inList(amenityLimitScopes)}`),
    check('amenity_limits_period_check', sql`${t.period} in ${inList(amenityLimitPeriods)}`),
    check('amenity_limits_max_check', sql`${t.max} >= 1`),
  ],
);

/** A time the amenity is closed (maintenance, a community event), with the reason shown to bookers. */
export const amenityBlackouts = pgTable(
  'amenity_blackouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    amenityId: uuid('amenity_id')
      .notNull()
      .references(() => amenities.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('amenity_blackouts_amenity_idx').on(t.amenityId, t.startsAt),
    check('amenity_blackouts_order_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A booking of an amenity by a person as one of their homes. `is_exclusive` is copied from the amenity
 * because the exclusion constraint's predicate cannot read another table. The migration appends by hand
 * (drizzle has no EXCLUDE):
 *   constraint bookings_no_overlap exclude using gist
 *     (amenity_id with =, tstzrange(starts_at, ends_at, '[)') with &&)
 *     where (is_exclusive and status in ('held','pending','confirmed'))
 * A lapsed hold still blocks its slot until something expires it: the booking transaction expires the
 * amenity's lapsed holds first (a predicate cannot use now()).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    amenityId: uuid('amenity_id')
      .notNull()
      .references(() => amenities.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id),
    personId: text('person_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    headcount: integer('headcount').notNull().default(1),
    isExclusive: boolean('is_exclusive').notNull(),
    status: text('status', { enum: bookingStatuses }).notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The amenity's fee and deposit when it was booked: a later change of rules does not reprice it. */
    feeCents: cents('fee_cents').notNull().default(0),
    depositCents: cents('deposit_cents').notNull().default(0),
    cancelFreeUntilMinutes: integer('cancel_free_until_minutes').notNull().default(0),
    lateCancelFeeCents: cents('late_cancel_fee_cents').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * The payment provider's payment started for it (a Stripe PaymentIntent) that its webhook has not
     * settled yet: the booking is paid when it says so.
     */
    paymentRef: text('payment_ref'),
    depositStatus: text('deposit_status', { enum: depositStatuses }).notNull().default('none'),
    depositDeductedCents: cents('deposit_deducted_cents').notNull().default(0),
    depositReason: text('deposit_reason'),
    depositSettledBy: text('deposit_settled_by').references(() => profiles.id, { onDelete: 'set null' }),
    depositSettledAt: timestamp('deposit_settled_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => profiles.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    lateFeeChargeId: uuid('late_fee_charge_id').references(() => charges.id),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_person_key').on(t.personId, t.idempotencyKey),
    index('bookings_amenity_time_idx').on(t.amenityId, t.startsAt),
    index('bookings_unit_idx').on(t.unitId, t.amenityId, t.startsAt),
    index('bookings_person_idx').on(t.personId, t.startsAt),
    index('bookings_property_status_idx').on(t.propertyId, t.status, t.startsAt),
    uniqueIndex('bookings_payment_ref_key')
      .on(t.paymentRef)
      .where(sql`${t.paymentRef} is not null`),
    index('bookings_held_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'held'`),
    check('bookings_status_check', sql`${t.status} in ${inList(bookingStatuses)}`),
    check('bookings_deposit_status_check', sql`${t.depositStatus} in ${inList(depositStatuses)}`),
    check('bookings_order_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('bookings_headcount_check', sql`${t.headcount} >= 1`),
    check('bookings_hold_check', sql`${t.status} <> 'held' or ${t.holdExpiresAt} is not null`),
    check(
      'bookings_deposit_check',
      sql`${t.depositDeductedCents} >= 0 and ${t.depositDeductedCents} <= ${t.depositCents}`,
    ),
  ],
);

/**
 * People booked in each slot of a shared amenity (a pool of 20). Booking, cancelling and expiring a hold
 * change `taken` in the same transaction, in `slot_start` order, so the check constraint is what refuses
 * the 21st swimmer (23514), whoever commits first.
 */
export const amenitySlotUsage = pgTable(
  'amenity_slot_usage',
  {
    amenityId: uuid('amenity_id')
      .notNull()
      .references(() => amenities.id, { onDelete: 'cascade' }),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    taken: integer('taken').notNull(),
    capacity: integer('capacity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.amenityId, t.slotStart] }),
    check('amenity_slot_usage_capacity_check', sql`${t.taken} between 0 and ${t.capacity}`),
  ],
);

export const bookingMoneyKinds = ['payment', 'refund', 'deposit_settlement'] as const;

/**
 * Money a booking took or gave back, each with its journal entry (decision 0066). Booking money is not an
 * owner's payment toward assessments: it is posted straight to the fee income and the deposits held
 * (2300), never allocated to the unit's charges, and so is kept out of `payments`.
 */
export const bookingMoney = pgTable(
  'booking_money',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: bookingMoneyKinds }).notNull(),
    /** Fee and deposit taken (payment) or given back (refund, settlement); what a settlement kept. */
    feeCents: cents('fee_cents').notNull().default(0),
    depositCents: cents('deposit_cents').notNull().default(0),
    keptCents: cents('kept_cents').notNull().default(0),
    method: text('method'),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    /** A refund or a deposit's return given back through the provider (a Stripe refund), once it is. */
    providerRefundRef: text('provider_refund_ref'),
    idempotencyKey: text('idempotency_key'),
    journalEntryId: uuid('journal_entry_id')
      .notNull()
      .references(() => journalEntries.id),
    reason: text('reason'),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('booking_money_booking_idx').on(t.bookingId),
    uniqueIndex('booking_money_payment_key')
      .on(t.bookingId)
      .where(sql`${t.kind} = 'payment'`),
    check('booking_money_kind_check', sql`${t.kind} in ${inList(bookingMoneyKinds)}`),
    check(
      'booking_money_amounts_check',
      sql`${t.feeCents} >= 0 and ${t.depositCents} >= 0 and ${t.keptCents} >= 0 and ${t.feeCents} + ${t.depositCents} + ${t.keptCents} > 0`,
    ),
  ],
);
