import { z } from 'zod';
import { announcementAudienceKinds, audienceVariants } from './announcements.ts';
import { pageFields, pageQueryFields } from './paging.ts';

/**
 * Association events (issue 23 item 4, decisions 0064 and 0065): single or repeating, at a wall-clock time
 * in the association's time zone, with a place, an optional capacity and RSVPs per occurrence. The
 * audience is an announcement's (everyone, owners, buildings, units, the board), decided afresh from
 * memberships at every read. Each event has an `.ics` file, and each person may subscribe their calendar
 * app to a secret feed of every event addressed to them.
 */

export const eventTitleMax = 200;
export const eventDescriptionMax = 5000;
export const eventLocationMax = 200;
/** Most seats an event may offer, and most guests a person may bring. */
export const eventCapacityMax = 10_000;
export const eventGuestsMax = 10;
/** A repeating event's rule: at most this many occurrences, or ending within this many years. */
export const eventRepeatCountMax = 500;
export const eventRepeatYearsMax = 5;
/** The longest window of occurrences one list may cover. */
export const eventWindowDaysMax = 400;

/** A wall-clock date and time in the association's zone, as a calendar shows it: 2027-11-09T18:00. */
export const wallClockSchema = z
  .string('Give a date and time')
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:00)?$/, 'Give a date and time like 2027-11-09T18:00');

/** Who an event is for: the same kinds as an announcement's audience. */
export const eventAudienceSchema = z.discriminatedUnion('kind', audienceVariants, {
  error: 'Choose who the event is for: everyone, owners, buildings, units or the board',
});
export type EventAudience = z.infer<typeof eventAudienceSchema>;

export const eventInputSchema = z.object({
  title: z
    .string('A title is required')
    .trim()
    .min(1, 'A title is required')
    .max(eventTitleMax, `A title is at most ${eventTitleMax} characters`),
  description: z
    .string('A description is text')
    .trim()
    .max(
      eventDescriptionMax,
      `A description is at most ${eventDescriptionMax.toLocaleString('en-US')} characters`,
    )
    .default(''),
  location: z
    .string('A place is text')
    .trim()
    .max(eventLocationMax, `A place is at most ${eventLocationMax} characters`)
    .default(''),
  /** When it starts and ends, on the association's clock (its time zone). */
  startsLocal: wallClockSchema,
  endsLocal: wallClockSchema,
  /**
   * How it repeats: an RFC 5545 RRULE body such as `FREQ=WEEKLY;COUNT=10` or `FREQ=MONTHLY;BYDAY=2TU`;
   * null, once. At most 500 occurrences, or ending within 5 years, or with no end.
   */
  repeat: z
    .string('A repeat rule is text')
    .trim()
    .min(1, 'Give a repeat rule such as FREQ=WEEKLY;COUNT=10, or none')
    .max(300, 'A repeat rule is at most 300 characters')
    .regex(/^(RRULE:)?[A-Za-z0-9=;,+-]+$/i, 'A repeat rule looks like FREQ=WEEKLY;COUNT=10')
    .transform((rule) => rule.toUpperCase().replace(/^RRULE:/, ''))
    .nullable()
    .default(null),
  /** Seats, guests included; null: no limit. */
  capacity: z
    .int('Capacity must be a whole number')
    .min(1, 'Capacity must be at least 1, or none')
    .max(eventCapacityMax, `Capacity is at most ${eventCapacityMax.toLocaleString('en-US')}`)
    .nullable()
    .default(null),
  /** Whether people are asked whether they come. */
  rsvpEnabled: z.boolean('Say whether to ask for RSVPs').default(true),
  audience: eventAudienceSchema,
});
export type EventInput = z.input<typeof eventInputSchema>;

export const eventStatuses = ['scheduled', 'cancelled'] as const;
export type EventStatus = (typeof eventStatuses)[number];
export const eventStatusLabels: Record<EventStatus, string> = {
  scheduled: 'Scheduled',
  cancelled: 'Cancelled',
};

export const rsvpStatuses = ['yes', 'maybe', 'no'] as const;
export type RsvpStatus = (typeof rsvpStatuses)[number];
export const rsvpStatusLabels: Record<RsvpStatus, string> = { yes: 'Going', maybe: 'Maybe', no: 'Not going' };

const person = z.object({ id: z.string(), fullName: z.string() });
const wallClock = z.string();

/** An event as its authors see it. */
export const eventSchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  /** The association's IANA time zone, which the wall-clock times are in. */
  timeZone: z.string(),
  /** The first occurrence, on the association's clock and as instants. */
  startsLocal: wallClock,
  endsLocal: wallClock,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  durationMinutes: z.number().int(),
  /** The RRULE body, or null for a single event. */
  repeat: z.string().nullable(),
  /** When the last occurrence ends; null for a single event's end or a rule with no end. */
  lastEndsAt: z.iso.datetime().nullable(),
  capacity: z.number().int().nullable(),
  rsvpEnabled: z.boolean(),
  audience: z.object({
    kind: z.enum(announcementAudienceKinds),
    buildings: z.array(z.string()),
    units: z.array(z.object({ id: z.uuid(), label: z.string() })),
    label: z.string(),
  }),
  status: z.enum(eventStatuses),
  /** Bumped at every change, so calendar apps replace their copy. */
  sequence: z.number().int(),
  cancelledAt: z.iso.datetime().nullable(),
  /** Answers over all occurrences; seats counts guests too. */
  rsvps: z.object({
    yes: z.number().int(),
    maybe: z.number().int(),
    no: z.number().int(),
    seats: z.number().int(),
  }),
  createdBy: person.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AssociationEvent = z.infer<typeof eventSchema>;

export const eventListSchema = z.object({ events: z.array(eventSchema), ...pageFields });
export type EventList = z.infer<typeof eventListSchema>;
export const eventListQuerySchema = z.object({
  status: z.enum(eventStatuses, 'That is not an event status').optional(),
  ...pageQueryFields(20),
});
export type EventListQuery = z.input<typeof eventListQuerySchema>;

/** One occurrence of an event, as someone it is for sees it. */
export const eventOccurrenceSchema = z.object({
  eventId: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  timeZone: z.string(),
  /** Which occurrence: its start on the association's clock (the key an RSVP names). */
  occurrence: wallClock,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  isRecurring: z.boolean(),
  status: z.enum(eventStatuses),
  rsvpEnabled: z.boolean(),
  capacity: z.number().int().nullable(),
  /** Seats taken by those going (with their guests), and left; null when there is no limit. */
  seatsTaken: z.number().int(),
  seatsLeft: z.number().int().nullable(),
  myRsvp: z.object({ status: z.enum(rsvpStatuses), guests: z.number().int() }).nullable(),
  /**
   * Addressed to the person (false: they see it as one of its association's managers or board).
   */
  isForMe: z.boolean(),
});
export type EventOccurrence = z.infer<typeof eventOccurrenceSchema>;

export const eventOccurrenceListSchema = z.object({
  occurrences: z.array(eventOccurrenceSchema),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  /** More occurrences fell in the window than the limit: ask again from the last one's start. */
  hasMore: z.boolean(),
});
export type EventOccurrenceList = z.infer<typeof eventOccurrenceListSchema>;
export const eventOccurrenceQuerySchema = z.object({
  /** From now, by default, to 90 days later; at most 400 days apart. */
  from: z.iso.datetime({ offset: true, error: 'That is not a date and time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'That is not a date and time' }).optional(),
  propertyId: z.uuid('That is not a valid association id').optional(),
  limit: z.coerce
    .number('Limit must be a number')
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(200, 'Limit must be at most 200')
    .default(50),
});
export type EventOccurrenceQuery = z.input<typeof eventOccurrenceQuerySchema>;

/** One event as a reader sees it, with its next occurrences (at most 20). */
export const eventDetailSchema = z.object({
  eventId: z.uuid(),
  propertyName: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  timeZone: z.string(),
  repeat: z.string().nullable(),
  status: z.enum(eventStatuses),
  occurrences: z.array(eventOccurrenceSchema),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const rsvpInputSchema = z.object({
  occurrence: wallClockSchema,
  status: z.enum(rsvpStatuses, 'Answer yes, maybe or no'),
  guests: z
    .int('Guests must be a whole number')
    .min(0, 'Guests cannot be negative')
    .max(eventGuestsMax, `Bring at most ${eventGuestsMax} guests`)
    .default(0),
});
export type RsvpInput = z.input<typeof rsvpInputSchema>;

/**
 * A person's calendar feed. The address holds a secret, shown once when it is made (only its hash is
 * kept): a new address replaces the old one, which stops working at once.
 */
export const calendarFeedSchema = z.object({
  isActive: z.boolean(),
  createdAt: z.iso.datetime().nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
  /** The address to subscribe to; only in the answer that made it. */
  url: z.url().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
