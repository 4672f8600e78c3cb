import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  ownershipInputSchema,
  wholeShare,
  type Ownership,
  type OwnershipInput,
  type OwnershipUpdate,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { profiles, properties, unitOwnerships, units } from '../../db/schema/index.ts';
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
import { endAutopayOfOwner } from '../finance/autopay.service.ts';
import { getUnit } from './units.service.ts';

const ownershipColumns = {
  id: unitOwnerships.id,
  unitId: unitOwnerships.unitId,
  unitLabel: units.label,
  propertyId: units.propertyId,
  propertyName: properties.name,
  userId: unitOwnerships.userId,
  fullName: profiles.fullName,
  email: profiles.email,
  startsOn: unitOwnerships.startsOn,
  endsOn: unitOwnerships.endsOn,
  isPrimary: unitOwnerships.isPrimary,
  shareBp: unitOwnerships.shareBp,
};

function selectOwnerships(db: Db) {
  return db
    .select(ownershipColumns)
    .from(unitOwnerships)
    .innerJoin(units, eq(units.id, unitOwnerships.unitId))
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .innerJoin(profiles, eq(profiles.id, unitOwnerships.userId));
}

/** A unit's owners, past and present, for someone who may see the unit (404 otherwise): current first. */
export async function listOwnerships(
  ctx: ServiceContext,
  propertyId: string,
  unitId: string,
): Promise<Ownership[]> {
  await getUnit(ctx, propertyId, unitId);
  return selectOwnerships(ctx.db)
    .where(eq(unitOwnerships.unitId, unitId))
    .orderBy(
      sql`(${unitOwnerships.endsOn} is null or ${unitOwnerships.endsOn} > current_date) desc`,
      desc(unitOwnerships.startsOn),
      profiles.fullName,
    );
}

async function ownershipById(db: Db, id: string): Promise<Ownership> {
  const [row] = await selectOwnerships(db).where(eq(unitOwnerships.id, id));
  return row!;
}

type Candidate = {
  id?: string;
  userId: string;
  startsOn: string;
  endsOn: string | null;
  isPrimary: boolean;
  shareBp: number | null;
};

/**
 * The rules between a unit's ownerships, checked against the others whose periods overlap: a person owns
 * a unit once at a time; one primary contact at a time; the owners' shares of the unit at most 10,000.
 */
export async function checkOwnershipRules(db: Db, unitId: string, candidate: Candidate): Promise<void> {
  const others = await db
    .select({
      userId: unitOwnerships.userId,
      fullName: profiles.fullName,
      startsOn: unitOwnerships.startsOn,
      endsOn: unitOwnerships.endsOn,
      isPrimary: unitOwnerships.isPrimary,
      shareBp: unitOwnerships.shareBp,
    })
    .from(unitOwnerships)
    .innerJoin(profiles, eq(profiles.id, unitOwnerships.userId))
    .where(
      and(eq(unitOwnerships.unitId, unitId), candidate.id ? ne(unitOwnerships.id, candidate.id) : undefined),
    );
  const period = { start: candidate.startsOn, end: candidate.endsOn };
  const overlapping = others.filter((other) =>
    overlaps(period, { start: other.startsOn, end: other.endsOn }),
  );
  const again = overlapping.find((other) => other.userId === candidate.userId);
  if (again)
    throw fieldError(
      409,
      'ALREADY_OWNER',
      'userId',
      `${again.fullName} already owns this unit for part of that period.`,
    );
  const primary = candidate.isPrimary && overlapping.find((other) => other.isPrimary);
  if (primary)
    throw fieldError(
      409,
      'PRIMARY_CONTACT_OVERLAPS',
      'isPrimary',
      `${primary.fullName} is already the primary contact of this unit for part of that period. A unit has one primary contact at a time.`,
    );
  const total = overlapping.reduce((sum, other) => sum + (other.shareBp ?? 0), candidate.shareBp ?? 0);
  if (candidate.shareBp !== null && total > wholeShare)
    throw fieldError(
      409,
      'OWNER_SHARES_OVER_WHOLE',
      'shareBp',
      `The owners' shares of this unit would add up to ${total.toLocaleString('en-US')} basis points; together they can own at most 10,000 (100%).`,
    );
}

export async function addOwnership(
  ctx: ServiceContext,
  propertyId: string,
  unitId: string,
  input: OwnershipInput,
): Promise<Ownership> {
  const values = ownershipInputSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    const db = tx;
    await lockAdministeredProperty(db, ctx, propertyId);
    await unitOfProperty(db, propertyId, unitId);
    await requirePerson(db, values.userId);
    await checkOwnershipRules(db, unitId, values);
    const [row] = await db
      .insert(unitOwnerships)
      .values({ ...values, unitId })
      .returning({ id: unitOwnerships.id });
    return ownershipById(db, row!.id);
  });
}

/** An ownership of this unit of this property the caller administers, locked; 404 otherwise. */
async function ownershipToChange(
  db: Db,
  ctx: ServiceContext,
  ids: { propertyId: string; unitId: string; ownershipId: string },
) {
  await lockAdministeredProperty(db, ctx, ids.propertyId);
  await unitOfProperty(db, ids.propertyId, ids.unitId);
  const [row] = await db
    .select()
    .from(unitOwnerships)
    .where(and(eq(unitOwnerships.id, ids.ownershipId), eq(unitOwnerships.unitId, ids.unitId)));
  if (!row) throw notFound('Ownership');
  return row;
}

/**
 * Ends an ownership on a day (a sale's closing day: the buyer's first). The row stays, with its dates;
 * ending it today takes the owner's access away today.
 */
export async function endOwnership(
  ctx: ServiceContext,
  ids: { propertyId: string; unitId: string; ownershipId: string },
  on: string,
): Promise<Ownership> {
  return ctx.db.transaction(async (tx) => {
    const db = tx;
    const row = await ownershipToChange(db, ctx, ids);
    const today = await todayOf(db);
    if (row.endsOn !== null && row.endsOn <= today)
      throw fieldError(409, 'ALREADY_ENDED', 'on', `This ownership already ended on ${row.endsOn}.`);
    if (on < row.startsOn)
      throw fieldError(
        400,
        'ENDS_BEFORE_START',
        'on',
        `An ownership cannot end before it starts (this one starts on ${row.startsOn}).`,
      );
    await checkOwnershipRules(db, ids.unitId, { ...row, endsOn: on });
    await db.update(unitOwnerships).set({ endsOn: on }).where(eq(unitOwnerships.id, row.id));
    if (on <= today) {
      await afterMembershipEnded(db, ids.propertyId, row.userId);
      // Their autopay for the unit ends with it (a later end is caught by the nightly autopay run).
      await endAutopayOfOwner(db, ids.unitId, row.userId, on);
    }
    return ownershipById(db, row.id);
  });
}

/** Makes an owner the primary contact (or not), or changes their share of the unit. */
export async function updateOwnership(
  ctx: ServiceContext,
  ids: { propertyId: string; unitId: string; ownershipId: string },
  changes: OwnershipUpdate,
): Promise<Ownership> {
  return ctx.db.transaction(async (tx) => {
    const db = tx;
    const row = await ownershipToChange(db, ctx, ids);
    const next = {
      isPrimary: changes.isPrimary ?? row.isPrimary,
      shareBp: changes.shareBp === undefined ? row.shareBp : changes.shareBp,
    };
    await checkOwnershipRules(db, ids.unitId, { ...row, ...next });
    await db.update(unitOwnerships).set(next).where(eq(unitOwnerships.id, row.id));
    return ownershipById(db, row.id);
  });
}
