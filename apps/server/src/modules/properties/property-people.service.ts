import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type {
  AddResident,
  AssignManager,
  PropertyManager,
  PropertyResident,
  Role,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { profiles, propertyManagers, propertyResidents } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { getProperty } from './properties.service.ts';
import { publishAll, signalAccessChanged } from '../realtime/publish.ts';
import { leavePropertyRooms } from '../work-rooms/room-notices.ts';

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
export async function listManagers(ctx: ServiceContext, propertyId: string): Promise<PropertyManager[]> {
  await getProperty(ctx, propertyId);
  const rows = await ctx.db
    .select(managerColumns)
    .from(propertyManagers)
    .innerJoin(profiles, eq(profiles.id, propertyManagers.userId))
    .where(eq(propertyManagers.propertyId, propertyId))
    .orderBy(desc(propertyManagers.isPrimary), asc(profiles.fullName));
  return rows.map(toManager);
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
    const [row] = await ctx.db
      .insert(propertyManagers)
      .values({
        propertyId,
        userId: person.id,
        assignedBy: ctx.actor.id,
        isPrimary: input.isPrimary ?? false,
      })
      .returning();
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
 * Removes an assignment (manager or resident) of a property the caller may see; 404 when it is not
 * there. The person's reason to be in the property's work rooms ends with it (work-order-access.ts):
 * they leave the rooms they were in, with a notice to the others, and their open subscriptions are
 * checked again at once — all in the one transaction.
 */
async function removeAssignment(
  ctx: ServiceContext,
  table: typeof propertyManagers | typeof propertyResidents,
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

const residentColumns = {
  id: propertyResidents.id,
  userId: propertyResidents.userId,
  fullName: profiles.fullName,
  email: profiles.email,
  unitNumber: propertyResidents.unitNumber,
  moveInDate: propertyResidents.moveInDate,
  status: propertyResidents.status,
};

type ResidentRow = Omit<PropertyResident, 'status'> & { status: string };
const toResident = (row: ResidentRow): PropertyResident => ({
  ...row,
  status: row.status as PropertyResident['status'],
});

export async function listResidents(ctx: ServiceContext, propertyId: string): Promise<PropertyResident[]> {
  await getProperty(ctx, propertyId);
  const rows = await ctx.db
    .select(residentColumns)
    .from(propertyResidents)
    .innerJoin(profiles, eq(profiles.id, propertyResidents.userId))
    .where(eq(propertyResidents.propertyId, propertyId))
    // Units sort as people expect: 2 before 10.
    .orderBy(sql`length(${propertyResidents.unitNumber})`, asc(propertyResidents.unitNumber));
  return rows.map(toResident);
}

export async function addResident(
  ctx: ServiceContext,
  propertyId: string,
  input: AddResident,
): Promise<PropertyResident> {
  await getProperty(ctx, propertyId);
  const person = await requirePersonWithRole(ctx.db, input.userId, 'resident', 'resident');
  try {
    const [row] = await ctx.db
      .insert(propertyResidents)
      .values({ propertyId, userId: person.id, unitNumber: input.unitNumber.trim() })
      .returning();
    return toResident({ ...row!, fullName: person.fullName, email: person.email });
  } catch (error) {
    if (isUniqueViolation(error, 'property_residents_property_user_key')) {
      throw new AppError(
        409,
        'ALREADY_ASSIGNED',
        `${person.fullName} is already a resident of this property.`,
      );
    }
    throw error;
  }
}

export async function removeResident(ctx: ServiceContext, propertyId: string, assignmentId: string) {
  await removeAssignment(ctx, propertyResidents, propertyId, assignmentId, 'Resident assignment');
}
