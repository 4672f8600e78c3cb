import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  eventWindowDaysMax,
  type CalendarFeed,
  type EventDetail,
  type EventOccurrence,
  type EventOccurrenceList,
  type eventOccurrenceQuerySchema,
  type rsvpInputSchema,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  calendarFeeds,
  eventOccurrenceCounts,
  eventRsvps,
  events,
  profiles,
  properties,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isCheckViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Person } from '../access/memberships.ts';
import { announcementAuthorScope, inAnnouncementAudience, propertyScope } from '../access/scope.ts';
import { rowsOf } from '../realtime/publish.ts';
import { eventAudienceOfRow } from './audience.ts';
import { calendarOf, type IcsEvent } from './ics.ts';
import {
  dbOfPlain,
  firstStartOf,
  localKeyOf,
  occurrenceOf,
  occurrencesBetween,
  plainOf,
  plainOfDb,
  Temporal,
} from './time.ts';

/**
 * Events as the people they are for see them (issue 23 item 4): the occurrences in their associations
 * addressed to them today — or of an association they manage or sit on the board of — with RSVPs per
 * occurrence, an `.ics` file per event and a secret per-person feed for calendar apps. What is not for
 * the person is not found by any route, and a feed is built afresh at every fetch from the person's
 * memberships then, so a former owner's feed empties.
 */

export type OccurrenceQueryInput = z.output<typeof eventOccurrenceQuerySchema>;
export type RsvpInputParsed = z.output<typeof rsvpInputSchema>;

const isForSql = (personId: string) => inAnnouncementAudience(personId, eventAudienceOfRow('events'));

const readerWhere = (person: Person): SQL => {
  const authors = announcementAuthorScope(person, sql`${events.propertyId}`);
  return and(
    // Narrows to the person's associations first (implied by either branch below).
    propertyScope(person, sql`${events.propertyId}`),
    authors === undefined ? undefined : sql`(${isForSql(person.id)} or ${authors})`,
  )!;
};

/** Events a list may expand at once: an association schedules far fewer in a window. */
const maxEventsPerWindow = 500;

const selectReadable = (db: Db, person: Person) =>
  db
    .select({
      row: events,
      propertyName: properties.name,
      isForMe: isForSql(person.id).mapWith(Boolean),
    })
    .from(events)
    .innerJoin(properties, eq(properties.id, events.propertyId));
type ReadableRow = Awaited<ReturnType<ReturnType<typeof selectReadable>['where']>>[number];

const overlapping = (from: Temporal.Instant, to: Temporal.Instant) =>
  and(
    lt(events.firstStartsAt, new Date(to.epochMilliseconds)),
    or(isNull(events.lastEndsAt), gt(events.lastEndsAt, new Date(from.epochMilliseconds))),
  );

type Occurrence = { event: ReadableRow; start: Temporal.ZonedDateTime };
type SeatsAndMine = {
  seats: Map<string, number>;
  mine: Map<string, { status: 'yes' | 'maybe' | 'no'; guests: number }>;
};
const keyOf = (eventId: string, local: string) => `${eventId} ${local}`;

/** Seats taken, and the person's own answer, for these occurrences. */
async function seatsAndMine(db: Db, personId: string, occurrences: Occurrence[]): Promise<SeatsAndMine> {
  const result: SeatsAndMine = { seats: new Map(), mine: new Map() };
  if (occurrences.length === 0) return result;
  const pairs = sql.join(
    occurrences.map(
      ({ event, start }) => sql`(${event.row.id}::uuid, ${dbOfPlain(start.toPlainDateTime())}::timestamp)`,
    ),
    sql`, `,
  );
  const [counts, mine] = await Promise.all([
    db.execute(sql`select c.event_id, c.occurrence_local::text as occurrence_local, c.taken
      from event_occurrence_counts c where (c.event_id, c.occurrence_local) in (${pairs})`),
    db.execute(sql`select r.event_id, r.occurrence_local::text as occurrence_local, r.status, r.guests
      from event_rsvps r where r.user_id = ${personId} and (r.event_id, r.occurrence_local) in (${pairs})`),
  ]);
  for (const row of rowsOf<{ event_id: string; occurrence_local: string; taken: number }>(counts))
    result.seats.set(keyOf(row.event_id, localKeyOf(plainOfDb(row.occurrence_local))), row.taken);
  for (const row of rowsOf<{
    event_id: string;
    occurrence_local: string;
    status: 'yes' | 'maybe' | 'no';
    guests: number;
  }>(mine))
    result.mine.set(keyOf(row.event_id, localKeyOf(plainOfDb(row.occurrence_local))), {
      status: row.status,
      guests: row.guests,
    });
  return result;
}

const iso = (value: Temporal.ZonedDateTime) => new Date(value.epochMilliseconds).toISOString();

function toOccurrence({ event, start }: Occurrence, extra: SeatsAndMine): EventOccurrence {
  const { row } = event;
  const local = localKeyOf(start);
  const taken = extra.seats.get(keyOf(row.id, local)) ?? 0;
  return {
    eventId: row.id,
    propertyId: row.propertyId,
    propertyName: event.propertyName,
    title: row.title,
    description: row.description,
    location: row.location,
    timeZone: row.timeZone,
    occurrence: local,
    startsAt: iso(start),
    endsAt: iso(start.add({ minutes: row.durationMinutes })),
    isRecurring: row.rrule !== null,
    status: row.status,
    rsvpEnabled: row.rsvpEnabled,
    capacity: row.capacity,
    seatsTaken: taken,
    seatsLeft: row.capacity === null ? null : Math.max(0, row.capacity - taken),
    myRsvp: extra.mine.get(keyOf(row.id, local)) ?? null,
    isForMe: event.isForMe,
  };
}

const instantOf = (value: string) => Temporal.Instant.from(value);

/** The occurrences in a window (from now to 90 days on, by default), soonest first. */
export async function listOccurrences(
  ctx: ServiceContext,
  query: OccurrenceQueryInput,
): Promise<EventOccurrenceList> {
  const from = query.from ? instantOf(query.from) : Temporal.Now.instant();
  const to = query.to ? instantOf(query.to) : from.add({ hours: 24 * 90 });
  if (Temporal.Instant.compare(to, from) <= 0)
    throw new AppError(
      422,
      'WINDOW_REVERSED',
      'The end of the window (to) must come after its start (from).',
      {
        fields: { to: 'Choose a later end' },
      },
    );
  if (from.until(to).total({ unit: 'hours' }) > 24 * eventWindowDaysMax)
    throw new AppError(
      422,
      'WINDOW_TOO_LONG',
      `Ask for at most ${eventWindowDaysMax} days of events at once.`,
      { fields: { to: `Choose an end within ${eventWindowDaysMax} days of the start` } },
    );
  const rows = await selectReadable(ctx.db, ctx.actor)
    .where(
      and(
        readerWhere(ctx.actor),
        overlapping(from, to),
        query.propertyId ? eq(events.propertyId, query.propertyId) : undefined,
      ),
    )
    .orderBy(asc(events.firstStartsAt), asc(events.id))
    .limit(maxEventsPerWindow);
  const all: Occurrence[] = rows
    .flatMap((event) => occurrencesBetween(event.row, from, to).map((start) => ({ event, start })))
    .sort(
      (a, b) =>
        Temporal.ZonedDateTime.compare(a.start, b.start) || a.event.row.id.localeCompare(b.event.row.id),
    );
  const page = all.slice(0, query.limit);
  const extra = await seatsAndMine(ctx.db, ctx.actor.id, page);
  return {
    occurrences: page.map((occurrence) => toOccurrence(occurrence, extra)),
    from: new Date(from.epochMilliseconds).toISOString(),
    to: new Date(to.epochMilliseconds).toISOString(),
    hasMore: all.length > page.length,
  };
}

async function readableEvent(db: Db, person: Person, eventId: string): Promise<ReadableRow> {
  const [row] = await selectReadable(db, person).where(and(eq(events.id, eventId), readerWhere(person)));
  if (!row) throw notFound('Event');
  return row;
}

/** Next occurrences shown on an event's page. */
const detailOccurrences = 20;

export async function getEventDetail(ctx: ServiceContext, eventId: string): Promise<EventDetail> {
  const event = await readableEvent(ctx.db, ctx.actor, eventId);
  const { row } = event;
  const now = Temporal.Now.instant();
  const starts = row.rrule
    ? occurrencesBetween(row, now, now.add({ hours: 24 * 366 * 5 })).slice(0, detailOccurrences)
    : [firstStartOf(row)];
  const occurrences = starts.map((start) => ({ event, start }));
  const extra = await seatsAndMine(ctx.db, ctx.actor.id, occurrences);
  return {
    eventId: row.id,
    propertyName: event.propertyName,
    title: row.title,
    description: row.description,
    location: row.location,
    timeZone: row.timeZone,
    repeat: row.rrule,
    status: row.status,
    occurrences: occurrences.map((occurrence) => toOccurrence(occurrence, extra)),
  };
}

const spokenDate = (value: Temporal.ZonedDateTime) =>
  value.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Says whether the person comes to one occurrence, with how many guests. Seats (the person and their
 * guests) are counted in the same transaction, and the database refuses one past capacity, so two people
 * taking the last seat at once cannot both get it.
 */
export async function rsvp(
  ctx: ServiceContext,
  eventId: string,
  input: RsvpInputParsed,
): Promise<EventOccurrence> {
  const event = await readableEvent(ctx.db, ctx.actor, eventId);
  const { row } = event;
  if (!event.isForMe)
    throw new AppError(
      409,
      'NOT_ADDRESSED',
      'This event is not addressed to you, so there is nothing for you to answer.',
    );
  if (row.status === 'cancelled')
    throw new AppError(409, 'EVENT_CANCELLED', 'This event was cancelled, so it takes no answers.');
  if (!row.rsvpEnabled)
    throw new AppError(409, 'RSVP_CLOSED', 'This event does not ask who is coming: just come along.');
  const local = plainOf(input.occurrence, 'occurrence');
  const start = occurrenceOf(row, local);
  if (!start)
    throw new AppError(
      422,
      'UNKNOWN_OCCURRENCE',
      `“${row.title}” does not happen at ${local.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}. Choose one of its dates.`,
      { fields: { occurrence: 'Choose one of its dates' } },
    );
  if (
    Temporal.Instant.compare(
      start.add({ minutes: row.durationMinutes }).toInstant(),
      Temporal.Now.instant(),
    ) <= 0
  )
    throw new AppError(409, 'EVENT_OVER', `“${row.title}” on ${spokenDate(start)} is over.`);
  const guests = input.status === 'yes' ? input.guests : 0;
  const seats = input.status === 'yes' ? 1 + guests : 0;
  const occurrenceLocal = dbOfPlain(start.toPlainDateTime());
  try {
    await ctx.db.transaction(async (tx) => {
      // Shares the event with other answers; an author's change of capacity waits for them, and they for it.
      const [current] = await tx
        .select({ capacity: events.capacity, status: events.status, rsvpEnabled: events.rsvpEnabled })
        .from(events)
        .where(eq(events.id, eventId))
        .for('share');
      // Cancelled, or answers closed, since it was read above.
      if (current?.status !== 'scheduled' || !current.rsvpEnabled)
        throw new AppError(409, 'RSVP_CLOSED', `“${row.title}” no longer takes answers.`);
      // One answer at a time per person and date: without it, two quick first answers would both find
      // no earlier one and both add their seats.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`rsvp:${eventId}:${occurrenceLocal}:${ctx.actor.id}`}, 0))`,
      );
      const [previous] = await tx
        .select({ status: eventRsvps.status, guests: eventRsvps.guests })
        .from(eventRsvps)
        .where(
          and(
            eq(eventRsvps.eventId, eventId),
            eq(eventRsvps.occurrenceLocal, occurrenceLocal),
            eq(eventRsvps.userId, ctx.actor.id),
          ),
        )
        .for('update');
      const delta = seats - (previous?.status === 'yes' ? 1 + previous.guests : 0);
      // Fewer seats: the count exists (their earlier yes made it). More: made here if it is the first.
      if (delta < 0)
        await tx
          .update(eventOccurrenceCounts)
          .set({ taken: sql`${eventOccurrenceCounts.taken} + ${delta}` })
          .where(
            and(
              eq(eventOccurrenceCounts.eventId, eventId),
              eq(eventOccurrenceCounts.occurrenceLocal, occurrenceLocal),
            ),
          );
      if (delta > 0)
        await tx
          .insert(eventOccurrenceCounts)
          .values({ eventId, occurrenceLocal, taken: delta, capacity: current!.capacity })
          .onConflictDoUpdate({
            target: [eventOccurrenceCounts.eventId, eventOccurrenceCounts.occurrenceLocal],
            set: { taken: sql`${eventOccurrenceCounts.taken} + excluded.taken` },
          });
      await tx
        .insert(eventRsvps)
        .values({ eventId, occurrenceLocal, userId: ctx.actor.id, status: input.status, guests })
        .onConflictDoUpdate({
          target: [eventRsvps.eventId, eventRsvps.occurrenceLocal, eventRsvps.userId],
          set: { status: input.status, guests, updatedAt: new Date() },
        });
    });
  } catch (error) {
    if (!isCheckViolation(error, 'event_occurrence_counts_capacity_check')) throw error;
    const extra = await seatsAndMine(ctx.db, ctx.actor.id, [{ event, start }]);
    const left = toOccurrence({ event, start }, extra).seatsLeft ?? 0;
    throw new AppError(
      409,
      'EVENT_FULL',
      left === 0
        ? `“${row.title}” on ${spokenDate(start)} is full: all ${row.capacity} places are taken.`
        : `Only ${left} ${left === 1 ? 'place is' : 'places are'} left for “${row.title}” on ${spokenDate(start)}, and you asked for ${seats} (you and ${guests} ${guests === 1 ? 'guest' : 'guests'}). Bring fewer guests.`,
      { fields: { guests: 'Too many for the places left' } },
    );
  }
  const extra = await seatsAndMine(ctx.db, ctx.actor.id, [{ event, start }]);
  return toOccurrence({ event, start }, extra);
}

export type Ics = { fileName: string; text: string };

const icsEventOf = (row: typeof events.$inferSelect): IcsEvent => ({
  id: row.id,
  title: row.title,
  description: row.description,
  location: row.location,
  start: firstStartOf(row),
  durationMinutes: row.durationMinutes,
  rrule: row.rrule,
  sequence: row.sequence,
  isCancelled: row.status === 'cancelled',
  updatedAt: row.updatedAt,
});

const fileNameOf = (title: string) =>
  `${
    title
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'event'
  }.ics`;

/** One event as an `.ics` file (every occurrence, through its RRULE). */
export async function eventIcs(ctx: ServiceContext, host: string, eventId: string): Promise<Ics> {
  const { row, propertyName } = await readableEvent(ctx.db, ctx.actor, eventId);
  return {
    fileName: fileNameOf(row.title),
    text: calendarOf({ name: propertyName, host, events: [icsEventOf(row)] }),
  };
}

// Per-person calendar feeds.

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** 32 random bytes, base64url: 43 characters. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
export const feedUrlOf = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/${token}.ics`;

export async function getCalendarFeed(ctx: ServiceContext): Promise<CalendarFeed> {
  const [row] = await ctx.db
    .select({ createdAt: calendarFeeds.createdAt, lastUsedAt: calendarFeeds.lastUsedAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, ctx.actor.id), isNull(calendarFeeds.revokedAt)));
  return {
    isActive: row !== undefined,
    createdAt: row?.createdAt.toISOString() ?? null,
    lastUsedAt: row?.lastUsedAt?.toISOString() ?? null,
    url: null,
  };
}

/** A new secret address; the one before it (if any) stops working at once. The address is shown once. */
export async function createCalendarFeed(ctx: ServiceContext, publicUrl: string): Promise<CalendarFeed> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    // Two quick clicks make one address after the other, not a clash on "one active address each".
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`calendar-feed:${ctx.actor.id}`}, 0))`,
    );
    await tx
      .update(calendarFeeds)
      .set({ revokedAt: now })
      .where(and(eq(calendarFeeds.userId, ctx.actor.id), isNull(calendarFeeds.revokedAt)));
    await tx.insert(calendarFeeds).values({ userId: ctx.actor.id, tokenHash: hashOf(token), createdAt: now });
  });
  return { isActive: true, createdAt: now.toISOString(), lastUsedAt: null, url: feedUrlOf(publicUrl, token) };
}

/** Turns the feed off: its address answers "not found" from now on. */
export async function revokeCalendarFeed(ctx: ServiceContext): Promise<void> {
  await ctx.db
    .update(calendarFeeds)
    .set({ revokedAt: new Date() })
    .where(and(eq(calendarFeeds.userId, ctx.actor.id), isNull(calendarFeeds.revokedAt)));
}

const feedNotFound = () => new AppError(404, 'NOT_FOUND', 'Calendar feed not found');

/**
 * The feed behind a secret address, built now from the person's memberships: the events addressed to
 * them (and those of associations they run) that have not ended more than 90 days ago, cancelled ones
 * marked so calendar apps drop them. An unknown, malformed or revoked address, or a deactivated account,
 * gets the same 404.
 */
export async function feedIcs(
  db: Db,
  options: { host: string; companyName: string },
  token: string,
): Promise<Ics> {
  if (!tokenPattern.test(token)) throw feedNotFound();
  const [feed] = await db
    .select({
      id: calendarFeeds.id,
      userId: profiles.id,
      role: profiles.role,
      lastUsedAt: calendarFeeds.lastUsedAt,
    })
    .from(calendarFeeds)
    .innerJoin(profiles, eq(profiles.id, calendarFeeds.userId))
    .where(
      and(
        eq(calendarFeeds.tokenHash, hashOf(token)),
        isNull(calendarFeeds.revokedAt),
        eq(profiles.banned, false),
      ),
    );
  if (!feed) throw feedNotFound();
  const person: Person = { id: feed.userId, role: feed.role };
  const since = new Date(Date.now() - 90 * 24 * 60 * 60 * 1000);
  const rows = await selectReadable(db, person)
    .where(and(readerWhere(person), or(isNull(events.lastEndsAt), gt(events.lastEndsAt, since))))
    // The newest first: past the limit (an admin of many associations), the oldest are left out.
    .orderBy(desc(events.firstStartsAt), desc(events.id))
    .limit(maxEventsPerWindow);
  // Calendar apps poll every few minutes to hours: remember the use at most hourly.
  if (!feed.lastUsedAt || Date.now() - feed.lastUsedAt.getTime() > 60 * 60 * 1000)
    await db.update(calendarFeeds).set({ lastUsedAt: new Date() }).where(eq(calendarFeeds.id, feed.id));
  return {
    fileName: 'events.ics',
    text: calendarOf({
      name: `${options.companyName} events`,
      host: options.host,
      events: rows.map((row) => icsEventOf(row.row)),
    }),
  };
}
