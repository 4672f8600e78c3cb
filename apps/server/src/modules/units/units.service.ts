import { containing, offsetOf } from '../../lib/paging.ts';
import { and, asc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  unitInputSchema,
  type OccupantKind,
  type Unit,
  type UnitInput,
  type unitListQuerySchema,
} from '@commonwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isAnyOf } from '../../db/schema/sql.ts';
import { profiles, unitOccupancies, unitOwnerships, units } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { notFound } from '../../lib/errors.ts';
import { currentBetween } from '../access/memberships.ts';
import { unitScope } from '../access/scope.ts';
import { getProperty } from '../properties/properties.service.ts';
import {
  checkLabelFree,
  checkUnitShares,
  duplicateLabel,
  lockAdministeredProperty,
  syncUnitCount,
  unitOfProperty,
} from './unit-writes.ts';

type UnitRow = typeof units.$inferSelect;
type UnitListQuery = z.output<typeof unitListQuerySchema>;

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */

const ownershipIsCurrent = currentBetween(sql`${unitOwnerships.startsOn}`, sql`${unitOwnerships.endsOn}`);
const occupancyIsCurrent = currentBetween(
  sql`${unitOccupancies.movedInOn}`,
  sql`${unitOccupancies.movedOutOn}`,
);

/** The units' current owners and occupants, by unit, for lists. */
async function peopleOfUnits(db: Db, unitIds: string[]) {
  const owners = new Map<string, Unit['owners']>();
  const occupants = new Map<string, Unit['occupants']>();
  if (unitIds.length === 0) return { owners, occupants };
  const ownerRows = await db
    .select({ unitId: unitOwnerships.unitId, userId: profiles.id, fullName: profiles.fullName })
    .from(unitOwnerships)
    .innerJoin(profiles, eq(profiles.id, unitOwnerships.userId))
    .where(and(isAnyOf(unitOwnerships.unitId, unitIds), ownershipIsCurrent))
    .orderBy(sql`${unitOwnerships.isPrimary} desc`, asc(profiles.fullName));
  for (const { unitId, ...person } of ownerRows) owners.set(unitId, [...(owners.get(unitId) ?? []), person]);
  const occupantRows = await db
    .select({
      unitId: unitOccupancies.unitId,
      userId: profiles.id,
      fullName: profiles.fullName,
      kind: unitOccupancies.kind,
    })
    .from(unitOccupancies)
    .innerJoin(profiles, eq(profiles.id, unitOccupancies.userId))
    .where(and(isAnyOf(unitOccupancies.unitId, unitIds), occupancyIsCurrent))
    .orderBy(asc(profiles.fullName));
  for (const { unitId, ...person } of occupantRows)
    occupants.set(unitId, [
      ...(occupants.get(unitId) ?? []),
      { ...person, kind: person.kind as OccupantKind },
    ]);
  return { owners, occupants };
}

async function toUnits(db: Db, rows: UnitRow[]): Promise<Unit[]> {
  const { owners, occupants } = await peopleOfUnits(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    propertyId: row.propertyId,
    label: row.label,
    address: row.address,
    building: row.building,
    floor: row.floor,
    kind: row.kind,
    shareBp: row.shareBp,
    voteWeight: row.voteWeight,
    status: row.status,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    owners: owners.get(row.id) ?? [],
    occupants: occupants.get(row.id) ?? [],
  }));
}

/** The caller's view of units: all of a property they run or whose board they sit on, else their own. */
const visibleUnits = (ctx: ServiceContext) =>
  unitScope(ctx.actor, { id: sql`${units.id}`, propertyId: sql`${units.propertyId}` });

/**
 * A property's units the caller may see (404 for a property they may not read), searched by label,
 * address, building and current owners' and occupants' names; labels in the order people expect
 * (2 before 10).
 */
export async function listUnits(ctx: ServiceContext, propertyId: string, query: UnitListQuery) {
  const conditions: (SQL | undefined)[] = [
    eq(units.propertyId, propertyId),
    query.archived === 'true' ? isNotNull(units.archivedAt) : isNull(units.archivedAt),
    visibleUnits(ctx),
  ];
  if (query.q) {
    const pattern = containing(query.q);
    conditions.push(
      or(
        ilike(units.label, pattern),
        ilike(units.address, pattern),
        ilike(units.building, pattern),
        sql`exists (select 1 from ${unitOwnerships} join ${profiles} on ${profiles.id} = ${unitOwnerships.userId}
          where ${unitOwnerships.unitId} = ${units.id} and ${ownershipIsCurrent} and ${profiles.fullName} ilike ${pattern})`,
        sql`exists (select 1 from ${unitOccupancies} join ${profiles} on ${profiles.id} = ${unitOccupancies.userId}
          where ${unitOccupancies.unitId} = ${units.id} and ${occupancyIsCurrent} and ${profiles.fullName} ilike ${pattern})`,
      ),
    );
  }
  const where = and(...conditions);
  // The page and the total in one statement; only a page past the end, with no row to carry the
  // total, counts again. Read beside the property's check (404 for one the caller may not read): the
  // page is scoped to the caller's units itself, and is dropped if the check fails.
  const [, page] = await Promise.all([
    getProperty(ctx, propertyId),
    ctx.db
      .select({ unit: units, total: sql<number>`(count(*) over ())::int` })
      .from(units)
      .where(where)
      .orderBy(sql`length(${units.label})`, sql`lower(${units.label})`, units.id)
      .limit(query.limit)
      .offset(offsetOf(query)),
  ]);
  const [counted] = page.length
    ? page
    : await ctx.db
        .select({ total: sql<number>`count(*)::int` })
        .from(units)
        .where(where);
  return {
    units: await toUnits(
      ctx.db,
      page.map((row) => row.unit),
    ),
    total: counted?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** One unit the caller may see, or 404. */
export async function getUnit(ctx: ServiceContext, propertyId: string, unitId: string): Promise<Unit> {
  const [row] = await ctx.db
    .select()
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.propertyId, propertyId), visibleUnits(ctx)));
  if (!row) throw notFound('Unit');
  return (await toUnits(ctx.db, [row]))[0]!;
}

/** Runs a unit write in one transaction; a label taken at the same moment is still a clear 409. */
async function writing<T>(ctx: ServiceContext, propertyId: string, write: (db: Db) => Promise<T>) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const db = tx;
      await lockAdministeredProperty(db, ctx, propertyId);
      const result = await write(db);
      await checkUnitShares(db, propertyId);
      await syncUnitCount(db, propertyId);
      return result;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'units_property_label_key')) throw duplicateLabel();
    throw error;
  }
}

export async function createUnit(ctx: ServiceContext, propertyId: string, input: UnitInput): Promise<Unit> {
  const values = unitInputSchema.parse(input);
  const id = await writing(ctx, propertyId, async (db) => {
    await checkLabelFree(db, propertyId, values.label);
    const [row] = await db
      .insert(units)
      .values({ ...values, propertyId })
      .returning({ id: units.id });
    return row!.id;
  });
  return getUnit(ctx, propertyId, id);
}

/** Changes every field of the unit form. An archived unit can be edited too (its history stays right). */
export async function updateUnit(
  ctx: ServiceContext,
  propertyId: string,
  unitId: string,
  input: UnitInput,
): Promise<Unit> {
  const values = unitInputSchema.parse(input);
  await writing(ctx, propertyId, async (db) => {
    const unit = await unitOfProperty(db, propertyId, unitId);
    if (!unit.archivedAt) await checkLabelFree(db, propertyId, values.label, unitId);
    await db
      .update(units)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(units.id, unitId));
  });
  return getUnit(ctx, propertyId, unitId);
}

/**
 * Archives a unit (or brings it back): it leaves the lists and the property's count, keeps its owners,
 * occupants and history. Doing it twice is harmless. Bringing one back needs its label to be free.
 */
export async function setUnitArchived(
  ctx: ServiceContext,
  propertyId: string,
  unitId: string,
  archived: boolean,
): Promise<Unit> {
  await writing(ctx, propertyId, async (db) => {
    const unit = await unitOfProperty(db, propertyId, unitId);
    if (Boolean(unit.archivedAt) === archived) return;
    if (!archived) await checkLabelFree(db, propertyId, unit.label, unitId);
    await db
      .update(units)
      .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
      .where(eq(units.id, unitId));
  });
  return getUnit(ctx, propertyId, unitId);
}
