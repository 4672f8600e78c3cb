import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { announcementAudienceKinds, eventStatuses, rsvpStatuses } from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { properties } from './properties.ts';
import { inList } from './sql.ts';
import { units } from './units.ts';

/**
 * Association events (issue 23 item 4, decisions 0064 and 0065). An event is kept as people set it: a
 * wall-clock start in the association's zone, a duration and an optional RFC 5545 rule, so a weekly
 * 18:00 stays at 18:00 across daylight saving. `first_starts_at` and `last_ends_at` (null: the rule has
 * no end) are instants computed from them, for range queries. The audience is an announcement's,
 * evaluated at every read (modules/events/audience.ts).
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    /** The association's IANA zone when the event was saved; the wall-clock times are in it. */
    timeZone: text('time_zone').notNull(),
    startsLocal: timestamp('starts_local', { withTimezone: false, mode: 'string' }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** RFC 5545 RRULE body (FREQ=WEEKLY;COUNT=10); null: once. */
    rrule: text('rrule'),
    capacity: integer('capacity'),
    rsvpEnabled: boolean('rsvp_enabled').notNull().default(true),
    audience: text('audience', { enum: announcementAudienceKinds }).notNull(),
    audienceBuildings: text('audience_buildings')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: eventStatuses }).notNull().default('scheduled'),
    /** ICS SEQUENCE: bumped at every change so calendar apps replace their copy. */
    sequence: integer('sequence').notNull().default(0),
    firstStartsAt: timestamp('first_starts_at', { withTimezone: true }).notNull(),
    lastEndsAt: timestamp('last_ends_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('events_audience_check', sql`${t.audience} in ${inList(announcementAudienceKinds)}`),
    check('events_status_check', sql`${t.status} in ${inList(eventStatuses)}`),
    check(
      'events_buildings_check',
      sql`${t.audience} <> 'buildings' or cardinality(${t.audienceBuildings}) > 0`,
    ),
    check('events_duration_check', sql`${t.durationMinutes} between 1 and 20160`),
    check('events_capacity_check', sql`${t.capacity} is null or ${t.capacity} between 1 and 10000`),
    check('events_range_check', sql`${t.lastEndsAt} is null or ${t.lastEndsAt} > ${t.firstStartsAt}`),
    check('events_cancelled_check', sql`${t.status} <> 'cancelled' or ${t.cancelledAt} is not null`),
    check(
      'events_lengths_check',
      sql`length(${t.title}) <= 200 and length(${t.description}) <= 5000 and length(${t.location}) <= 200 and length(coalesce(${t.rrule}, '')) <= 300`,
    ),
    index('events_property_idx').on(t.propertyId, t.firstStartsAt),
    index('events_range_idx').on(t.firstStartsAt, t.lastEndsAt),
  ],
);

/** The chosen units of an event whose audience is 'units'. */
export const eventUnits = pgTable(
  'event_units',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.unitId] }), index('event_units_unit_idx').on(t.unitId)],
);

/** A person's answer for one occurrence (named by its wall-clock start). */
export const eventRsvps = pgTable(
  'event_rsvps',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceLocal: timestamp('occurrence_local', { withTimezone: false, mode: 'string' }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: rsvpStatuses }).notNull(),
    guests: integer('guests').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.occurrenceLocal, t.userId] }),
    index('event_rsvps_user_idx').on(t.userId),
    check('event_rsvps_status_check', sql`${t.status} in ${inList(rsvpStatuses)}`),
    check('event_rsvps_guests_check', sql`${t.guests} between 0 and 10`),
  ],
);

/**
 * Seats taken per occurrence (those going and their guests), changed in the RSVP's transaction. The check
 * makes the database refuse the seat past capacity, whoever asks at the same moment (decision 0064 §1).
 */
export const eventOccurrenceCounts = pgTable(
  'event_occurrence_counts',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceLocal: timestamp('occurrence_local', { withTimezone: false, mode: 'string' }).notNull(),
    taken: integer('taken').notNull().default(0),
    /** The event's capacity, copied: a check cannot read another table. Null: no limit. */
    capacity: integer('capacity'),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.occurrenceLocal] }),
    check(
      'event_occurrence_counts_capacity_check',
      sql`${t.taken} >= 0 and (${t.capacity} is null or ${t.taken} <= ${t.capacity})`,
    ),
  ],
);

/**
 * Per-person calendar feeds: the secret address's sha256 (the token itself is shown once). One active
 * per person; a revoked one stays for the record.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_idx').on(t.tokenHash),
    uniqueIndex('calendar_feeds_active_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);
