import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { wholeShare, type Role } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { profiles, properties, units } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { propertyAdministration, propertyScope } from '../access/scope.ts';
import { publishAll, signalAccessChanged } from '../realtime/publish.ts';
import { leavePropertyRooms } from '../work-rooms/room-notices.ts';

/**
 * What every write to a property's units, owners and occupants shares: the caller must administer the
 * property (404 otherwise), the property row is locked for the transaction so that two writes of the
 * same association cannot both pass the label, share and count checks, and those checks.
 */

/** A 4xx that names the field a person must correct. */
export const fieldError = (status: number, code: string, field: string, message: string) =>
  new AppError(status, code, message, { fields: { [field]: message } });

/** Locks the property the caller administers, or answers 404 (also for one they may only read). */
export async function lockAdministeredProperty(
  db: Db,
  ctx: ServiceContext,
  propertyId: string,
): Promise<void> {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), propertyAdministration(ctx.actor, sql`${properties.id}`)))
    .for('update');
  if (!row) throw notFound('Property');
}

/** A unit of the property (archived or not), or 404. */
export async function unitOfProperty(db: Db, propertyId: string, unitId: string) {
  const [row] = await db
    .select()
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.propertyId, propertyId)));
  if (!row) throw notFound('Unit');
  return row;
}

/** Refuses a label another non-archived unit of the property has (compared without case). */
export async function checkLabelFree(db: Db, propertyId: string, label: string, exceptUnitId?: string) {
  const [taken] = await db
    .select({ label: units.label })
    .from(units)
    .where(
      and(
        eq(units.propertyId, propertyId),
        isNull(units.archivedAt),
        sql`lower(${units.label}) = lower(${label})`,
        exceptUnitId ? ne(units.id, exceptUnitId) : undefined,
      ),
    );
  if (taken) throw duplicateLabel(taken.label);
}

/** The label already in use (or, when a concurrent write took it, no label: the index refused it). */
export const duplicateLabel = (label?: string) =>
  fieldError(
    409,
    'DUPLICATE_LABEL',
    'label',
    label
      ? `This property already has a unit labelled "${label}".`
      : 'This property already has a unit with that label.',
  );

/**
 * The association's shares (docs/decisions/0024): a unit without a share pays an equal part of what the
 * units with one leave. So while some units have none, those with one must leave something (under
 * 10,000); once every unit has one, they must add up to exactly 10,000. Checked after the write, in its
 * transaction, so a refused write changes nothing.
 */
export async function checkUnitShares(db: Db, propertyId: string): Promise<void> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      withShare: sql<number>`count(${units.shareBp})::int`,
      total: sql<number>`coalesce(sum(${units.shareBp}), 0)::int`,
    })
    .from(units)
    .where(and(eq(units.propertyId, propertyId), isNull(units.archivedAt)));
  const { count, withShare, total } = row!;
  if (count === 0 || withShare === 0) return;
  if (withShare === count && total !== wholeShare)
    throw fieldError(
      409,
      'SHARES_DO_NOT_ADD_UP',
      'shareBp',
      `Every unit would have a share, so the shares must add up to 10,000 basis points (100%); they would add up to ${total.toLocaleString('en-US')}. Leave a unit's share empty while you adjust the others.`,
    );
  if (withShare < count && total >= wholeShare)
    throw fieldError(
      409,
      'SHARES_DO_NOT_ADD_UP',
      'shareBp',
      `Units with a share would take ${total.toLocaleString('en-US')} basis points, leaving nothing for the ${count - withShare} without one: shares must add up to 10,000 (100%).`,
    );
}

/** `properties.units` is the number of the property's units that are not archived (at least 1). */
export async function syncUnitCount(db: Db, propertyId: string): Promise<void> {
  await db
    .update(properties)
    .set({
      units: sql`greatest(1, (select count(*)::int from ${units}
        where ${units.propertyId} = ${propertyId} and ${units.archivedAt} is null))`,
    })
    .where(eq(properties.id, propertyId));
}

/** The person to place in a unit, who must exist (400 naming userId otherwise). */
export async function requirePerson(db: Db, userId: string) {
  const [person] = await db.select().from(profiles).where(eq(profiles.id, userId));
  if (!person) throw fieldError(400, 'UNKNOWN_USER', 'userId', 'That person does not exist.');
  return person;
}

/**
 * After someone's ownership or occupancy ended: their access may have gone (memberships are read afresh
 * on every query), so their open sockets are checked again; if they can no longer read the property at
 * all, they leave its work rooms as a removed resident did (docs/decisions/0017).
 */
export async function afterMembershipEnded(db: Db, propertyId: string, userId: string): Promise<void> {
  const [person] = await db
    .select({ id: profiles.id, role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!person) return;
  const scope = propertyScope({ id: person.id, role: person.role as Role }, sql`${properties.id}`);
  const [stillReads] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), scope));
  if (!stillReads) await publishAll(db, await leavePropertyRooms(db, propertyId, userId));
  await signalAccessChanged(db, [userId]);
}

/** Periods [start, end) overlap; a null end is open. Dates are YYYY-MM-DD, so they compare as text. */
export function overlaps(
  a: { start: string | null; end: string | null },
  b: { start: string | null; end: string | null },
): boolean {
  const startsBeforeEnd = (start: string | null, end: string | null) =>
    end === null || start === null || start < end;
  return startsBeforeEnd(a.start, b.end) && startsBeforeEnd(b.start, a.end);
}

/** Today in the database's calendar, as YYYY-MM-DD (the day memberships are judged by). */
export async function todayOf(db: Db): Promise<string> {
  const [row] = await db.select({ today: sql<string>`current_date::text` }).from(sql`(select 1) as one`);
  return row!.today;
}
