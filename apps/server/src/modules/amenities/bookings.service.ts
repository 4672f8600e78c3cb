import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  formatMoney,
  type Amenity,
  type Availability,
  type BlackoutInput,
  type Booking,
  type BookingCancelInput,
  type BookingInput,
  type BookingPage,
  type BookingPaymentInput,
  type BookingListView,
  type BookingStatus,
  type DepositSettlementInput,
  type ProviderEventOutcome,
  type StartedBookingPayment,
  type ErrorAlternative,
  type MyAmenity,
  type PageQuery,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  amenities,
  amenityBlackouts,
  attachments,
  amenitySlotUsage,
  bookingMoney,
  bookings,
  profiles,
  properties,
  propertyManagers,
  units,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isCheckViolation, isExclusionViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { offsetOf } from '../../lib/paging.ts';
import type { Executor, JobQueue } from '../../plugins/jobs.ts';
import { propertyAdministration, propertyScope } from '../access/scope.ts';
import { calendarOf } from '../events/ics.ts';
import { firstOpenDay, insertCharges, postingAccounts } from '../finance/charges.ts';
import type { PaymentProviderClient } from '../finance/payment-providers.ts';
import { applyCredits, lockUnit } from '../finance/payments.service.ts';
import type { Notifier, Tx } from '../notifications/notify.ts';
import {
  amenityOf,
  blackoutsOf,
  closureTimes,
  getPropertyAmenity,
  requireManagedAmenity,
  loadAmenities,
  requireReadableAmenity,
  rulesOf,
  type LoadedAmenity,
} from './amenities.service.ts';
import { postBookingMoney } from './booking-money.ts';
import { bookingMethodsOf, giveBack, lateArrivalNote } from './booking-payments.ts';
import { homesFor } from './eligibility.ts';
import {
  alternativeOf,
  checkTimes,
  clockOf,
  isFree,
  isRefusal,
  limitCodeOf,
  localOf,
  nextFreeTimes,
  peopleDuring,
  periodAround,
  sayWhen,
  slotsOfDay,
  Temporal,
  zonedOrRefusal,
  type Busy,
  type Refusal,
} from './rules.ts';

/**
 * Bookings (issue 23 item 5; decisions 0064 §1 and 0066). A booking is held while its fee and deposit are
 * paid (then pending approval, or confirmed), or goes straight to pending or confirmed when it costs
 * nothing. The database decides who gets a slot: the exclusion constraint `bookings_no_overlap` for an
 * exclusive amenity, the `amenity_slot_usage` counters for a shared one; the loser is told the next free
 * times. Per-unit and per-person limits are counted under an advisory lock on the unit.
 */

export type BookingContext = ServiceContext & {
  jobs: JobQueue;
  provider: PaymentProviderClient | null;
};

export const holdExpiryQueue = 'amenities.hold-expiry';
export type HoldExpiryPayload = { bookingId: string };

const activeStatuses = ['held', 'pending', 'confirmed'] as const;
/** Bookings that hold their time now: active, and not a hold that has lapsed though no job ended it. */
const holdingTime = and(
  inArray(bookings.status, [...activeStatuses]),
  or(ne(bookings.status, 'held'), gt(bookings.holdExpiresAt, sql`now()`)),
);
/** What counts toward a unit's limit: active bookings and those that took place. */
const countedStatuses = ['held', 'pending', 'confirmed', 'completed'] as const;

const refusalError = (refusal: Refusal, alternatives?: ErrorAlternative[]) =>
  new AppError(refusal.status, refusal.code, refusal.message, {
    ...(refusal.field ? { fields: { [refusal.field]: refusal.message } } : {}),
    ...(alternatives && alternatives.length > 0 ? { alternatives } : {}),
  });

const instantOf = (date: Date) => Temporal.Instant.fromEpochMilliseconds(date.getTime());
const dateOf = (instant: Temporal.Instant) => new Date(instant.epochMilliseconds);
const todayIn = (zone: string) => Temporal.Now.plainDateISO(zone).toString();

// --- Reading ---------------------------------------------------------------------------------------

const bookingColumns = {
  booking: bookings,
  amenityName: amenities.name,
  timeZone: amenities.timeZone,
  propertyName: properties.name,
  jurisdiction: properties.jurisdiction,
  unitLabel: units.label,
  personName: profiles.fullName,
};
type BookingRow = {
  booking: typeof bookings.$inferSelect;
  amenityName: string;
  timeZone: string;
  propertyName: string;
  jurisdiction: (typeof properties.$inferSelect)['jurisdiction'];
  unitLabel: string;
  personName: string;
};

function selectBookings(db: Db) {
  return db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(amenities, eq(amenities.id, bookings.amenityId))
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(units, eq(units.id, bookings.unitId))
    .innerJoin(profiles, eq(profiles.id, bookings.personId));
}

/** Whether a hold has lapsed though no job has marked it yet. */
const isLapsed = (booking: typeof bookings.$inferSelect, now = Date.now()) =>
  booking.status === 'held' && booking.holdExpiresAt !== null && booking.holdExpiresAt.getTime() <= now;

function bookingOf(row: BookingRow): Booking {
  const b = row.booking;
  const now = Date.now();
  const status: BookingStatus = isLapsed(b, now) ? 'expired' : b.status;
  const start = instantOf(b.startsAt).toZonedDateTimeISO(row.timeZone);
  const end = instantOf(b.endsAt).toZonedDateTimeISO(row.timeZone);
  const freeUntil = b.startsAt.getTime() - b.cancelFreeUntilMinutes * 60_000;
  const canCancel =
    activeStatuses.includes(status as (typeof activeStatuses)[number]) && b.startsAt.getTime() > now;
  return {
    id: b.id,
    amenityId: b.amenityId,
    amenityName: row.amenityName,
    propertyId: b.propertyId,
    propertyName: row.propertyName,
    timeZone: row.timeZone,
    unitId: b.unitId,
    unitLabel: row.unitLabel,
    personId: b.personId,
    personName: row.personName,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    startsLocal: localOf(start),
    endsLocal: localOf(end),
    headcount: b.headcount,
    status,
    holdExpiresAt: status === 'held' ? (b.holdExpiresAt?.toISOString() ?? null) : null,
    feeCents: b.feeCents,
    depositCents: b.depositCents,
    amountDueCents: status === 'held' ? b.feeCents + b.depositCents : 0,
    paymentInProgress: status === 'held' && b.paymentRef !== null && b.paidAt === null,
    depositStatus: b.depositStatus,
    depositDeductedCents: b.depositDeductedCents,
    depositReason: b.depositReason,
    declineReason: b.declineReason,
    cancelReason: b.cancelReason,
    cancelFreeUntil: new Date(freeUntil).toISOString(),
    lateCancelFeeCents: b.lateCancelFeeCents,
    // A hold not yet paid, or a booking that costs nothing to cancel, is never late.
    isLateToCancel: canCancel && status !== 'held' && now > freeUntil && b.lateCancelFeeCents > 0,
    canCancel,
    lateFeeChargeId: b.lateFeeChargeId,
    createdAt: b.createdAt.toISOString(),
  };
}

async function bookingById(db: Db, bookingId: string, condition?: SQL): Promise<BookingRow | undefined> {
  const [row] = await selectBookings(db).where(and(eq(bookings.id, bookingId), condition));
  return row;
}

async function requireMyBooking(ctx: ServiceContext, db: Db, bookingId: string): Promise<BookingRow> {
  const row = await bookingById(db, bookingId, eq(bookings.personId, ctx.actor.id));
  if (!row) throw notFound('Booking');
  return row;
}

async function requireManagedBooking(
  ctx: ServiceContext,
  db: Db,
  propertyId: string,
  bookingId: string,
): Promise<BookingRow> {
  const row = await bookingById(
    db,
    bookingId,
    and(eq(bookings.propertyId, propertyId), propertyAdministration(ctx.actor, sql`${bookings.propertyId}`)),
  );
  if (!row) throw notFound('Booking');
  return row;
}

export async function getMyBooking(ctx: ServiceContext, bookingId: string): Promise<Booking> {
  return bookingOf(await requireMyBooking(ctx, ctx.db, bookingId));
}

async function pageOf(
  db: Db,
  condition: SQL | undefined,
  query: PageQuery & { status?: BookingStatus },
  order: SQL[],
) {
  const where = and(condition, query.status ? eq(bookings.status, query.status) : undefined);
  const [rows, [total]] = await Promise.all([
    selectBookings(db)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(bookings).where(where),
  ]);
  return { bookings: rows.map(bookingOf), total: total?.total ?? 0, page: query.page, limit: query.limit };
}

export function listMyBookings(
  ctx: ServiceContext,
  query: PageQuery & { status?: BookingStatus },
): Promise<BookingPage> {
  return pageOf(ctx.db, eq(bookings.personId, ctx.actor.id), query, [
    desc(bookings.startsAt),
    asc(bookings.id),
  ]);
}

export async function listPropertyBookings(
  ctx: ServiceContext,
  propertyId: string,
  query: PageQuery & { status?: BookingStatus; view: BookingListView },
): Promise<BookingPage> {
  const [property] = await ctx.db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), propertyAdministration(ctx.actor, sql`${properties.id}`)));
  if (!property) throw notFound('Property');
  const ofProperty = eq(bookings.propertyId, propertyId);
  if (query.view === 'upcoming')
    // A lapsed hold no job has ended yet is not coming up.
    return pageOf(ctx.db, and(ofProperty, holdingTime, gt(bookings.endsAt, sql`now()`)), query, [
      asc(bookings.startsAt),
      asc(bookings.id),
    ]);
  if (query.view === 'deposits')
    return pageOf(
      ctx.db,
      and(
        ofProperty,
        eq(bookings.status, 'confirmed'),
        eq(bookings.depositStatus, 'held'),
        lte(bookings.endsAt, sql`now()`),
      ),
      query,
      [asc(bookings.endsAt), asc(bookings.id)],
    );
  return pageOf(ctx.db, ofProperty, query, [asc(bookings.startsAt), asc(bookings.id)]);
}

/** The amenities of the caller's associations, each with the homes they may book it as (or why not). */
export async function listMyAmenities(ctx: ServiceContext): Promise<{ amenities: MyAmenity[] }> {
  const rows = await loadAmenities(
    ctx.db,
    and(eq(amenities.active, true), propertyScope(ctx.actor, sql`${amenities.propertyId}`)),
  );
  const result: MyAmenity[] = [];
  for (const amenity of rows)
    result.push({ ...amenityOf(amenity), homes: await homesFor(ctx.db, ctx.actor.id, amenity) });
  return { amenities: result };
}

/** What holds the amenity's time between two instants: active bookings (lapsed holds do not count). */
async function busyOf(
  db: Db,
  amenityId: string,
  from: Temporal.Instant,
  to: Temporal.Instant,
): Promise<(Busy & { isConfirmed: boolean })[]> {
  const rows = await db
    .select({
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      headcount: bookings.headcount,
      status: bookings.status,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.amenityId, amenityId),
        holdingTime,
        lt(bookings.startsAt, dateOf(to)),
        gt(bookings.endsAt, dateOf(from)),
      ),
    )
    .limit(5000);
  return rows.map((row) => ({
    startsAt: instantOf(row.startsAt),
    endsAt: instantOf(row.endsAt),
    people: row.headcount,
    isConfirmed: row.status === 'confirmed',
  }));
}

/** The next free times like the one asked for, from `from` on (a 409's and a refusal's alternatives). */
async function alternativesFor(
  db: Db,
  amenity: LoadedAmenity,
  from: Temporal.ZonedDateTime,
  durationMinutes: number,
  headcount: number,
): Promise<ErrorAlternative[]> {
  const rules = rulesOf(amenity);
  const now = Temporal.Now.instant();
  const earliest = now.add({ minutes: rules.leadMinutes }).toZonedDateTimeISO(amenity.timeZone);
  const length = Math.min(Math.max(durationMinutes, rules.minMinutes), rules.maxMinutes);
  // From a little before the time asked, so that a booking which does not fit before closing (two hours
  // from 9 PM, closing at 10) is offered the latest that does (8 PM), not tomorrow morning.
  const asked = from.subtract({ minutes: Math.max(0, length - rules.slotMinutes) });
  const start = Temporal.ZonedDateTime.compare(asked, earliest) < 0 ? earliest : asked;
  const busy = await busyOf(db, amenity.id, start.toInstant(), start.add({ days: 15 }).toInstant());
  return nextFreeTimes(
    rules,
    start,
    length,
    Math.min(headcount, rules.capacity),
    busy,
    blackoutsOf(amenity),
    now,
  );
}

export async function availabilityOf(
  ctx: ServiceContext,
  amenityId: string,
  date: string,
): Promise<Availability> {
  const amenity = await requireReadableAmenity(ctx, ctx.db, amenityId);
  const rules = rulesOf(amenity);
  const day = Temporal.PlainDate.from(date);
  const slots = slotsOfDay(rules, day);
  const blackouts = blackoutsOf(amenity);
  const now = Temporal.Now.instant();
  const dayStart = day.toZonedDateTime({ timeZone: amenity.timeZone }).toInstant();
  const busy = await busyOf(ctx.db, amenityId, dayStart, dayStart.add({ hours: 26 }));
  // A day with a clock change shows each time with its offset, so 1:00 AM twice is never ambiguous.
  const offsets = new Set(slots.map((slot) => slot.start.offset));
  return {
    amenityId,
    date,
    timeZone: amenity.timeZone,
    slots: slots.map((slot) => {
      const start = slot.start.toInstant();
      const end = slot.end.toInstant();
      const closed = blackouts.find(
        (item) =>
          Temporal.Instant.compare(item.startsAt, end) < 0 &&
          Temporal.Instant.compare(item.endsAt, start) > 0,
      );
      const overlapping = busy.filter(
        (item) =>
          Temporal.Instant.compare(item.startsAt, end) < 0 &&
          Temporal.Instant.compare(item.endsAt, start) > 0,
      );
      const taken =
        amenity.capacityMode === 'shared' ? peopleDuring(overlapping, start, end) : overlapping.length;
      const status =
        Temporal.Instant.compare(start, now) <= 0
          ? 'past'
          : closed
            ? 'closed'
            : amenity.capacityMode === 'shared'
              ? taken >= amenity.capacity
                ? 'full'
                : 'free'
              : overlapping.length === 0
                ? 'free'
                : overlapping.some((item) => item.isConfirmed)
                  ? 'taken'
                  : 'tentative';
      const label = `${clockOf(slot.start.hour * 60 + slot.start.minute)}${offsets.size > 1 ? ` (UTC${slot.start.offset})` : ''}`;
      return {
        startsAt: start.toString(),
        endsAt: end.toString(),
        startsLocal: localOf(slot.start),
        endsLocal: localOf(slot.end),
        label,
        status,
        taken,
        capacity: amenity.capacity,
        note: closed?.reason ?? null,
      };
    }),
  };
}

// --- Booking ---------------------------------------------------------------------------------------

/**
 * Marks the amenity's lapsed holds expired and gives back a shared amenity's places, in the booking's
 * transaction: the exclusion constraint's predicate cannot use now(), so a lapsed hold would otherwise
 * still block its slot.
 */
async function expireLapsedHolds(
  tx: Db,
  amenity: Pick<LoadedAmenity, 'id' | 'slotMinutes' | 'capacityMode'>,
) {
  const expired = await tx
    .update(bookings)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(
      and(
        eq(bookings.amenityId, amenity.id),
        eq(bookings.status, 'held'),
        sql`${bookings.holdExpiresAt} <= now()`,
      ),
    )
    .returning({ startsAt: bookings.startsAt, endsAt: bookings.endsAt, headcount: bookings.headcount });
  if (amenity.capacityMode === 'shared')
    for (const row of expired) await changeUsage(tx, amenity, row.startsAt, row.endsAt, -row.headcount, 0);
}

/** The slot starts a booking covers, in order (a booking never spans a clock change, so instants step evenly). */
function slotStartsOf(slotMinutes: number, startsAt: Date, endsAt: Date): Date[] {
  const starts: Date[] = [];
  for (let time = startsAt.getTime(); time < endsAt.getTime(); time += slotMinutes * 60_000)
    starts.push(new Date(time));
  return starts;
}

/**
 * Adds (or gives back) people in each slot of a shared amenity, in slot order, in one statement: the
 * check constraint refuses a slot past its capacity (23514), whoever commits first.
 */
async function changeUsage(
  tx: Db,
  amenity: Pick<LoadedAmenity, 'id' | 'slotMinutes'>,
  startsAt: Date,
  endsAt: Date,
  delta: number,
  capacity: number,
) {
  const starts = slotStartsOf(amenity.slotMinutes, startsAt, endsAt).map((date) => date.toISOString());
  if (delta > 0)
    await tx.execute(sql`
      insert into amenity_slot_usage (amenity_id, slot_start, taken, capacity)
      select ${amenity.id}, s, ${delta}, ${capacity} from unnest(${sql.param(starts)}::timestamptz[]) s order by s
      on conflict (amenity_id, slot_start) do update set taken = amenity_slot_usage.taken + excluded.taken`);
  else
    await tx
      .update(amenitySlotUsage)
      .set({ taken: sql`greatest(${amenitySlotUsage.taken} + ${delta}, 0)` })
      .where(
        and(
          eq(amenitySlotUsage.amenityId, amenity.id),
          inArray(
            amenitySlotUsage.slotStart,
            starts.map((start) => new Date(start)),
          ),
        ),
      );
}

/** Frees a booking's time: a shared amenity's places go back (the exclusion constraint needs nothing). */
async function releaseTime(
  tx: Db,
  amenity: { id: string; slotMinutes: number; capacityMode: string },
  booking: typeof bookings.$inferSelect,
) {
  if (amenity.capacityMode === 'shared')
    await changeUsage(tx, amenity, booking.startsAt, booking.endsAt, -booking.headcount, 0);
}

/** The unit's (and the person's) bookings of the amenity in each limited period, counted under a lock. */
async function checkLimits(
  tx: Db,
  amenity: LoadedAmenity,
  unit: { id: string; label: string },
  personId: string,
  start: Temporal.ZonedDateTime,
) {
  if (amenity.limits.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`amenity-limit:${unit.id}`}, 0))`);
  if (amenity.limits.some((limit) => limit.per === 'person'))
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`amenity-limit-person:${personId}`}, 0))`,
    );
  for (const limit of amenity.limits) {
    const { from, to } = periodAround(start, limit.period);
    const [row] = await tx
      .select({ n: count() })
      .from(bookings)
      .where(
        and(
          eq(bookings.amenityId, amenity.id),
          limit.per === 'unit' ? eq(bookings.unitId, unit.id) : eq(bookings.personId, personId),
          inArray(bookings.status, [...countedStatuses]),
          or(sql`${bookings.status} <> 'held'`, gt(bookings.holdExpiresAt, sql`now()`)),
          sql`${bookings.startsAt} >= ${dateOf(from)} and ${bookings.startsAt} < ${dateOf(to)}`,
        ),
      );
    if ((row?.n ?? 0) >= limit.max) {
      const code = limitCodeOf(limit.per, limit.period);
      const periodWords =
        limit.period === 'day'
          ? `on ${start.toPlainDate().toLocaleString('en-US', { dateStyle: 'long' })}`
          : limit.period === 'week'
            ? `in the week of ${from.toZonedDateTimeISO(amenity.timeZone).toPlainDate().toLocaleString('en-US', { month: 'long', day: 'numeric' })}`
            : `in ${start.toPlainDate().toLocaleString('en-US', { month: 'long', year: 'numeric' })}`;
      const who = limit.per === 'unit' ? unit.label : 'You';
      throw new AppError(
        422,
        code,
        `${who} already ${limit.per === 'unit' ? 'has' : 'have'} ${row?.n} ${row?.n === 1 ? 'booking' : 'bookings'} of ${amenity.name} ${periodWords}, the most allowed (${limit.max} per ${limit.per === 'unit' ? 'home' : 'person'} per ${limit.period}). You can book it again from ${sayWhen(to.toZonedDateTimeISO(amenity.timeZone)).replace(' at 12:00 AM', '')}.`,
        { fields: { startsLocal: `At most ${limit.max} per ${limit.per} per ${limit.period}` } },
      );
    }
  }
}

const describeTime = (row: Pick<BookingRow, 'timeZone'> & { booking: { startsAt: Date; endsAt: Date } }) => {
  const start = instantOf(row.booking.startsAt).toZonedDateTimeISO(row.timeZone);
  const end = instantOf(row.booking.endsAt).toZonedDateTimeISO(row.timeZone);
  return alternativeOf({ start, end }).label;
};

async function notifyBooker(
  ctx: Pick<ServiceContext, 'notifier'>,
  tx: Tx,
  row: BookingRow,
  what: {
    title: string;
    body: string;
    key: string;
    kind?: 'community.booking' | 'community.booking-reminder';
  },
) {
  await ctx.notifier.notify(tx, [row.booking.personId], {
    kind: what.kind ?? 'community.booking',
    propertyId: row.booking.propertyId,
    title: what.title,
    body: what.body,
    link: `/amenities?booking=${row.booking.id}`,
    dedupeKey: `booking:${row.booking.id}:${what.key}`,
  });
}

async function notifyStatus(ctx: Pick<ServiceContext, 'notifier'>, tx: Db, bookingId: string) {
  const row = (await bookingById(tx, bookingId))!;
  const when = describeTime(row);
  if (row.booking.status === 'confirmed')
    await notifyBooker(ctx, tx, row, {
      title: `Booking confirmed: ${row.amenityName}, ${when}`,
      body: `Your booking of ${row.amenityName} for ${row.unitLabel} on ${when} is confirmed. Add it to your calendar from the booking page; you will be reminded the day before.`,
      key: 'confirmed',
    });
  else if (row.booking.status === 'pending') {
    await notifyBooker(ctx, tx, row, {
      title: `Booking waiting for approval: ${row.amenityName}, ${when}`,
      body: `Your booking of ${row.amenityName} on ${when} is held for you while the manager reviews it. You will be told when it is approved or declined.`,
      key: 'pending',
    });
    // Its managers are told it waits for them, so the booker is not left waiting unseen.
    const managers = await tx
      .select({ userId: propertyManagers.userId })
      .from(propertyManagers)
      .where(eq(propertyManagers.propertyId, row.booking.propertyId));
    await ctx.notifier.notify(
      tx,
      managers.map((manager) => manager.userId),
      {
        kind: 'community.booking-approval',
        propertyId: row.booking.propertyId,
        title: `Booking to approve: ${row.amenityName}, ${when}`,
        body: `A booking of ${row.amenityName} for ${row.unitLabel} on ${when} waits for your approval.`,
        link: '/community/amenities',
        dedupeKey: `booking:${row.booking.id}:approval`,
      },
    );
  }
}

/**
 * Books an amenity: the rules first (each refusal with what is possible instead), then who may book,
 * then in one transaction the lapsed holds expired, the limits counted, the booking written and — for a
 * shared amenity — its places taken. The same idempotency key twice returns the first booking.
 */
export async function book(
  ctx: BookingContext,
  input: BookingInput,
): Promise<{ booking: Booking; isNew: boolean }> {
  const earlier = await bookingByKey(ctx.db, ctx.actor.id, input.idempotencyKey);
  if (earlier) return { booking: bookingOf(earlier), isNew: false };
  const amenity = await requireReadableAmenity(ctx, ctx.db, input.amenityId);
  if (!amenity.active)
    throw new AppError(
      409,
      'AMENITY_CLOSED',
      `${amenity.name} is not taking bookings at the moment. Ask the manager when it reopens.`,
    );
  const rules = rulesOf(amenity);
  const times = checkTimes(rules, input, Temporal.Now.instant(), blackoutsOf(amenity));
  if (isRefusal(times)) {
    // Free times from the one asked for (or that day's start, when it is not a time on the amenity's clock).
    const asked = zonedOrRefusal(input.startsLocal, amenity.timeZone, 'startsLocal');
    const from = isRefusal(asked)
      ? zonedOrRefusal(`${input.startsLocal.slice(0, 10)}T00:00`, amenity.timeZone, 'startsLocal')
      : asked;
    const wanted = Temporal.PlainDateTime.from(input.startsLocal).until(
      Temporal.PlainDateTime.from(input.endsLocal),
      {
        largestUnit: 'minutes',
      },
    ).minutes;
    const alternatives = isRefusal(from)
      ? []
      : await alternativesFor(ctx.db, amenity, from, wanted > 0 ? wanted : rules.minMinutes, input.headcount);
    throw refusalError(times, alternatives);
  }
  const homes = await homesFor(ctx.db, ctx.actor.id, amenity);
  const home = homes.find((candidate) => candidate.unitId === input.unitId);
  if (!home) {
    const mine = homes.map((candidate) => candidate.unitLabel);
    throw new AppError(
      403,
      'NOT_YOUR_HOME',
      mine.length > 0
        ? `You book ${amenity.name} as one of your homes at ${amenity.propertyName}: ${mine.join(', ')}.`
        : `Only people who own or live in a home at ${amenity.propertyName} can book ${amenity.name}.`,
      { fields: { unitId: 'Choose one of your homes' } },
    );
  }
  if (!home.canBook)
    throw new AppError(403, 'NOT_ELIGIBLE', home.reason!, { fields: { unitId: home.reason! } });

  const costs = amenity.feeCents + amenity.depositCents;
  const status: BookingStatus = costs > 0 ? 'held' : amenity.approvalRequired ? 'pending' : 'confirmed';
  const duration = times.start.until(times.end, { largestUnit: 'minutes' }).minutes;
  let bookingId: string;
  try {
    bookingId = await ctx.db.transaction(async (tx) => {
      // A closure being added takes this row for update (addBlackout): the closures read before are then
      // read again, so a booking and a closure of the same time cannot both succeed.
      await tx.select({ id: amenities.id }).from(amenities).where(eq(amenities.id, amenity.id)).for('share');
      const [closed] = await tx
        .select()
        .from(amenityBlackouts)
        .where(
          and(
            eq(amenityBlackouts.amenityId, amenity.id),
            lt(amenityBlackouts.startsAt, dateOf(times.end.toInstant())),
            gt(amenityBlackouts.endsAt, dateOf(times.start.toInstant())),
          ),
        )
        .limit(1);
      if (closed)
        throw new AppError(
          422,
          'BLACKOUT',
          `${amenity.name} was just closed at that time: ${closed.reason}. Choose another time.`,
          { fields: { startsLocal: 'Closed at that time' } },
        );
      await expireLapsedHolds(tx, amenity);
      await checkLimits(tx, amenity, { id: home.unitId, label: home.unitLabel }, ctx.actor.id, times.start);
      const [made] = await tx
        .insert(bookings)
        .values({
          amenityId: amenity.id,
          propertyId: amenity.propertyId,
          unitId: home.unitId,
          personId: ctx.actor.id,
          startsAt: dateOf(times.start.toInstant()),
          endsAt: dateOf(times.end.toInstant()),
          headcount: input.headcount,
          isExclusive: amenity.capacityMode === 'exclusive',
          status,
          holdExpiresAt:
            status === 'held' ? sql`now() + make_interval(mins => ${amenity.holdMinutes})` : null,
          feeCents: amenity.feeCents,
          depositCents: amenity.depositCents,
          cancelFreeUntilMinutes: amenity.cancelFreeUntilMinutes,
          lateCancelFeeCents: amenity.lateCancelFeeCents,
          idempotencyKey: input.idempotencyKey,
        })
        .returning({ id: bookings.id, startsAt: bookings.startsAt, endsAt: bookings.endsAt });
      if (amenity.capacityMode === 'shared')
        await changeUsage(tx, amenity, made!.startsAt, made!.endsAt, input.headcount, amenity.capacity);
      if (status === 'held')
        await ctx.jobs.enqueue<HoldExpiryPayload>(
          holdExpiryQueue,
          { bookingId: made!.id },
          {
            executor: tx as Executor,
            dedupeKey: `hold:${made!.id}`,
            delayMs: amenity.holdMinutes * 60_000 + 1000,
          },
        );
      else await notifyStatus(ctx, tx, made!.id);
      return made!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'bookings_person_key')) {
      const first = await bookingByKey(ctx.db, ctx.actor.id, input.idempotencyKey);
      if (first) return { booking: bookingOf(first), isNew: false };
    }
    const isTaken = isExclusionViolation(error, 'bookings_no_overlap');
    const isFull = isCheckViolation(error, 'amenity_slot_usage_capacity_check');
    if (!isTaken && !isFull) throw error;
    const alternatives = await alternativesFor(ctx.db, amenity, times.start, duration, input.headcount);
    throw new AppError(
      409,
      isTaken ? 'SLOT_TAKEN' : 'SLOT_FULL',
      `${isTaken ? `Someone else has just booked ${amenity.name} for that time` : `${amenity.name} has no room for ${input.headcount} more at that time`}. ${
        alternatives.length > 0
          ? `The next free ${alternatives.length === 1 ? 'time is' : 'times are'} ${alternatives.map((item) => item.label).join('; ')}.`
          : 'No other time is free in the next two weeks.'
      }`,
      { alternatives },
    );
  }
  return { booking: bookingOf((await bookingById(ctx.db, bookingId))!), isNew: true };
}

async function bookingByKey(db: Db, personId: string, key: string) {
  const [row] = await selectBookings(db).where(
    and(eq(bookings.personId, personId), eq(bookings.idempotencyKey, key)),
  );
  return row;
}

/**
 * The hold-expiry job: a hold still unpaid when it lapses is expired, and its places given back. A card
 * payment the booker started and never finished is withdrawn with the provider first (a failure there
 * fails the job, which runs again); one already under way finishes, and its webhook gives it back.
 */
export async function expireHold(
  db: Db,
  bookingId: string,
  provider: PaymentProviderClient | null = null,
): Promise<boolean> {
  const [held] = await db
    .select({ paymentRef: bookings.paymentRef })
    .from(bookings)
    .where(
      and(eq(bookings.id, bookingId), eq(bookings.status, 'held'), sql`${bookings.holdExpiresAt} <= now()`),
    );
  if (held?.paymentRef && provider?.cancel) await provider.cancel(held.paymentRef);
  return db.transaction(async (tx) => {
    const [expired] = await tx
      .update(bookings)
      .set({ status: 'expired', updatedAt: new Date() })
      .where(
        and(eq(bookings.id, bookingId), eq(bookings.status, 'held'), sql`${bookings.holdExpiresAt} <= now()`),
      )
      .returning();
    if (!expired) return false;
    const [amenity] = await tx.select().from(amenities).where(eq(amenities.id, expired.amenityId));
    if (amenity) await releaseTime(tx, amenity, expired);
    return true;
  });
}

// --- Paying ----------------------------------------------------------------------------------------

/** The hold lapsed before it was paid: 409 with the times free around it now. */
async function holdExpired(ctx: ServiceContext, row: BookingRow): Promise<AppError> {
  const b = row.booking;
  const [amenity] = await loadAmenities(ctx.db, and(eq(amenities.id, b.amenityId)));
  const start = instantOf(b.startsAt).toZonedDateTimeISO(row.timeZone);
  const alternatives = await alternativesFor(
    ctx.db,
    amenity!,
    start,
    (b.endsAt.getTime() - b.startsAt.getTime()) / 60_000,
    b.headcount,
  );
  return new AppError(
    409,
    'HOLD_EXPIRED',
    'Your hold on this time lapsed before it was paid, so nothing was charged. Book again: the times below are free.',
    { alternatives },
  );
}

/**
 * Pays a held booking's fee and deposit. The provider is asked first, outside the transaction, with a key
 * made of the booking and the payer's key (so a retry starts one payment). The test provider answers at
 * once and the booking is paid (`recordPayment`); Stripe answers with a PaymentIntent for the booker's
 * browser to confirm, kept on the booking, and the booking is paid when Stripe's webhook says so
 * (`settleProviderPayment`). A second request while that payment is under way gets the same intent back.
 */
export async function payBooking(
  ctx: BookingContext,
  bookingId: string,
  input: BookingPaymentInput,
): Promise<StartedBookingPayment> {
  const row = await requireMyBooking(ctx, ctx.db, bookingId);
  const paid = await ctx.db
    .select({ id: bookingMoney.id })
    .from(bookingMoney)
    .where(and(eq(bookingMoney.bookingId, bookingId), eq(bookingMoney.kind, 'payment')));
  if (paid.length > 0) return { ...bookingOf(row), confirmation: null };
  const b = row.booking;
  if (b.status !== 'held' || isLapsed(b)) {
    if (b.status === 'held' || b.status === 'expired') throw await holdExpired(ctx, row);
    throw new AppError(409, 'NOT_PAYABLE', `This booking is ${b.status}: there is nothing to pay.`);
  }
  const amount = b.feeCents + b.depositCents;
  if (input.amountCents !== amount)
    throw new AppError(
      409,
      'AMOUNT_CHANGED',
      `This booking costs ${formatMoney(amount)} (fee ${formatMoney(b.feeCents)}, deposit ${formatMoney(b.depositCents)}): review it and confirm again.`,
      {
        fields: { amountCents: `The amount is ${formatMoney(amount)}` },
      },
    );
  const provider = ctx.provider;
  if (!provider)
    throw new AppError(
      409,
      'NO_ONLINE_PAYMENTS',
      'Online payments are not set up for this association, so the booking cannot be paid here. Ask the manager.',
    );
  if (!bookingMethodsOf(provider).includes(input.method))
    throw new AppError(
      422,
      'METHOD_NOT_OFFERED',
      provider.name === 'stripe'
        ? 'Bookings are paid by card: a bank debit takes days, and the hold lasts minutes'
        : 'This association does not take that method online',
      { fields: { method: 'Pay by card' } },
    );
  const confirmationOf = (clientSecret: string) => ({
    provider: 'stripe' as const,
    clientSecret,
    publishableKey: provider.publishableKey ?? '',
  });
  // A payment already under way (the page was reloaded, a second window): the same one, not a second.
  if (b.paymentRef && provider.resume) {
    const clientSecret = await provider.resume(b.paymentRef);
    if (clientSecret) return { ...bookingOf(row), confirmation: confirmationOf(clientSecret) };
  }
  const answer = await provider.start({
    paymentId: bookingId,
    propertyId: b.propertyId,
    unitId: b.unitId,
    amountCents: amount,
    method: input.method,
    idempotencyKey: `booking-${bookingId}-${input.idempotencyKey}`,
    metadata: { commonwise_booking_id: bookingId },
  });
  if (answer.status === 'failed')
    throw new AppError(
      409,
      'PAYMENT_NOT_COMPLETED',
      `The payment was declined${answer.failureReason ? `: ${answer.failureReason}` : ''}. Try another card before the hold lapses.`,
    );
  if (answer.status === 'pending') {
    if (!answer.clientSecret)
      throw new AppError(
        502,
        'PROVIDER_FAILED',
        'The payment provider did not start the payment. Try again.',
      );
    const [kept] = await ctx.db
      .update(bookings)
      .set({ paymentRef: answer.providerRef, updatedAt: new Date() })
      .where(
        and(
          eq(bookings.id, bookingId),
          eq(bookings.status, 'held'),
          or(isNull(bookings.paymentRef), eq(bookings.paymentRef, answer.providerRef)),
        ),
      )
      .returning({ id: bookings.id });
    if (!kept) {
      // Another window started a payment first, or the hold ended meanwhile: this one is withdrawn.
      await provider.cancel?.(answer.providerRef);
      throw new AppError(
        409,
        'PAYMENT_IN_PROGRESS',
        'This booking changed while the payment was being prepared (it is being paid in another window, or its hold ended). Reload it.',
      );
    }
    return { ...(await getMyBooking(ctx, bookingId)), confirmation: confirmationOf(answer.clientSecret) };
  }
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!locked || locked.status !== 'held' || isLapsed(locked))
      // The hold lapsed while the provider answered. Only the test provider answers at once, and it moved
      // nothing.
      throw new AppError(
        409,
        'HOLD_EXPIRED',
        'Your hold lapsed while the payment was being made. Book again.',
      );
    await recordPayment(ctx, tx, row, locked, {
      method: input.method,
      provider: provider.name,
      providerRef: answer.providerRef,
      idempotencyKey: input.idempotencyKey,
      createdBy: ctx.actor.id,
    });
  });
  return { ...(await getMyBooking(ctx, bookingId)), confirmation: null };
}

/** Posts a held booking's payment and moves it on: pending approval, or confirmed; the booker is told. */
async function recordPayment(
  ctx: Pick<ServiceContext, 'notifier'>,
  tx: Db,
  row: BookingRow,
  locked: typeof bookings.$inferSelect,
  paid: {
    method: string;
    provider: string;
    providerRef: string;
    idempotencyKey: string;
    createdBy: string | null;
  },
) {
  const [amenity] = await tx
    .select({ approvalRequired: amenities.approvalRequired })
    .from(amenities)
    .where(eq(amenities.id, locked.amenityId));
  await postBookingMoney(tx, locked, {
    kind: 'payment',
    feeCents: locked.feeCents,
    depositCents: locked.depositCents,
    memo: `Booking of ${row.amenityName} for ${row.unitLabel}, ${describeTime(row)}`,
    today: todayIn(row.timeZone),
    ...paid,
  });
  await tx
    .update(bookings)
    .set({
      status: amenity?.approvalRequired ? 'pending' : 'confirmed',
      paidAt: new Date(),
      depositStatus: locked.depositCents > 0 ? 'held' : 'none',
      updatedAt: new Date(),
    })
    .where(eq(bookings.id, locked.id));
  await notifyStatus(ctx, tx, locked.id);
}

/**
 * Stripe says a booking's payment succeeded (its webhook, in the transaction that records the event). A
 * booking still held is paid — even past its hold's time, if no job has ended the hold yet, since its
 * time was kept. One whose hold ended (or that was cancelled) meanwhile is no longer anyone's to pay: the
 * payment is recorded and given back at once, and the booker told why.
 */
export async function settleProviderPayment(
  deps: { notifier: Notifier; jobs: JobQueue },
  tx: Db,
  bookingId: string,
  paid: { providerRef: string; amountCents: number; eventId: string },
): Promise<ProviderEventOutcome> {
  const [locked] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  const [already] = await tx
    .select({ id: bookingMoney.id })
    .from(bookingMoney)
    .where(and(eq(bookingMoney.bookingId, bookingId), eq(bookingMoney.kind, 'payment')));
  if (!locked || already) return 'already_done';
  const row = (await bookingById(tx, bookingId))!;
  const payment = {
    method: 'card',
    provider: 'stripe',
    providerRef: paid.providerRef,
    idempotencyKey: `stripe-${paid.eventId}`,
    createdBy: null,
  };
  if (locked.status === 'held') {
    await recordPayment(deps, tx, row, locked, payment);
    return 'settled';
  }
  await postBookingMoney(tx, locked, {
    kind: 'payment',
    feeCents: locked.feeCents,
    depositCents: locked.depositCents,
    memo: `Booking of ${row.amenityName} for ${row.unitLabel}, ${describeTime(row)} (arrived after the hold ended)`,
    today: todayIn(row.timeZone),
    ...payment,
  });
  await giveBack(tx, deps.jobs, locked, {
    kind: 'refund',
    feeCents: locked.feeCents,
    depositCents: locked.depositCents,
    memo: `Refund: booking of ${row.amenityName} for ${row.unitLabel} (paid after the hold ended)`,
    today: todayIn(row.timeZone),
    createdBy: null,
    reason: 'The payment arrived after the hold had ended',
  });
  await notifyBooker(deps, tx, row, {
    title: `Payment refunded: ${row.amenityName}, ${describeTime(row)}`,
    body: lateArrivalNote(paid.amountCents),
    key: 'late-payment',
  });
  return 'refunded';
}

// --- Cancelling, deciding, settling ------------------------------------------------------------------

/** Gives back what a booking took: its fee and, unless settled, its deposit (a refund entry). */
async function refundPaid(tx: Db, jobs: JobQueue, row: BookingRow, createdBy: string, reason: string) {
  const b = row.booking;
  if (!b.paidAt) return;
  const deposit = b.depositStatus === 'held' ? b.depositCents : 0;
  if (b.feeCents + deposit === 0) return;
  await giveBack(tx, jobs, b, {
    kind: 'refund',
    feeCents: b.feeCents,
    depositCents: deposit,
    memo: `Refund: booking of ${row.amenityName} for ${row.unitLabel}, ${describeTime(row)}`,
    today: todayIn(row.timeZone),
    createdBy,
    reason,
  });
}

export async function cancelBooking(
  ctx: BookingContext,
  bookingId: string,
  input: BookingCancelInput,
): Promise<Booking> {
  const row = await requireMyBooking(ctx, ctx.db, bookingId);
  const current = bookingOf(row);
  if (!current.canCancel)
    throw new AppError(
      409,
      'NOT_CANCELLABLE',
      current.status === 'cancelled'
        ? 'This booking is already cancelled.'
        : `This booking is ${current.status} and can no longer be cancelled.`,
    );
  const late = current.isLateToCancel;
  if (late && !input.acceptLateFee)
    throw new AppError(
      409,
      'LATE_FEE_APPLIES',
      `Free cancellation ended ${sayWhen(instantOf(new Date(current.cancelFreeUntil)).toZonedDateTimeISO(row.timeZone))}. Cancelling now posts a late-cancellation fee of ${formatMoney(current.lateCancelFeeCents)} to ${row.unitLabel}'s account; the booking fee and deposit are refunded. Confirm to cancel anyway.`,
    );
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!locked || !activeStatuses.includes(locked.status as (typeof activeStatuses)[number]))
      throw new AppError(409, 'NOT_CANCELLABLE', 'This booking changed meanwhile: reload it.');
    const fresh = { ...row, booking: locked };
    await refundPaid(tx, ctx.jobs, fresh, ctx.actor.id, input.reason || 'Cancelled by the booker');
    let lateFeeChargeId: string | null = null;
    if (late) {
      const today = todayIn(row.timeZone);
      await lockUnit(tx, locked.propertyId, locked.unitId);
      const accounts = await postingAccounts(tx, locked.propertyId, 'fee', undefined);
      const [chargeId] = await insertCharges(
        tx,
        locked.propertyId,
        accounts,
        [
          {
            unitId: locked.unitId,
            kind: 'fee',
            description: `Late cancellation: ${row.amenityName}, ${describeTime(row)}`,
            dueOn: today,
            amountCents: locked.lateCancelFeeCents,
          },
        ],
        await firstOpenDay(tx, locked.propertyId, today),
        ctx.actor.id,
      );
      lateFeeChargeId = chargeId ?? null;
      await applyCredits(tx, locked.propertyId, locked.unitId, row.jurisdiction, today);
    }
    await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledAt: new Date(),
        cancelReason: input.reason || null,
        lateFeeChargeId,
        depositStatus: locked.depositStatus === 'held' ? 'released' : locked.depositStatus,
        updatedAt: new Date(),
      })
      .where(eq(bookings.id, bookingId));
    const [amenity] = await tx.select().from(amenities).where(eq(amenities.id, locked.amenityId));
    await releaseTime(tx, amenity!, locked);
    await notifyBooker(ctx, tx, fresh, {
      title: `Booking cancelled: ${row.amenityName}, ${describeTime(row)}`,
      body: late
        ? `Your booking was cancelled after the free cancellation window: a late-cancellation fee of ${formatMoney(locked.lateCancelFeeCents)} was posted to ${row.unitLabel}'s account.${locked.paidAt ? ' The booking fee and deposit are refunded.' : ''}`
        : `Your booking was cancelled at no charge.${locked.paidAt ? ' The booking fee and deposit are refunded.' : ''}`,
      key: 'cancelled',
    });
  });
  // A card payment started and not finished is withdrawn; one already under way is given back by the
  // webhook when it arrives (the booking is no longer held).
  if (row.booking.paymentRef && !row.booking.paidAt)
    await ctx.provider?.cancel?.(row.booking.paymentRef).catch(() => false);
  return getMyBooking(ctx, bookingId);
}

export async function approveBooking(
  ctx: BookingContext,
  propertyId: string,
  bookingId: string,
): Promise<Booking> {
  await requireManagedBooking(ctx, ctx.db, propertyId, bookingId);
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(bookings)
      .set({ status: 'confirmed', decidedBy: ctx.actor.id, decidedAt: new Date(), updatedAt: new Date() })
      .where(
        and(eq(bookings.id, bookingId), eq(bookings.status, 'pending'), gt(bookings.startsAt, sql`now()`)),
      )
      .returning({ id: bookings.id });
    if (!updated)
      throw new AppError(
        409,
        'NOT_PENDING',
        'Only a booking waiting for approval, not yet begun, can be approved.',
      );
    await notifyStatus(ctx, tx, bookingId);
  });
  return managedBookingOf(ctx, propertyId, bookingId);
}

export async function declineBooking(
  ctx: BookingContext,
  propertyId: string,
  bookingId: string,
  reason: string,
): Promise<Booking> {
  const row = await requireManagedBooking(ctx, ctx.db, propertyId, bookingId);
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (
      !locked ||
      !['pending', 'confirmed'].includes(locked.status) ||
      locked.startsAt.getTime() <= Date.now()
    )
      throw new AppError(
        409,
        'NOT_DECLINABLE',
        'Only a pending or confirmed booking that has not begun can be declined.',
      );
    const fresh = { ...row, booking: locked };
    await refundPaid(tx, ctx.jobs, fresh, ctx.actor.id, reason);
    await tx
      .update(bookings)
      .set({
        status: 'declined',
        declineReason: reason,
        decidedBy: ctx.actor.id,
        decidedAt: new Date(),
        depositStatus: locked.depositStatus === 'held' ? 'released' : locked.depositStatus,
        updatedAt: new Date(),
      })
      .where(eq(bookings.id, bookingId));
    const [amenity] = await tx.select().from(amenities).where(eq(amenities.id, locked.amenityId));
    await releaseTime(tx, amenity!, locked);
    await notifyBooker(ctx, tx, fresh, {
      title: `Booking declined: ${row.amenityName}, ${describeTime(row)}`,
      body: `Your booking was declined: ${reason}${locked.paidAt ? ' The booking fee and deposit are refunded.' : ''}`,
      key: 'declined',
    });
  });
  return managedBookingOf(ctx, propertyId, bookingId);
}

/**
 * After the booking, the deposit goes back whole, or less a deduction whose reason the booker is told.
 * What is kept is credited to the fee income; the booking is then completed.
 */
export async function settleDeposit(
  ctx: BookingContext,
  propertyId: string,
  bookingId: string,
  input: DepositSettlementInput,
): Promise<Booking> {
  const row = await requireManagedBooking(ctx, ctx.db, propertyId, bookingId);
  const kept = input.action === 'deduct' ? input.deductionCents : 0;
  if (kept > row.booking.depositCents)
    throw new AppError(
      422,
      'DEDUCTION_OVER_DEPOSIT',
      `The deposit was ${formatMoney(row.booking.depositCents)}: a deduction cannot be more.`,
      {
        fields: { deductionCents: `At most ${formatMoney(row.booking.depositCents)}` },
      },
    );
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!locked || locked.depositStatus !== 'held')
      throw new AppError(409, 'NO_DEPOSIT_HELD', 'This booking has no deposit held to settle.');
    if (locked.status !== 'confirmed')
      throw new AppError(
        409,
        'NOT_CONFIRMED',
        `This booking is ${locked.status}: only a confirmed booking's deposit is settled after it.`,
      );
    if (locked.endsAt.getTime() > Date.now())
      throw new AppError(
        409,
        'BOOKING_NOT_OVER',
        `The deposit is settled after the booking ends (${sayWhen(instantOf(locked.endsAt).toZonedDateTimeISO(row.timeZone))}).`,
      );
    const reason = input.action === 'deduct' ? input.reason : 'Deposit released in full';
    const [evidence] = await tx
      .select({ files: count() })
      .from(attachments)
      .where(eq(attachments.bookingId, bookingId));
    const filesNote = evidence?.files
      ? ` ${evidence.files === 1 ? 'A photo or file is' : `${evidence.files} photos and files are`} on your booking.`
      : '';
    await giveBack(tx, ctx.jobs, locked, {
      kind: 'deposit_settlement',
      feeCents: 0,
      depositCents: locked.depositCents,
      keptCents: kept,
      memo: `Deposit ${kept > 0 ? `settled (${formatMoney(kept)} kept)` : 'released'}: ${row.amenityName}, ${row.unitLabel}`,
      today: todayIn(row.timeZone),
      createdBy: ctx.actor.id,
      reason,
    });
    await tx
      .update(bookings)
      .set({
        status: locked.status === 'confirmed' ? 'completed' : locked.status,
        depositStatus: kept > 0 ? 'deducted' : 'released',
        depositDeductedCents: kept,
        depositReason: input.action === 'deduct' ? input.reason : null,
        depositSettledBy: ctx.actor.id,
        depositSettledAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(bookings.id, bookingId));
    await notifyBooker(
      ctx,
      tx,
      { ...row, booking: locked },
      {
        title: kept > 0 ? `Deposit settled: ${formatMoney(kept)} kept` : 'Deposit released',
        body:
          kept > 0
            ? `After your booking of ${row.amenityName} on ${describeTime(row)}, ${formatMoney(kept)} of the ${formatMoney(locked.depositCents)} deposit was kept: ${input.action === 'deduct' ? input.reason : ''}. ${formatMoney(locked.depositCents - kept)} is refunded.${filesNote}`
            : `Your ${formatMoney(locked.depositCents)} deposit for ${row.amenityName} on ${describeTime(row)} is refunded in full.${filesNote}`,
        key: 'deposit',
      },
    );
  });
  return managedBookingOf(ctx, propertyId, bookingId);
}

async function managedBookingOf(ctx: ServiceContext, propertyId: string, bookingId: string) {
  return bookingOf(await requireManagedBooking(ctx, ctx.db, propertyId, bookingId));
}

// --- Calendar and reminders ---------------------------------------------------------------------------

/** The booking as an .ics file (events/ics.ts: the start a ZonedDateTime, with its VTIMEZONE). */
export async function bookingIcs(ctx: ServiceContext, host: string, bookingId: string) {
  const row = await requireMyBooking(ctx, ctx.db, bookingId);
  const start = instantOf(row.booking.startsAt).toZonedDateTimeISO(row.timeZone);
  const text = calendarOf({
    name: row.propertyName,
    host,
    events: [
      {
        id: row.booking.id,
        title: `${row.amenityName} booking (${row.unitLabel})`,
        description: `Booked by ${row.personName} for ${row.unitLabel}, ${row.propertyName}.`,
        location: `${row.amenityName}, ${row.propertyName}`,
        start,
        durationMinutes: (row.booking.endsAt.getTime() - row.booking.startsAt.getTime()) / 60_000,
        rrule: null,
        sequence: row.booking.status === 'cancelled' || row.booking.status === 'declined' ? 1 : 0,
        isCancelled: ['cancelled', 'declined', 'expired'].includes(row.booking.status),
        updatedAt: row.booking.updatedAt,
      },
    ],
  });
  return {
    fileName: `booking-${row.amenityName.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}-${localOf(start).slice(0, 10)}.ics`,
    text,
  };
}

/** Confirmed bookings starting within a day that have not been reminded, at most `limit`. */
export async function remindersDue(db: Db, now: Date, limit = 500) {
  return db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        sql`${bookings.remindedAt} is null`,
        gt(bookings.startsAt, now),
        lt(bookings.startsAt, new Date(now.getTime() + 24 * 3600_000)),
      ),
    )
    .limit(limit);
}

/** The day-before reminders (amenities.jobs.ts): each booking once, by its `reminded_at`. */
export async function sendReminders(
  db: Db,
  notifier: ServiceContext['notifier'],
  now: Date,
): Promise<number> {
  const due = await remindersDue(db, now);
  for (const { id } of due) {
    const row = (await bookingById(db, id))!;
    await notifyBooker({ notifier }, db, row, {
      kind: 'community.booking-reminder',
      title: `Tomorrow: ${row.amenityName}, ${describeTime(row)}`,
      body: `A reminder of your booking of ${row.amenityName} for ${row.unitLabel} on ${describeTime(row)}.`,
      key: 'reminder',
    });
    await db.update(bookings).set({ remindedAt: now }).where(eq(bookings.id, id));
  }
  return due.length;
}

// --- The assistant's draft -----------------------------------------------------------------------------

export type BookingPreview =
  | {
      ok: true;
      amenity: LoadedAmenity;
      unit: { id: string; label: string };
      startsLocal: string;
      endsLocal: string;
      label: string;
    }
  | { ok: false; code: string; message: string; alternatives: ErrorAlternative[] };

/**
 * Whether a booking would be taken, without making it (the assistant's draft, issue 23 item 5): the same
 * rules, eligibility and free-time checks as `book`, the same codes and words, and the next free times
 * when it would not. The limits are counted when the person books.
 */
export async function previewBooking(
  ctx: ServiceContext,
  amenity: LoadedAmenity,
  request: { startsLocal: string; endsLocal: string },
): Promise<BookingPreview> {
  const rules = rulesOf(amenity);
  const wanted = { ...request, headcount: 1 };
  const times = checkTimes(rules, wanted, Temporal.Now.instant(), blackoutsOf(amenity));
  const fromDay = zonedOrRefusal(
    `${request.startsLocal.slice(0, 10)}T00:00`,
    amenity.timeZone,
    'startsLocal',
  );
  const length = (() => {
    try {
      return Temporal.PlainDateTime.from(request.startsLocal).until(
        Temporal.PlainDateTime.from(request.endsLocal),
        {
          largestUnit: 'minutes',
        },
      ).minutes;
    } catch {
      return rules.minMinutes;
    }
  })();
  if (isRefusal(times))
    return {
      ok: false,
      code: times.code,
      message: times.message,
      alternatives: isRefusal(fromDay)
        ? []
        : await alternativesFor(ctx.db, amenity, fromDay, length > 0 ? length : rules.minMinutes, 1),
    };
  const homes = await homesFor(ctx.db, ctx.actor.id, amenity);
  const home = homes.find((candidate) => candidate.canBook);
  if (!home)
    return {
      ok: false,
      code: homes.length === 0 ? 'NOT_YOUR_HOME' : 'NOT_ELIGIBLE',
      message:
        homes[0]?.reason ??
        `Only people who own or live in a home at ${amenity.propertyName} can book ${amenity.name}.`,
      alternatives: [],
    };
  const busy = await busyOf(ctx.db, amenity.id, times.start.toInstant(), times.end.toInstant());
  if (!isFree(rules, busy, times.start.toInstant(), times.end.toInstant(), 1)) {
    const alternatives = await alternativesFor(ctx.db, amenity, times.start, length, 1);
    return {
      ok: false,
      code: amenity.capacityMode === 'shared' ? 'SLOT_FULL' : 'SLOT_TAKEN',
      message: `${amenity.name} is already booked then.`,
      alternatives,
    };
  }
  return {
    ok: true,
    amenity,
    unit: { id: home.unitId, label: home.unitLabel },
    startsLocal: localOf(times.start),
    endsLocal: localOf(times.end),
    label: alternativeOf(times).label,
  };
}

// --- Closures ------------------------------------------------------------------------------------------

/**
 * Closes an amenity for a time. Bookings in that time are not left standing with a closed amenity: the
 * closure is refused (409 BOOKINGS_IN_CLOSURE, naming them) unless the manager asks for them to be
 * cancelled, and then each is cancelled in the same transaction — its fee and deposit refunded, no late
 * fee, its booker told the closure's reason.
 */
export async function addBlackout(
  ctx: BookingContext,
  propertyId: string,
  amenityId: string,
  input: BlackoutInput,
): Promise<Amenity> {
  const amenity = await requireManagedAmenity(ctx, ctx.db, propertyId, amenityId);
  const { startsAt, endsAt } = closureTimes(amenity, input);
  const unfinishedPayments = await ctx.db.transaction(async (tx) => {
    // A booking being made holds this row shared (`book`): none slips in between.
    await tx.select({ id: amenities.id }).from(amenities).where(eq(amenities.id, amenityId)).for('update');
    const inTheWay = await selectBookings(tx)
      .where(
        and(
          eq(bookings.amenityId, amenityId),
          inArray(bookings.status, [...activeStatuses]),
          lt(bookings.startsAt, endsAt),
          gt(bookings.endsAt, startsAt),
        ),
      )
      .orderBy(asc(bookings.startsAt))
      .for('update', { of: bookings });
    if (inTheWay.length > 0 && !input.cancelBookings) {
      const shown = inTheWay
        .slice(0, 5)
        .map((row) => `${row.personName}, ${row.unitLabel}, ${describeTime(row)}`);
      const more = inTheWay.length - shown.length;
      throw new AppError(
        409,
        'BOOKINGS_IN_CLOSURE',
        `${inTheWay.length === 1 ? 'A booking falls' : `${inTheWay.length} bookings fall`} in this closure: ${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}. Close it anyway to cancel ${inTheWay.length === 1 ? 'it' : 'them'}: fees and deposits are refunded and each booker is told why.`,
      );
    }
    await tx.insert(amenityBlackouts).values({
      amenityId,
      startsAt,
      endsAt,
      reason: input.reason,
      createdBy: ctx.actor.id,
    });
    for (const row of inTheWay) {
      const locked = row.booking;
      await refundPaid(tx, ctx.jobs, row, ctx.actor.id, `Closed: ${input.reason}`);
      await tx
        .update(bookings)
        .set({
          status: 'cancelled',
          cancelledAt: new Date(),
          cancelReason: `${row.amenityName} is closed: ${input.reason}`,
          depositStatus: locked.depositStatus === 'held' ? 'released' : locked.depositStatus,
          updatedAt: new Date(),
        })
        .where(eq(bookings.id, locked.id));
      await releaseTime(tx, amenity, locked);
      await notifyBooker(ctx, tx, row, {
        title: `Booking cancelled: ${row.amenityName}, ${describeTime(row)}`,
        body: `${row.amenityName} is closed at that time: ${input.reason}. Your booking is cancelled at no charge.${locked.paidAt ? ' The booking fee and deposit are refunded.' : ''} Book another time from the amenities page.`,
        key: 'closed',
      });
    }
    return inTheWay.filter((row) => row.booking.paymentRef && !row.booking.paidAt);
  });
  for (const row of unfinishedPayments)
    await ctx.provider?.cancel?.(row.booking.paymentRef!).catch(() => false);
  return getPropertyAmenity(ctx, propertyId, amenityId);
}
