import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  occupancyInputSchema,
  type Occupancy,
  type OccupancyInput,
  type OccupancyUpdate,
  type OccupantKind,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { profiles, properties, unitOccupancies, unitOwnerships, units } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import {
  afterMembershipEnded,
  fieldError,
  lockAdministeredProperty,
  overlaps,
  requirePerson,
  todayOf,
  unitOfProperty,
} from './unit-writes.ts';
import { getUnit } from './units.service.ts';

const occupancyColumns = {
  id: unitOccupancies.id,
  unitId: unitOccupancies.unitId,
  unitLabel: units.label,
  propertyId: units.propertyId,
  propertyName: properties.name,
  userId: unitOccupancies.userId,
  fullName: profiles.fullName,
  email: profiles.email,
  kind: unitOccupancies.kind,
  movedInOn: unitOccupancies.movedInOn,
  movedOutOn: unitOccupancies.movedOutOn,
};

function selectOccupancies(db: Db) {
  return db
    .select(occupancyColumns)
    .from(unitOccupancies)
    .innerJoin(units, eq(units.id, unitOccupancies.unitId))
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .innerJoin(profiles, eq(profiles.id, unitOccupancies.userId));
}

const toOccupancy = (row: Omit<Occupancy, 'kind'> & { kind: string }): Occupancy => ({
  ...row,
  kind: row.kind as OccupantKind,
});

/** Who lives and lived in a unit, for someone who may see the unit (404 otherwise): current first. */
export async function listOccupancies(
  ctx: ServiceContext,
  propertyId: string,
  unitId: string,
): Promise<Occupancy[]> {
  await getUnit(ctx, propertyId, unitId);
  const rows = await selectOccupancies(ctx.db)
    .where(eq(unitOccupancies.unitId, unitId))
    .orderBy(
      sql`(${unitOccupancies.movedOutOn} is null or ${unitOccupancies.movedOutOn} > current_date) desc`,
      desc(unitOccupancies.movedInOn),
      profiles.fullName,
    );
  return rows.map(toOccupancy);
}

export async function occupancyById(db: Db, id: string): Promise<Occupancy> {
  const [row] = await selectOccupancies(db).where(eq(unitOccupancies.id, id));
  return toOccupancy(row!);
}

type Candidate = {
  id?: string;
  userId: string;
  kind: OccupantKind;
  movedInOn: string | null;
  movedOutOn: string | null;
};

/**
 * A person lives in a unit once at a time; an owner-occupant owns the unit when they move in (or today,
 * without a move-in date).
 */
export async function checkOccupancyRules(db: Db, unitId: string, candidate: Candidate): Promise<void> {
  const others = await db
    .select({
      fullName: profiles.fullName,
      movedInOn: unitOccupancies.movedInOn,
      movedOutOn: unitOccupancies.movedOutOn,
    })
    .from(unitOccupancies)
    .innerJoin(profiles, eq(profiles.id, unitOccupancies.userId))
    .where(
      and(
        eq(unitOccupancies.unitId, unitId),
        eq(unitOccupancies.userId, candidate.userId),
        candidate.id ? ne(unitOccupancies.id, candidate.id) : undefined,
      ),
    );
  const period = { start: candidate.movedInOn, end: candidate.movedOutOn };
  const again = others.find((other) => overlaps(period, { start: other.movedInOn, end: other.movedOutOn }));
  if (again)
    throw fieldError(
      409,
      'ALREADY_OCCUPANT',
      'userId',
      `${again.fullName} already lives in this unit for part of that period.`,
    );
  if (candidate.kind !== 'owner_occupant') return;
  const on = candidate.movedInOn ?? (await todayOf(db));
  const [owns] = await db
    .select({ id: unitOwnerships.id })
    .from(unitOwnerships)
    .where(
      and(
        eq(unitOwnerships.unitId, unitId),
        eq(unitOwnerships.userId, candidate.userId),
        sql`${unitOwnerships.startsOn} <= ${on}`,
        sql`(${unitOwnerships.endsOn} is null or ${unitOwnerships.endsOn} > ${on})`,
      ),
    );
  if (!owns)
    throw fieldError(
      409,
      'NOT_AN_OWNER',
      'kind',
      `An owner-occupant must own the unit, and this person does not own it on ${on}. Record their ownership first, or choose tenant or family member.`,
    );
}

/** Inserts an occupancy of a unit whose property is locked and checked by the caller. */
export async function insertOccupancy(db: Db, unitId: string, values: Candidate): Promise<Occupancy> {
  await requirePerson(db, values.userId);
  await checkOccupancyRules(db, unitId, values);
  const [row] = await db
    .insert(unitOccupancies)
    .values({ ...values, unitId })
    .returning({ id: unitOccupancies.id });
  return occupancyById(db, row!.id);
}

export async function addOccupancy(
  ctx: ServiceContext,
  propertyId: string,
  unitId: string,
  input: OccupancyInput,
): Promise<Occupancy> {
  const values = occupancyInputSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    const db = tx;
    await lockAdministeredProperty(db, ctx, propertyId);
    await unitOfProperty(db, propertyId, unitId);
    return insertOccupancy(db, unitId, values);
  });
}

async function occupancyToChange(
  db: Db,
  ctx: ServiceContext,
  ids: { propertyId: string; unitId: string; occupancyId: string },
) {
  await lockAdministeredProperty(db, ctx, ids.propertyId);
  await unitOfProperty(db, ids.propertyId, ids.unitId);
  const [row] = await db
    .select()
    .from(unitOccupancies)
    .where(and(eq(unitOccupancies.id, ids.occupancyId), eq(unitOccupancies.unitId, ids.unitId)));
  if (!row) throw notFound('Occupancy');
  return { ...row, kind: row.kind as OccupantKind };
}

/**
 * Records a move-out on a day (from which they no longer live there). The row stays; moving out today
 * takes the access living there gave away today.
 */
export async function endOccupancy(
  db: Db,
  ctx: ServiceContext,
  ids: { propertyId: string; unitId: string; occupancyId: string },
  on: string,
): Promise<Occupancy> {
  const row = await occupancyToChange(db, ctx, ids);
  const today = await todayOf(db);
  if (row.movedOutOn !== null && row.movedOutOn <= today)
    throw fieldError(409, 'ALREADY_ENDED', 'on', `This occupant already moved out on ${row.movedOutOn}.`);
  if (row.movedInOn !== null && on < row.movedInOn)
    throw fieldError(
      400,
      'ENDS_BEFORE_START',
      'on',
      `A move-out cannot come before the move-in (${row.movedInOn}).`,
    );
  await checkOccupancyRules(db, ids.unitId, { ...row, movedOutOn: on });
  await db.update(unitOccupancies).set({ movedOutOn: on }).where(eq(unitOccupancies.id, row.id));
  if (on <= today) await afterMembershipEnded(db, ids.propertyId, row.userId);
  return occupancyById(db, row.id);
}

export async function moveOut(
  ctx: ServiceContext,
  ids: { propertyId: string; unitId: string; occupancyId: string },
  on: string,
): Promise<Occupancy> {
  return ctx.db.transaction(async (tx) => endOccupancy(tx, ctx, ids, on));
}

/** Records how the person lives there (e.g. for an occupant carried over as 'unrecorded'). */
export async function updateOccupancy(
  ctx: ServiceContext,
  ids: { propertyId: string; unitId: string; occupancyId: string },
  changes: OccupancyUpdate,
): Promise<Occupancy> {
  return ctx.db.transaction(async (tx) => {
    const db = tx;
    const row = await occupancyToChange(db, ctx, ids);
    await checkOccupancyRules(db, ids.unitId, { ...row, kind: changes.kind });
    await db.update(unitOccupancies).set({ kind: changes.kind }).where(eq(unitOccupancies.id, row.id));
    return occupancyById(db, row.id);
  });
}
