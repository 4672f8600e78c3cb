import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PersonProfile, Role } from '@commonwise/contracts';
import {
  committeeMembers,
  committees,
  profiles,
  properties,
  propertyManagers,
  unitOccupancies,
  unitOwnerships,
  units,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { propertyAdministration } from '../access/scope.ts';

/**
 * A person's profile (issue 17): their units and memberships across associations, current and past.
 * What the caller sees of it is what concerns the properties they administer (scope.ts
 * `propertyAdministration`): an admin everything, a manager their own properties' part; and anyone
 * their own profile. A person who has nothing in the caller's properties is "not found", like one who
 * does not exist, so a manager cannot learn who exists elsewhere.
 */

const currentSql = (first: unknown, end: unknown) =>
  sql<boolean>`((${first} is null or ${first} <= current_date) and (${end} is null or ${end} > current_date))`;

export async function getPersonProfile(ctx: ServiceContext, userId: string): Promise<PersonProfile> {
  const isSelf = userId === ctx.actor.id;
  // The caller's reach: every association for admins and for a person reading their own profile.
  const within = (propertyId: unknown) =>
    isSelf ? undefined : propertyAdministration(ctx.actor, sql`${propertyId}`);

  const [person] = await ctx.db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      role: profiles.role,
      banned: profiles.banned,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!person) throw notFound('Person');

  const [ownerships, occupancies, managedProperties, committeeSeats] = await Promise.all([
    ctx.db
      .select({
        id: unitOwnerships.id,
        unitId: units.id,
        unitLabel: units.label,
        propertyId: properties.id,
        propertyName: properties.name,
        userId: unitOwnerships.userId,
        fullName: profiles.fullName,
        email: profiles.email,
        startsOn: unitOwnerships.startsOn,
        endsOn: unitOwnerships.endsOn,
        isPrimary: unitOwnerships.isPrimary,
        shareBp: unitOwnerships.shareBp,
        isCurrent: currentSql(unitOwnerships.startsOn, unitOwnerships.endsOn),
      })
      .from(unitOwnerships)
      .innerJoin(units, eq(units.id, unitOwnerships.unitId))
      .innerJoin(properties, eq(properties.id, units.propertyId))
      .innerJoin(profiles, eq(profiles.id, unitOwnerships.userId))
      .where(and(eq(unitOwnerships.userId, userId), within(properties.id)))
      .orderBy(
        desc(currentSql(unitOwnerships.startsOn, unitOwnerships.endsOn)),
        desc(unitOwnerships.startsOn),
        asc(properties.name),
      ),
    ctx.db
      .select({
        id: unitOccupancies.id,
        unitId: units.id,
        unitLabel: units.label,
        propertyId: properties.id,
        propertyName: properties.name,
        userId: unitOccupancies.userId,
        fullName: profiles.fullName,
        email: profiles.email,
        kind: unitOccupancies.kind,
        movedInOn: unitOccupancies.movedInOn,
        movedOutOn: unitOccupancies.movedOutOn,
        isCurrent: currentSql(unitOccupancies.movedInOn, unitOccupancies.movedOutOn),
      })
      .from(unitOccupancies)
      .innerJoin(units, eq(units.id, unitOccupancies.unitId))
      .innerJoin(properties, eq(properties.id, units.propertyId))
      .innerJoin(profiles, eq(profiles.id, unitOccupancies.userId))
      .where(and(eq(unitOccupancies.userId, userId), within(properties.id)))
      .orderBy(
        desc(currentSql(unitOccupancies.movedInOn, unitOccupancies.movedOutOn)),
        sql`${unitOccupancies.movedInOn} desc nulls last`,
        asc(properties.name),
      ),
    ctx.db
      .select({
        id: propertyManagers.id,
        propertyId: properties.id,
        propertyName: properties.name,
        isPrimary: propertyManagers.isPrimary,
        assignedAt: propertyManagers.assignedAt,
      })
      .from(propertyManagers)
      .innerJoin(properties, eq(properties.id, propertyManagers.propertyId))
      .where(and(eq(propertyManagers.userId, userId), within(properties.id)))
      .orderBy(asc(properties.name)),
    ctx.db
      .select({
        id: committeeMembers.id,
        committeeId: committees.id,
        committeeName: committees.name,
        committeeKind: committees.kind,
        propertyId: properties.id,
        propertyName: properties.name,
        role: committeeMembers.role,
        startsOn: committeeMembers.startsOn,
        endsOn: committeeMembers.endsOn,
        isCurrent: currentSql(committeeMembers.startsOn, committeeMembers.endsOn),
      })
      .from(committeeMembers)
      .innerJoin(committees, eq(committees.id, committeeMembers.committeeId))
      .innerJoin(properties, eq(properties.id, committees.propertyId))
      .where(and(eq(committeeMembers.userId, userId), within(properties.id)))
      .orderBy(
        desc(currentSql(committeeMembers.startsOn, committeeMembers.endsOn)),
        desc(committeeMembers.startsOn),
        asc(properties.name),
      ),
  ]);

  const seesEverything = isSelf || propertyAdministration(ctx.actor, sql`null`) === undefined;
  const concernsCaller =
    ownerships.length + occupancies.length + managedProperties.length + committeeSeats.length > 0;
  if (!seesEverything && !concernsCaller) throw notFound('Person');

  return {
    person: {
      id: person.id,
      fullName: person.fullName,
      email: person.email,
      role: person.role as Role,
      isDeactivated: person.banned,
    },
    ownerships,
    occupancies,
    managedProperties: managedProperties.map((row) => ({
      ...row,
      assignedAt: row.assignedAt.toISOString(),
    })),
    committeeSeats,
  };
}
