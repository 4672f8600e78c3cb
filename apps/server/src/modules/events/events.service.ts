import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  eventRepeatYearsMax,
  type AssociationEvent,
  type EventList,
  type eventInputSchema,
  type eventListQuerySchema,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  eventOccurrenceCounts,
  eventRsvps,
  events,
  eventUnits,
  profiles,
  properties,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isCheckViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { offsetOf } from '../../lib/paging.ts';
import { announcementAuthorScope } from '../access/scope.ts';
import { audienceLabel } from '../announcements/audience.ts';
import { resolveAudience } from '../announcements/announcements.service.ts';
import {
  dbOfPlain,
  firstStartOf,
  lastEndOf,
  localKeyOf,
  parseRule,
  plainOf,
  Temporal,
  zonedOf,
} from './time.ts';

/**
 * Events as their authors see them (issue 23 item 4): an association's managers and board (admins
 * everywhere) schedule, change and cancel them. Another association's is not found. Readers' side:
 * feed.service.ts.
 */

export type EventInputParsed = z.output<typeof eventInputSchema>;
export type EventListInput = z.output<typeof eventListQuerySchema>;

/** The longest one occurrence may last: two weeks (a festival, a long closure). */
const maxDurationMinutes = 14 * 24 * 60;

/** An association the person writes events for, or not found. */
async function authoredProperty(ctx: ServiceContext, propertyId: string) {
  const [row] = await ctx.db
    .select({ id: properties.id, name: properties.name, timeZone: properties.timeZone })
    .from(properties)
    .where(and(eq(properties.id, propertyId), announcementAuthorScope(ctx.actor, sql`${properties.id}`)));
  if (!row) throw notFound('Association');
  return row;
}

async function lockedEvent(tx: Db, propertyId: string, eventId: string) {
  const [row] = await tx
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.propertyId, propertyId)))
    .for('update');
  if (!row) throw notFound('Event');
  return row;
}

const columns = {
  row: events,
  propertyName: properties.name,
  authorName: profiles.fullName,
  unitRefs: sql<{ id: string; label: string }[]>`coalesce((
    select json_agg(json_build_object('id', u.id, 'label', u.label) order by u.label)
    from event_units eu join units u on u.id = eu.unit_id
    where eu.event_id = ${events.id}), '[]'::json)`,
  rsvps: sql<{ yes: number; maybe: number; no: number; seats: number }>`(
    select json_build_object(
      'yes', count(*) filter (where r.status = 'yes'),
      'maybe', count(*) filter (where r.status = 'maybe'),
      'no', count(*) filter (where r.status = 'no'),
      'seats', coalesce(sum(1 + r.guests) filter (where r.status = 'yes'), 0))
    from event_rsvps r where r.event_id = ${events.id})`,
};
type Row = {
  row: typeof events.$inferSelect;
  propertyName: string;
  authorName: string | null;
  unitRefs: { id: string; label: string }[];
  rsvps: { yes: number; maybe: number; no: number; seats: number };
};

function toEvent({ row, ...rest }: Row): AssociationEvent {
  const start = firstStartOf(row);
  const end = start.add({ minutes: row.durationMinutes });
  return {
    id: row.id,
    propertyId: row.propertyId,
    propertyName: rest.propertyName,
    title: row.title,
    description: row.description,
    location: row.location,
    timeZone: row.timeZone,
    startsLocal: localKeyOf(start),
    endsLocal: localKeyOf(end),
    startsAt: new Date(start.epochMilliseconds).toISOString(),
    endsAt: new Date(end.epochMilliseconds).toISOString(),
    durationMinutes: row.durationMinutes,
    repeat: row.rrule,
    lastEndsAt: row.rrule && row.lastEndsAt ? row.lastEndsAt.toISOString() : null,
    capacity: row.capacity,
    rsvpEnabled: row.rsvpEnabled,
    audience: {
      kind: row.audience,
      buildings: row.audienceBuildings,
      units: rest.unitRefs,
      label: audienceLabel(
        row.audience,
        row.audienceBuildings,
        rest.unitRefs.map((unit) => unit.label),
      ),
    },
    status: row.status,
    sequence: row.sequence,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    rsvps: {
      yes: Number(rest.rsvps.yes),
      maybe: Number(rest.rsvps.maybe),
      no: Number(rest.rsvps.no),
      seats: Number(rest.rsvps.seats),
    },
    createdBy:
      row.createdBy && rest.authorName !== null ? { id: row.createdBy, fullName: rest.authorName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const selectEvents = (db: Db) =>
  db
    .select(columns)
    .from(events)
    .innerJoin(properties, eq(properties.id, events.propertyId))
    .leftJoin(profiles, eq(profiles.id, events.createdBy));

async function eventOf(db: Db, propertyId: string, eventId: string): Promise<AssociationEvent> {
  const [row] = await selectEvents(db).where(and(eq(events.id, eventId), eq(events.propertyId, propertyId)));
  if (!row) throw notFound('Event');
  return toEvent(row as Row);
}

export async function listEvents(
  ctx: ServiceContext,
  propertyId: string,
  query: EventListInput,
): Promise<EventList> {
  await authoredProperty(ctx, propertyId);
  const where = and(
    eq(events.propertyId, propertyId),
    query.status ? eq(events.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectEvents(ctx.db)
      .where(where)
      .orderBy(desc(events.firstStartsAt), desc(events.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(events).where(where),
  ]);
  return { events: (rows as Row[]).map(toEvent), total: total!.total, page: query.page, limit: query.limit };
}

export async function getEvent(ctx: ServiceContext, propertyId: string, eventId: string) {
  await authoredProperty(ctx, propertyId);
  return eventOf(ctx.db, propertyId, eventId);
}

const spoken = (value: Temporal.ZonedDateTime) =>
  value.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The event's times from the input, on the association's clock: a start and end that exist there (not
 * in a daylight-saving gap or repeated hour), the end after the start, and a repeat rule that reads.
 */
export function timingOf(
  input: Pick<EventInputParsed, 'startsLocal' | 'endsLocal' | 'repeat'>,
  zone: string,
) {
  const start = zonedOf(plainOf(input.startsLocal, 'startsLocal'), zone, 'startsLocal');
  const end = zonedOf(plainOf(input.endsLocal, 'endsLocal'), zone, 'endsLocal');
  const minutes = start.until(end).total({ unit: 'minutes' });
  if (minutes <= 0)
    throw new AppError(
      422,
      'END_BEFORE_START',
      `The event would end (${spoken(end)}) ${minutes === 0 ? 'as' : 'before'} it starts (${spoken(start)}). Choose an end after the start.`,
      { fields: { endsLocal: 'Choose an end after the start' } },
    );
  if (minutes > maxDurationMinutes || !Number.isInteger(minutes))
    throw new AppError(
      422,
      'EVENT_TOO_LONG',
      'One occurrence of an event lasts at most 14 days. For something longer, make it repeat daily.',
      { fields: { endsLocal: 'Choose an end within 14 days of the start' } },
    );
  const rule = input.repeat ? parseRule(input.repeat, start) : null;
  const horizon = Temporal.Now.zonedDateTimeISO(zone).add({ years: eventRepeatYearsMax });
  if (Temporal.ZonedDateTime.compare(start, horizon) > 0)
    throw new AppError(
      422,
      'EVENT_TOO_FAR',
      `An event starts within ${eventRepeatYearsMax} years from now.`,
      {
        fields: { startsLocal: 'Choose an earlier date' },
      },
    );
  const lastEnd = rule ? lastEndOf(rule, minutes) : end.toInstant();
  return {
    startsLocal: dbOfPlain(start.toPlainDateTime()),
    durationMinutes: minutes,
    rrule: rule?.body ?? null,
    firstStartsAt: new Date(start.epochMilliseconds),
    lastEndsAt: lastEnd ? new Date(lastEnd.epochMilliseconds) : null,
  };
}

/**
 * When an event's dates change, what people answered must not be left on dates that are gone (their
 * seats would still count, and new answers would not). A one-off event that moves takes its answers and
 * seats with it; a repeating one whose dates change while people have answered for coming dates is
 * refused — cancelling it and scheduling a new one tells them.
 */
async function keepAnswers(
  tx: Pick<Db, 'select' | 'update'>,
  current: typeof events.$inferSelect,
  timing: { startsLocal: string; rrule: string | null },
) {
  const sameDates =
    current.startsLocal.replace(' ', 'T') === timing.startsLocal && current.rrule === timing.rrule;
  if (sameDates) return;
  if (current.rrule === null && timing.rrule === null) {
    for (const table of [eventRsvps, eventOccurrenceCounts] as const)
      await tx
        .update(table)
        .set({ occurrenceLocal: timing.startsLocal })
        .where(and(eq(table.eventId, current.id), eq(table.occurrenceLocal, current.startsLocal)));
    return;
  }
  const [answered] = await tx
    .select({ people: count() })
    .from(eventRsvps)
    .where(
      and(
        eq(eventRsvps.eventId, current.id),
        sql`${eventRsvps.occurrenceLocal} >= (now() at time zone ${current.timeZone})::timestamp`,
      ),
    );
  if (answered!.people > 0)
    throw new AppError(
      409,
      'EVENT_HAS_ANSWERS',
      `${answered!.people === 1 ? 'Someone has' : `${answered!.people} answers have`} already come in for its coming dates, so its dates cannot change. Cancel it and schedule a new one, so that people know.`,
    );
}

const capacityMessage =
  'More people have said they are coming to one of its dates than that capacity. Choose a larger capacity, or none.';

async function save(
  ctx: ServiceContext,
  propertyId: string,
  input: EventInputParsed,
  existingId: string | null,
): Promise<AssociationEvent> {
  const property = await authoredProperty(ctx, propertyId);
  const timing = timingOf(input, property.timeZone);
  const now = new Date();
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const resolved = await resolveAudience(tx, property, input.audience);
      const values = {
        title: input.title,
        description: input.description,
        location: input.location,
        timeZone: property.timeZone,
        ...timing,
        capacity: input.capacity,
        rsvpEnabled: input.rsvpEnabled,
        audience: input.audience.kind,
        audienceBuildings: resolved.buildings,
        updatedAt: now,
      };
      let eventId: string;
      if (existingId === null) {
        const [row] = await tx
          .insert(events)
          .values({ ...values, propertyId, createdBy: ctx.actor.id })
          .returning({ id: events.id });
        eventId = row!.id;
      } else {
        const current = await lockedEvent(tx, propertyId, existingId);
        if (current.status === 'cancelled')
          throw new AppError(
            409,
            'EVENT_CANCELLED',
            'This event was cancelled, so it cannot be changed. Schedule a new one.',
          );
        await keepAnswers(tx, current, timing);
        await tx
          .update(events)
          .set({ ...values, sequence: current.sequence + 1 })
          .where(eq(events.id, existingId));
        // The seats each date offers follow the capacity; the check refuses one below those taken.
        if (current.capacity !== input.capacity)
          await tx
            .update(eventOccurrenceCounts)
            .set({ capacity: input.capacity })
            .where(eq(eventOccurrenceCounts.eventId, existingId));
        await tx.delete(eventUnits).where(eq(eventUnits.eventId, existingId));
        eventId = existingId;
      }
      if (resolved.unitIds.length > 0)
        await tx.insert(eventUnits).values(resolved.unitIds.map((unitId) => ({ eventId, unitId })));
      return eventId;
    });
  } catch (error) {
    if (isCheckViolation(error, 'event_occurrence_counts_capacity_check'))
      throw new AppError(409, 'CAPACITY_BELOW_RSVPS', `The capacity is too small. ${capacityMessage}`, {
        fields: { capacity: 'More people are coming than this' },
      });
    throw error;
  }
  return eventOf(ctx.db, propertyId, id);
}

export const createEvent = (ctx: ServiceContext, propertyId: string, input: EventInputParsed) =>
  save(ctx, propertyId, input, null);

export const updateEvent = (
  ctx: ServiceContext,
  propertyId: string,
  eventId: string,
  input: EventInputParsed,
) => save(ctx, propertyId, input, eventId);

/** Cancels every date of an event: it stays listed (and in feeds) as cancelled; RSVPs close. */
export async function cancelEvent(ctx: ServiceContext, propertyId: string, eventId: string) {
  await authoredProperty(ctx, propertyId);
  await ctx.db.transaction(async (tx) => {
    const current = await lockedEvent(tx, propertyId, eventId);
    if (current.status === 'cancelled')
      throw new AppError(409, 'EVENT_CANCELLED', 'This event was already cancelled.');
    const now = new Date();
    await tx
      .update(events)
      .set({ status: 'cancelled', cancelledAt: now, sequence: current.sequence + 1, updatedAt: now })
      .where(eq(events.id, eventId));
  });
  return eventOf(ctx.db, propertyId, eventId);
}
