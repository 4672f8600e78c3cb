import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type {
  AddedResident,
  AddResident,
  AssignManager,
  PageQuery,
  PropertyManager,
  PropertyManagerList,
  PropertyResident,
  PropertyResidentList,
  Role,
} from '@commonwise/contracts';
import { firstPage, offsetOf } from '../../lib/paging.ts';
import type { Db } from '../../db/client.ts';
import { profiles, propertyManagers, unitOccupancies, unitOwnerships, units } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { getProperty } from './properties.service.ts';
import { publishAll, signalAccessChanged } from '../realtime/publish.ts';
import { leavePropertyRooms } from '../work-rooms/room-notices.ts';
import { endOccupancy, insertOccupancy } from '../units/occupancies.service.ts';
import { currentBetween } from '../access/memberships.ts';
import { currentHomes } from '../access/homes.ts';
import { requirePeopleAccess } from '../units/people.service.ts';
import { fieldError, lockAdministeredProperty, todayOf } from '../units/unit-writes.ts';

const managerColumns = {
  id: propertyManagers.id,
  userId: propertyManagers.userId,
  fullName: profiles.fullName,
  email: profiles.email,
  isPrimary: propertyManagers.isPrimary,
  assignedAt: propertyManagers.assignedAt,
};

const toManager = (row: { assignedAt: Date } & Omit<PropertyManager, 'assignedAt'>): PropertyManager => ({
  ...row,
  assignedAt: row.assignedAt.toISOString(),
});

/** Managers of a property the caller may see (404 otherwise), primary first. */
export async function listManagers(
  ctx: ServiceContext,
  propertyId: string,
  query: PageQuery = firstPage,
): Promise<PropertyManagerList> {
  await getProperty(ctx, propertyId);
  const where = eq(propertyManagers.propertyId, propertyId);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select(managerColumns)
      .from(propertyManagers)
      .innerJoin(profiles, eq(profiles.id, propertyManagers.userId))
      .where(where)
      .orderBy(desc(propertyManagers.isPrimary), asc(profiles.fullName), asc(propertyManagers.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(propertyManagers).where(where),
  ]);
  return { managers: rows.map(toManager), total: counted?.total ?? 0, ...query };
}

type Person = typeof profiles.$inferSelect;

/**
 * Why a person cannot be assigned with `role`, or null when they can: they must exist, be active
 * and hold the role. Shared by single assignments and onboarding, so both refuse alike.
 */
export function findAssignmentProblem(
  person: Pick<Person, 'fullName' | 'banned' | 'role'> | undefined,
  role: Role,
  roleName: string,
): { code: 'UNKNOWN_USER' | 'USER_DEACTIVATED' | 'WRONG_ROLE'; message: string } | null {
  if (!person) return { code: 'UNKNOWN_USER', message: 'That user does not exist.' };
  if (person.banned)
    return {
      code: 'USER_DEACTIVATED',
      message: `${person.fullName} is deactivated: reactivate them before adding them to a property.`,
    };
  if (person.role !== role)
    return {
      code: 'WRONG_ROLE',
      message: `${person.fullName} is not a ${roleName}: only users with the ${roleName} role can be added here.`,
    };
  return null;
}

/** The person to assign, who must exist and hold the role the assignment needs. */
async function requirePersonWithRole(db: Db, userId: string, role: Role, roleName: string) {
  const [person] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const problem = findAssignmentProblem(person, role, roleName);
  if (problem)
    throw new AppError(400, problem.code, problem.message, { fields: { userId: problem.message } });
  return person!;
}

export async function assignManager(
  ctx: ServiceContext,
  propertyId: string,
  input: AssignManager,
): Promise<PropertyManager> {
  await getProperty(ctx, propertyId);
  const person = await requirePersonWithRole(ctx.db, input.userId, 'manager', 'manager');
  try {
    // In a transaction of its own, so the audit trail records who assigned them.
    const [row] = await ctx.db.transaction((tx) =>
      tx
        .insert(propertyManagers)
        .values({
          propertyId,
          userId: person.id,
          assignedBy: ctx.actor.id,
          isPrimary: input.isPrimary ?? false,
        })
        .returning(),
    );
    return toManager({ ...row!, fullName: person.fullName, email: person.email });
  } catch (error) {
    if (isUniqueViolation(error, 'property_managers_property_user_key')) {
      throw new AppError(
        409,
        'ALREADY_ASSIGNED',
        `${person.fullName} is already a manager of this property.`,
      );
    }
    if (isUniqueViolation(error, 'property_managers_one_primary_key')) {
      throw new AppError(
        409,
        'PRIMARY_EXISTS',
        'This property already has a primary manager. Assign this manager without the primary choice, then use "Make primary".',
      );
    }
    throw error;
  }
}

/** Makes one manager the primary one; the previous primary stops being primary, in one step. */
export async function makePrimaryManager(ctx: ServiceContext, propertyId: string, assignmentId: string) {
  await getProperty(ctx, propertyId);
  return ctx.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: propertyManagers.id })
      .from(propertyManagers)
      .where(and(eq(propertyManagers.id, assignmentId), eq(propertyManagers.propertyId, propertyId)))
      .for('update');
    if (!target) throw notFound('Manager assignment');
    await tx
      .update(propertyManagers)
      .set({ isPrimary: false })
      .where(and(eq(propertyManagers.propertyId, propertyId), eq(propertyManagers.isPrimary, true)));
    await tx.update(propertyManagers).set({ isPrimary: true }).where(eq(propertyManagers.id, assignmentId));
    const [row] = await tx
      .select(managerColumns)
      .from(propertyManagers)
      .innerJoin(profiles, eq(profiles.id, propertyManagers.userId))
      .where(eq(propertyManagers.id, assignmentId));
    return toManager(row!);
  });
}

/**
 * Removes a manager assignment of a property the caller may see; 404 when it is not
 * there. The person's reason to be in the property's work rooms ends with it (work-order-access.ts):
 * they leave the rooms they were in, with a notice to the others, and their open subscriptions are
 * checked again at once — all in the one transaction.
 */
async function removeAssignment(
  ctx: ServiceContext,
  table: typeof propertyManagers,
  propertyId: string,
  assignmentId: string,
  what: string,
): Promise<void> {
  await getProperty(ctx, propertyId);
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(table)
      .where(and(eq(table.id, assignmentId), eq(table.propertyId, propertyId)))
      .returning({ userId: table.userId });
    if (!removed) throw notFound(what);
    await publishAll(tx, await leavePropertyRooms(tx, propertyId, removed.userId));
    await signalAccessChanged(tx, [removed.userId]);
  });
}

export async function removeManager(ctx: ServiceContext, propertyId: string, assignmentId: string) {
  await removeAssignment(ctx, propertyManagers, propertyId, assignmentId, 'Manager assignment');
}

/*
 * The property page's residents card (SPEC), on occupancies since issue 17: a resident is a current
 * occupant of one of the property's units; adding one with a unit number places them in the unit with
 * that label; removing one records their move-out today (the occupancy stays, as history).
 */

const residentColumns = {
  id: unitOccupancies.id,
  userId: unitOccupancies.userId,
  fullName: profiles.fullName,
  email: profiles.email,
  unitNumber: units.label,
  moveInDate: unitOccupancies.movedInOn,
};

const toResident = (row: Omit<PropertyResident, 'status'>): PropertyResident => ({
  ...row,
  status: 'active',
});

const occupiesNow = currentBetween(sql`${unitOccupancies.movedInOn}`, sql`${unitOccupancies.movedOutOn}`);

function selectResidents(db: Db) {
  return db
    .select(residentColumns)
    .from(unitOccupancies)
    .innerJoin(units, eq(units.id, unitOccupancies.unitId))
    .innerJoin(profiles, eq(profiles.id, unitOccupancies.userId));
}

/** The current occupants of the property's units, for its managers, board and admins (404 otherwise). */
export async function listResidents(
  ctx: ServiceContext,
  propertyId: string,
  query: PageQuery = firstPage,
): Promise<PropertyResidentList> {
  await requirePeopleAccess(ctx.db, ctx, propertyId);
  const where = and(eq(units.propertyId, propertyId), isNull(units.archivedAt), occupiesNow);
  const [rows, [counted]] = await Promise.all([
    selectResidents(ctx.db)
      .where(where)
      // Units sort as people expect: 2 before 10.
      .orderBy(
        sql`length(${units.label})`,
        sql`lower(${units.label})`,
        asc(profiles.fullName),
        asc(unitOccupancies.id),
      )
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db
      .select({ total: count() })
      .from(unitOccupancies)
      .innerJoin(units, eq(units.id, unitOccupancies.unitId))
      .where(where),
  ]);
  return { residents: rows.map(toResident), total: counted?.total ?? 0, ...query };
}

/**
 * Places a user with the resident role in the unit labelled `unitNumber`, from today. An unknown label is
 * refused, naming the field: a typo must not make a unit (docs/decisions/0024). How they live there is
 * not asked on this card: an owner of the unit becomes its owner-occupant, anyone else an occupant whose
 * relationship is not recorded yet, for the manager to set in the People section.
 */
export async function addResident(
  ctx: ServiceContext,
  propertyId: string,
  input: AddResident,
): Promise<AddedResident> {
  return ctx.db.transaction(async (tx) => {
    const db = tx;
    await lockAdministeredProperty(db, ctx, propertyId);
    const person = await requirePersonWithRole(db, input.userId, 'resident', 'resident');
    const label = input.unitNumber.trim();
    const [already] = await selectResidents(db).where(
      and(eq(units.propertyId, propertyId), eq(unitOccupancies.userId, person.id), occupiesNow),
    );
    if (already)
      throw new AppError(
        409,
        'ALREADY_ASSIGNED',
        `${person.fullName} is already a resident of this property.`,
      );
    const [unit] = await db
      .select({ id: units.id })
      .from(units)
      .where(
        and(
          eq(units.propertyId, propertyId),
          isNull(units.archivedAt),
          sql`lower(${units.label}) = lower(${label})`,
        ),
      );
    if (!unit)
      throw fieldError(
        400,
        'UNKNOWN_UNIT',
        'unitNumber',
        `This property has no unit "${label}". Check the unit number, or add the unit on the Units tab first.`,
      );
    const today = await todayOf(db);
    const [owner] = await db
      .select({ id: unitOwnerships.id })
      .from(unitOwnerships)
      .where(
        and(
          eq(unitOwnerships.unitId, unit.id),
          eq(unitOwnerships.userId, person.id),
          sql`${unitOwnerships.startsOn} <= ${today}`,
          sql`(${unitOwnerships.endsOn} is null or ${unitOwnerships.endsOn} > ${today})`,
        ),
      );
    const occupancy = await insertOccupancy(db, unit.id, {
      userId: person.id,
      kind: owner ? 'owner_occupant' : 'unrecorded',
      movedInOn: today,
      movedOutOn: null,
    });
    // Their homes elsewhere stay theirs; the admin is told of them (issue 26).
    const otherHomes = (await currentHomes(db, person.id))
      .filter((home) => home.propertyId !== propertyId)
      .map((home) => ({ propertyName: home.propertyName, unitNumber: home.unitLabel }));
    return {
      ...toResident({
        id: occupancy.id,
        userId: person.id,
        fullName: person.fullName,
        email: person.email,
        unitNumber: occupancy.unitLabel,
        moveInDate: occupancy.movedInOn,
      }),
      otherHomes,
    };
  });
}

/** Records the resident's move-out today; the occupancy stays as history. 404 for one not current. */
export async function removeResident(ctx: ServiceContext, propertyId: string, assignmentId: string) {
  await ctx.db.transaction(async (tx) => {
    const db = tx;
    await lockAdministeredProperty(db, ctx, propertyId);
    const [occupancy] = await db
      .select({ unitId: unitOccupancies.unitId, movedInOn: unitOccupancies.movedInOn })
      .from(unitOccupancies)
      .innerJoin(units, eq(units.id, unitOccupancies.unitId))
      .where(and(eq(unitOccupancies.id, assignmentId), eq(units.propertyId, propertyId), occupiesNow));
    if (!occupancy) throw notFound('Resident assignment');
    const today = await todayOf(db);
    await endOccupancy(db, ctx, { propertyId, unitId: occupancy.unitId, occupancyId: assignmentId }, today);
  });
}
