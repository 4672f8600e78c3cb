import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { JurisdictionId } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { arcRequests, properties } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { ownsUnit, type Person } from '../access/memberships.ts';
import { arcScope, propertyAdministration } from '../access/scope.ts';

/**
 * Who sees what of architectural review (issue 22), in one place: the association's reviewers (its
 * managers, its board and the members of its architectural review committee serving today, through
 * scope.ts `arcScope`) see its project types and requests; its managers and admins keep the project
 * types (`propertyAdministration`); an owner sees the requests of the units they own today, whoever
 * made them, and nothing of a unit they no longer own. Anything else answers 404, like a missing row.
 */

export type ArcProperty = {
  id: string;
  name: string;
  timeZone: string;
  jurisdiction: JurisdictionId;
  /** Today in the association's time zone. */
  today: string;
};

async function propertyWhere(db: Db, propertyId: string, condition: SQL | undefined): Promise<ArcProperty> {
  const [row] = await db
    .select({
      id: properties.id,
      name: properties.name,
      timeZone: properties.timeZone,
      jurisdiction: properties.jurisdiction,
      today: sql<string>`to_char(now() at time zone ${properties.timeZone}, 'YYYY-MM-DD')`,
    })
    .from(properties)
    .where(and(eq(properties.id, propertyId), condition));
  if (!row) throw notFound('Association');
  return row;
}

/** The association, if the person reviews its architectural requests. */
export const requireArcReader = (db: Db, person: Person, propertyId: string) =>
  propertyWhere(db, propertyId, arcScope(person, sql`${properties.id}`));

/** The association, if the person keeps its project types (its managers, admins). */
export const requireArcKeeper = (db: Db, person: Person, propertyId: string) =>
  propertyWhere(db, propertyId, propertyAdministration(person, sql`${properties.id}`));

/** The association itself, for a caller already found to be allowed (an owner of one of its units). */
export const propertyOf = (db: Db, propertyId: string) => propertyWhere(db, propertyId, undefined);

/** The requests the person reviews (undefined: every one, for admins). */
export const reviewedBy = (person: Person): SQL | undefined =>
  arcScope(person, sql`${arcRequests.propertyId}`);

/** The requests of the units the person owns today. */
export const ownedBy = (person: Person): SQL => ownsUnit(person.id, sql`${arcRequests.unitId}`);
