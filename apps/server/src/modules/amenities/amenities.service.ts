import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  amenityDelinquencyPolicies,
  type Amenity,
  type AmenityInput,
  type BlackoutInput,
  type JurisdictionId,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  amenities,
  amenityBlackouts,
  amenityHours,
  amenityLimits,
  amenitySlotUsage,
  properties,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { propertyAdministration, propertyScope } from '../access/scope.ts';
import type { PaymentProviderClient } from '../finance/payment-providers.ts';
import {
  hoursRefusal,
  isRefusal,
  Temporal,
  zonedOrRefusal,
  type AmenityRules,
  type Blackout,
} from './rules.ts';

/**
 * Amenities and their rules (issue 23 item 5; decision 0066). The association's managers (and admins)
 * describe them; its members read them (propertyScope). An amenity's rules are checked as a whole when
 * saved, each refusal naming its field.
 */

export type AmenityRow = typeof amenities.$inferSelect & {
  propertyName: string;
  jurisdiction: JurisdictionId;
};

export type LoadedAmenity = AmenityRow & {
  hours: (typeof amenityHours.$inferSelect)[];
  limits: (typeof amenityLimits.$inferSelect)[];
  blackouts: (typeof amenityBlackouts.$inferSelect)[];
};

export const amenitiesMax = 100;

const amenityColumns = {
  amenity: amenities,
  propertyName: properties.name,
  jurisdiction: properties.jurisdiction,
};

/** Amenities with their hours, limits and blackouts (those not yet over), as the caller may see them. */
export async function loadAmenities(db: Db, condition: ReturnType<typeof and>): Promise<LoadedAmenity[]> {
  const rows = await db
    .select(amenityColumns)
    .from(amenities)
    .innerJoin(properties, eq(properties.id, amenities.propertyId))
    .where(condition)
    .orderBy(asc(properties.name), asc(amenities.name))
    // An association has a handful; a caller of several associations sees at most this many.
    .limit(amenitiesMax);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.amenity.id);
  const [hours, limits, blackouts] = await Promise.all([
    db
      .select()
      .from(amenityHours)
      .where(inArray(amenityHours.amenityId, ids))
      .orderBy(asc(amenityHours.weekday), asc(amenityHours.opens)),
    db.select().from(amenityLimits).where(inArray(amenityLimits.amenityId, ids)),
    db
      .select()
      .from(amenityBlackouts)
      .where(
        and(
          inArray(amenityBlackouts.amenityId, ids),
          gt(amenityBlackouts.endsAt, sql`now() - interval '1 day'`),
        ),
      )
      .orderBy(asc(amenityBlackouts.startsAt))
      .limit(500),
  ]);
  return rows.map((row) => ({
    ...row.amenity,
    propertyName: row.propertyName,
    jurisdiction: row.jurisdiction,
    hours: hours.filter((item) => item.amenityId === row.amenity.id),
    limits: limits.filter((item) => item.amenityId === row.amenity.id),
    blackouts: blackouts.filter((item) => item.amenityId === row.amenity.id),
  }));
}

/** An amenity a member of its association may read (404 otherwise, as for one that does not exist). */
export async function requireReadableAmenity(ctx: ServiceContext, db: Db, amenityId: string) {
  const [amenity] = await loadAmenities(
    db,
    and(eq(amenities.id, amenityId), propertyScope(ctx.actor, sql`${amenities.propertyId}`)),
  );
  if (!amenity) throw notFound('Amenity');
  return amenity;
}

/** An amenity of an association the caller runs. */
export async function requireManagedAmenity(
  ctx: ServiceContext,
  db: Db,
  propertyId: string,
  amenityId: string,
) {
  const [amenity] = await loadAmenities(
    db,
    and(
      eq(amenities.id, amenityId),
      eq(amenities.propertyId, propertyId),
      propertyAdministration(ctx.actor, sql`${amenities.propertyId}`),
    ),
  );
  if (!amenity) throw notFound('Amenity');
  return amenity;
}

const hhmm = (time: string) => time.slice(0, 5);

export function rulesOf(amenity: LoadedAmenity): AmenityRules {
  return {
    name: amenity.name,
    timeZone: amenity.timeZone,
    capacityMode: amenity.capacityMode,
    capacity: amenity.capacity,
    slotMinutes: amenity.slotMinutes,
    minMinutes: amenity.minMinutes,
    maxMinutes: amenity.maxMinutes,
    leadMinutes: amenity.leadMinutes,
    advanceDays: amenity.advanceDays,
    hours: amenity.hours.map((item) => ({
      weekday: item.weekday,
      opens: hhmm(item.opens),
      closes: hhmm(item.closes),
    })),
  };
}

export const blackoutsOf = (amenity: LoadedAmenity): Blackout[] =>
  amenity.blackouts.map((item) => ({
    startsAt: Temporal.Instant.fromEpochMilliseconds(item.startsAt.getTime()),
    endsAt: Temporal.Instant.fromEpochMilliseconds(item.endsAt.getTime()),
    reason: item.reason,
  }));

export function amenityOf(amenity: LoadedAmenity): Amenity {
  return {
    id: amenity.id,
    propertyId: amenity.propertyId,
    propertyName: amenity.propertyName,
    name: amenity.name,
    kind: amenity.kind,
    description: amenity.description,
    timeZone: amenity.timeZone,
    capacityMode: amenity.capacityMode,
    capacity: amenity.capacity,
    slotMinutes: amenity.slotMinutes,
    minMinutes: amenity.minMinutes,
    maxMinutes: amenity.maxMinutes,
    leadMinutes: amenity.leadMinutes,
    advanceDays: amenity.advanceDays,
    holdMinutes: amenity.holdMinutes,
    approvalRequired: amenity.approvalRequired,
    feeCents: amenity.feeCents,
    depositCents: amenity.depositCents,
    cancelFreeUntilMinutes: amenity.cancelFreeUntilMinutes,
    lateCancelFeeCents: amenity.lateCancelFeeCents,
    eligibleKinds: amenity.eligibleKinds,
    blockDelinquent: amenity.blockDelinquent,
    active: amenity.active,
    hours: rulesOf(amenity).hours,
    limits: amenity.limits.map((item) => ({ per: item.per, period: item.period, max: item.max })),
    blackouts: amenity.blackouts
      .filter((item) => item.endsAt.getTime() > Date.now())
      .map((item) => ({
        id: item.id,
        startsAt: item.startsAt.toISOString(),
        endsAt: item.endsAt.toISOString(),
        reason: item.reason,
      })),
  };
}

// --- Managers -------------------------------------------------------------------------------------

async function requireRunProperty(ctx: ServiceContext, db: Db, propertyId: string) {
  const [property] = await db
    .select({ id: properties.id, timeZone: properties.timeZone, jurisdiction: properties.jurisdiction })
    .from(properties)
    .where(and(eq(properties.id, propertyId), propertyAdministration(ctx.actor, sql`${properties.id}`)));
  if (!property) throw notFound('Property');
  return property;
}

const refuse = (status: number, code: string, field: string, message: string) =>
  new AppError(status, code, message, { fields: { [field]: message } });

function isTimeZone(zone: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(zone);
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

/** What is wrong with an amenity's rules as a whole (the contract checks each field's form). */
function checkAmenityInput(
  input: AmenityInput,
  jurisdiction: JurisdictionId,
  provider: PaymentProviderClient | null,
): void {
  if (input.timeZone !== undefined && !isTimeZone(input.timeZone))
    throw refuse(
      422,
      'INVALID_TIME_ZONE',
      'timeZone',
      `${input.timeZone} is not an IANA time zone such as America/Chicago`,
    );
  if (input.capacityMode === 'exclusive' && input.capacity !== 1)
    throw refuse(
      422,
      'EXCLUSIVE_CAPACITY',
      'capacity',
      'An exclusive amenity is booked by one party at a time: its capacity is 1',
    );
  if (input.minMinutes > input.maxMinutes)
    throw refuse(422, 'MIN_OVER_MAX', 'minMinutes', 'The shortest booking cannot be longer than the longest');
  if (input.minMinutes < input.slotMinutes || input.minMinutes % input.slotMinutes !== 0)
    throw refuse(
      422,
      'MIN_NOT_SLOTS',
      'minMinutes',
      'The shortest booking is a whole number of slots (at least one)',
    );
  if (input.maxMinutes % input.slotMinutes !== 0)
    throw refuse(422, 'MAX_NOT_SLOTS', 'maxMinutes', 'The longest booking is a whole number of slots');
  const hours = hoursRefusal(input.hours);
  if (hours) throw refuse(hours.status, hours.code, hours.field ?? 'hours', hours.message);
  const limits = new Set(input.limits.map((limit) => `${limit.per}:${limit.period}`));
  if (limits.size !== input.limits.length)
    throw refuse(
      422,
      'LIMIT_TWICE',
      'limits',
      'Give each limit (per unit or person, per day, week or month) once',
    );
  if ((input.feeCents > 0 || input.depositCents > 0) && !provider)
    throw refuse(
      422,
      'NO_PAYMENT_PROVIDER',
      input.depositCents > 0 ? 'depositCents' : 'feeCents',
      'Online payments are not set up for this installation, so bookings cannot take a fee or deposit yet',
    );
  if (input.blockDelinquent) {
    const policy = amenityDelinquencyPolicies[jurisdiction];
    if (!policy.allowed) throw refuse(422, 'DELINQUENCY_RULE_UNKNOWN', 'blockDelinquent', policy.reason);
  }
}

function valuesOf(input: AmenityInput, timeZone: string) {
  return {
    name: input.name,
    kind: input.kind,
    description: input.description,
    timeZone,
    capacityMode: input.capacityMode,
    capacity: input.capacity,
    slotMinutes: input.slotMinutes,
    minMinutes: input.minMinutes,
    maxMinutes: input.maxMinutes,
    leadMinutes: input.leadMinutes,
    advanceDays: input.advanceDays,
    holdMinutes: input.holdMinutes,
    approvalRequired: input.approvalRequired,
    feeCents: input.feeCents,
    depositCents: input.depositCents,
    cancelFreeUntilMinutes: input.cancelFreeUntilMinutes,
    lateCancelFeeCents: input.lateCancelFeeCents,
    eligibleKinds: [...new Set(input.eligibleKinds)],
    blockDelinquent: input.blockDelinquent,
    active: input.active,
  };
}

async function writeRules(tx: Db, amenityId: string, input: AmenityInput) {
  await tx.delete(amenityHours).where(eq(amenityHours.amenityId, amenityId));
  await tx.delete(amenityLimits).where(eq(amenityLimits.amenityId, amenityId));
  await tx.insert(amenityHours).values(
    input.hours.map((item) => ({
      amenityId,
      weekday: item.weekday,
      opens: `${item.opens}:00`,
      closes: `${item.closes}:00`,
    })),
  );
  if (input.limits.length > 0)
    await tx.insert(amenityLimits).values(input.limits.map((limit) => ({ amenityId, ...limit })));
}

const nameTaken = (error: unknown) =>
  isUniqueViolation(error, 'amenities_property_name_key')
    ? refuse(409, 'NAME_TAKEN', 'name', 'This association already has an amenity of that name')
    : error;

export async function listPropertyAmenities(ctx: ServiceContext, propertyId: string) {
  await requireRunProperty(ctx, ctx.db, propertyId);
  const rows = await loadAmenities(ctx.db, and(eq(amenities.propertyId, propertyId)));
  return { amenities: rows.map(amenityOf) };
}

export async function getPropertyAmenity(ctx: ServiceContext, propertyId: string, amenityId: string) {
  return amenityOf(await requireManagedAmenity(ctx, ctx.db, propertyId, amenityId));
}

export async function createAmenity(
  ctx: ServiceContext,
  propertyId: string,
  input: AmenityInput,
  provider: PaymentProviderClient | null,
): Promise<Amenity> {
  const property = await requireRunProperty(ctx, ctx.db, propertyId);
  checkAmenityInput(input, property.jurisdiction, provider);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(amenities)
        .values({
          propertyId,
          ...valuesOf(input, input.timeZone ?? property.timeZone),
          createdBy: ctx.actor.id,
        })
        .returning({ id: amenities.id });
      await writeRules(tx, made!.id, input);
      return made!.id;
    });
    return getPropertyAmenity(ctx, propertyId, id);
  } catch (error) {
    throw nameTaken(error);
  }
}

/**
 * A new version of an amenity's rules. Bookings made already keep their times, fee and cancellation terms;
 * a shared amenity's booked slots keep at least the people already in them.
 */
export async function updateAmenity(
  ctx: ServiceContext,
  propertyId: string,
  amenityId: string,
  input: AmenityInput,
  provider: PaymentProviderClient | null,
): Promise<Amenity> {
  const amenity = await requireManagedAmenity(ctx, ctx.db, propertyId, amenityId);
  checkAmenityInput(input, amenity.jurisdiction, provider);
  if (input.capacityMode !== amenity.capacityMode)
    throw refuse(
      409,
      'CAPACITY_MODE_FIXED',
      'capacityMode',
      'An amenity stays exclusive or shared once made: make a new amenity for the other kind of use',
    );
  try {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(amenities)
        .set({ ...valuesOf(input, input.timeZone ?? amenity.timeZone), updatedAt: new Date() })
        .where(eq(amenities.id, amenityId));
      await writeRules(tx, amenityId, input);
      if (amenity.capacityMode === 'shared')
        await tx
          .update(amenitySlotUsage)
          .set({ capacity: sql`greatest(${input.capacity}, ${amenitySlotUsage.taken})` })
          .where(and(eq(amenitySlotUsage.amenityId, amenityId), gt(amenitySlotUsage.slotStart, sql`now()`)));
    });
  } catch (error) {
    throw nameTaken(error);
  }
  return getPropertyAmenity(ctx, propertyId, amenityId);
}

/** A closure's times, on the amenity's clock; 422 when they are not times or end before they start. */
export function closureTimes(
  amenity: LoadedAmenity,
  input: Pick<BlackoutInput, 'startsLocal' | 'endsLocal'>,
) {
  const start = zonedOrRefusal(input.startsLocal, amenity.timeZone, 'startsLocal');
  if (isRefusal(start)) throw refuse(start.status, start.code, 'startsLocal', start.message);
  const end = zonedOrRefusal(input.endsLocal, amenity.timeZone, 'endsLocal');
  if (isRefusal(end)) throw refuse(end.status, end.code, 'endsLocal', end.message);
  if (Temporal.ZonedDateTime.compare(end, start) <= 0)
    throw refuse(422, 'ENDS_BEFORE_START', 'endsLocal', 'A closure ends after it starts');
  return { startsAt: new Date(start.epochMilliseconds), endsAt: new Date(end.epochMilliseconds) };
}

export async function removeBlackout(
  ctx: ServiceContext,
  propertyId: string,
  amenityId: string,
  blackoutId: string,
): Promise<Amenity> {
  await requireManagedAmenity(ctx, ctx.db, propertyId, amenityId);
  const removed = await ctx.db
    .delete(amenityBlackouts)
    .where(and(eq(amenityBlackouts.id, blackoutId), eq(amenityBlackouts.amenityId, amenityId)))
    .returning({ id: amenityBlackouts.id });
  if (removed.length === 0) throw notFound('Closure');
  return getPropertyAmenity(ctx, propertyId, amenityId);
}
