import { sql, type SQL } from 'drizzle-orm';
import type { CommitteeKind, Role } from '@commonwise/contracts';

/**
 * A person's standing in an association, as SQL conditions (issue 17; docs/access.md). This is the one
 * place that says what "manages", "sits on the board", "owns" and "lives in" mean; every service scopes
 * its queries with these (through scope.ts), never by a hand-written join of its own.
 *
 * Each is checked afresh on every query, against the database's today: an ownership that ended
 * yesterday, a board term that ended, a manager removed from a property — the access it gave ends for
 * HTTP, realtime and files at the same moment, because they all ask here.
 *
 * A term, an ownership or an occupancy runs from its first day up to, not including, its end day: a sale
 * that closes on the 1st ends the seller's ownership on the 1st and starts the buyer's, with no day on
 * which both own; ending something today takes its access away today.
 */

export type Person = { id: string; role: Role };

/**
 * A person's id, or a column holding one: given a column, a condition's subquery is correlated to it and
 * runs per row (who of an association's people an announcement reaches, say), as an EXISTS would.
 */
export type PersonRef = string | SQL;

/** Rows current today, given their first day and end day columns (null: from always / until further notice). */
export const currentBetween = (first: SQL, end: SQL) =>
  sql`(${first} is null or ${first} <= current_date) and (${end} is null or ${end} > current_date)`;

/**
 * `column` is one of the ids the subquery lists. The subquery depends on the person alone, so
 * PostgreSQL runs it once per statement (an InitPlan) and can look the column up in its index —
 * where a correlated EXISTS ran once for every row considered (issue 19: at 250,000 work orders
 * that was most of a list's time). The `is not null` keeps the answer false, never null, for a
 * null column, as EXISTS gave.
 */
const isAmong = (column: SQL, ids: SQL): SQL =>
  sql`(${column} is not null and ${column} = any(array(${ids})))`;

/** The person is one of the developer's people on the project (issue 25). */
export const developsProject = (personId: string, projectId: SQL): SQL =>
  isAmong(projectId, sql`select m.project_id from project_members m where m.user_id = ${personId}`);

/** The person is on the developer's team of a project building the property (issue 25). */
export const developsProperty = (personId: string, propertyId: SQL): SQL =>
  isAmong(
    propertyId,
    sql`select d.property_id from development_projects d join project_members m on m.project_id = d.id
      where m.user_id = ${personId}`,
  );

/** The person manages the property now. */
export const managesProperty = (personId: string, propertyId: SQL): SQL =>
  isAmong(propertyId, sql`select pm.property_id from property_managers pm where pm.user_id = ${personId}`);

/** The person sits on the property's board today. */
export const sitsOnBoard = (personId: PersonRef, propertyId: SQL): SQL =>
  isAmong(
    propertyId,
    sql`select c.property_id from committee_members cm join committees c on c.id = cm.committee_id
      where c.kind = 'board' and cm.user_id = ${personId}
        and ${currentBetween(sql`cm.starts_on`, sql`cm.ends_on`)}`,
  );

/** The person sits on this committee today. */
export const sitsOnCommittee = (personId: string, committeeId: SQL): SQL =>
  isAmong(
    committeeId,
    sql`select cm.committee_id from committee_members cm
      where cm.user_id = ${personId} and ${currentBetween(sql`cm.starts_on`, sql`cm.ends_on`)}`,
  );

/** The person sits today on a committee of this kind of the property (its architectural review, say). */
export const sitsOnCommitteeOfKind = (personId: string, propertyId: SQL, kind: CommitteeKind): SQL =>
  isAmong(
    propertyId,
    sql`select c.property_id from committee_members cm join committees c on c.id = cm.committee_id
      where c.kind = ${kind} and cm.user_id = ${personId}
        and ${currentBetween(sql`cm.starts_on`, sql`cm.ends_on`)}`,
  );

/** The person sits on any board or committee of the property today. */
export const servesAssociation = (personId: PersonRef, propertyId: SQL): SQL =>
  isAmong(
    propertyId,
    sql`select c.property_id from committee_members cm join committees c on c.id = cm.committee_id
      where cm.user_id = ${personId} and ${currentBetween(sql`cm.starts_on`, sql`cm.ends_on`)}`,
  );

/** The units the person owns today. */
const ownedUnits = (personId: PersonRef) =>
  sql`select uo.unit_id from unit_ownerships uo
    where uo.user_id = ${personId} and ${currentBetween(sql`uo.starts_on`, sql`uo.ends_on`)}`;

/** The units the person lives in today. */
const homeUnits = (personId: PersonRef) =>
  sql`select oc.unit_id from unit_occupancies oc
    where oc.user_id = ${personId} and ${currentBetween(sql`oc.moved_in_on`, sql`oc.moved_out_on`)}`;

/** The person owns the unit today. */
export const ownsUnit = (personId: PersonRef, unitId: SQL): SQL => isAmong(unitId, ownedUnits(personId));

/** The person lives in the unit today. */
export const livesInUnit = (personId: PersonRef, unitId: SQL): SQL => isAmong(unitId, homeUnits(personId));

/** The person owns or lives in the unit today. */
export const hasUnit = (personId: PersonRef, unitId: SQL): SQL =>
  sql`(${ownsUnit(personId, unitId)} or ${livesInUnit(personId, unitId)})`;

/** The person owns or lives in a unit of the property today: a member of the association. */
export const belongsToAssociation = (personId: PersonRef, propertyId: SQL): SQL =>
  isAmong(
    propertyId,
    sql`select u.property_id from units u where u.archived_at is null
      and u.id = any(array(${ownedUnits(personId)} union all ${homeUnits(personId)}))`,
  );

/** The person owns a unit of the property today (owners vote, and some committees require owners). */
export const ownsInAssociation = (personId: PersonRef, propertyId: SQL): SQL =>
  isAmong(
    propertyId,
    sql`select u.property_id from units u where u.archived_at is null
      and u.id = any(array(${ownedUnits(personId)}))`,
  );

/**
 * The person owns a unit of the property on `day` (a date): whether they may take a seat whose term
 * starts then, on a committee that requires owners.
 */
export const ownsInAssociationOn = (personId: string, propertyId: SQL, day: string): SQL =>
  isAmong(
    propertyId,
    sql`select u.property_id from units u join unit_ownerships uo on uo.unit_id = u.id
      where u.archived_at is null and uo.user_id = ${personId}
        and uo.starts_on <= ${day}::date and (uo.ends_on is null or uo.ends_on > ${day}::date)`,
  );

/**
 * The person is one of the vendor company's people now (issue 24): a `vendor_people` row not removed.
 * A person belongs to one company at a time.
 */
export const worksForVendor = (personId: string, companyId: SQL): SQL =>
  isAmong(
    companyId,
    sql`select vp.company_id from vendor_people vp where vp.user_id = ${personId} and vp.removed_at is null`,
  );

/** The person manages some property now: one of the management company's managers at work. */
export const managesAnyProperty = (personId: string): SQL =>
  sql`exists (select 1 from property_managers pm where pm.user_id = ${personId})`;

/** The company serves an association whose board the person sits on today. */
export const servesBoardOf = (personId: string, companyId: SQL): SQL =>
  isAmong(
    companyId,
    sql`select vsa.company_id from vendor_service_areas vsa
      where ${sitsOnBoard(personId, sql`vsa.property_id`)}`,
  );
