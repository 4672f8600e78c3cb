import { sql, type SQL } from 'drizzle-orm';
import type { OccupantKind } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../realtime/publish.ts';

/** A unit a person lives in or owns today. */
export type Home = {
  unitId: string;
  unitLabel: string;
  propertyId: string;
  propertyName: string;
  /** How they live there, or null for a unit they own but do not live in (a landlord's). */
  occupantKind: OccupantKind | null;
  isOwner: boolean;
  /** Since when: the move-in (or, for an owner who does not live there, the ownership's start). */
  since: string | null;
};

/**
 * Every unit a person has a current record at, with how (the same current-today rule as
 * memberships.ts) and the keys currentHomes orders by. A subquery, so that one statement can ask it about
 * a person named by a column (a work order's resident) as well as by a value.
 */
function homesOf(personId: SQL) {
  return sql`
    select u.id as unit_id, u.label as unit_label, p.id as property_id, p.name as property_name,
      oc.kind as occupant_kind, oc.moved_in_on::text as moved_in_on, uo.starts_on::text as owned_since,
      (uo.id is not null) as is_owner,
      (oc.kind is null) as only_owns, coalesce(oc.moved_in_on, uo.starts_on) as since
    from units u
    join properties p on p.id = u.property_id
    left join lateral (select kind, moved_in_on from unit_occupancies o
      where o.unit_id = u.id and o.user_id = ${personId}
        and (o.moved_in_on is null or o.moved_in_on <= current_date)
        and (o.moved_out_on is null or o.moved_out_on > current_date)
      order by o.moved_in_on nulls first limit 1) oc on true
    left join lateral (select id, starts_on from unit_ownerships w
      where w.unit_id = u.id and w.user_id = ${personId}
        and w.starts_on <= current_date and (w.ends_on is null or w.ends_on > current_date)
      order by w.starts_on limit 1) uo on true
    where u.archived_at is null and (oc.kind is not null or uo.id is not null)
      -- Only units the person has any record at: without this, every unit of every association was
      -- looked at (issue 19). It leaves the answer as it was: a current record is a record.
      and u.id = any(array(select o.unit_id from unit_occupancies o where o.user_id = ${personId}
        union all select w.unit_id from unit_ownerships w where w.user_id = ${personId}))`;
}

/** The units they live in first (oldest move-in first), then those they only own. */
const homesOrder = sql`order by h.only_owns, h.since nulls first, h.unit_label`;

/**
 * The units a person lives in or owns today, the ones they live in first (oldest move-in first), then
 * those they only own. What "where does this resident live" means for the assistant and the resident
 * pages; the same current-today rule as memberships.ts.
 */
export async function currentHomes(db: Db, personId: string): Promise<Home[]> {
  const result = await db.execute(sql`select h.* from (${homesOf(sql`${personId}`)}) h ${homesOrder}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    unitId: String(row.unit_id),
    unitLabel: String(row.unit_label),
    propertyId: String(row.property_id),
    propertyName: String(row.property_name),
    occupantKind: (row.occupant_kind as OccupantKind | null) ?? null,
    isOwner: row.is_owner === true,
    since: (row.moved_in_on as string | null) ?? (row.owned_since as string | null) ?? null,
  }));
}

/**
 * The labels of the units a person lives in or owns today at one association, in currentHomes' order:
 * an array expression, for a statement that reads them beside other things.
 */
export function currentHomeLabelsAt(personId: SQL, propertyId: SQL): SQL<string[]> {
  return sql<string[]>`array(select h.unit_label from (${homesOf(personId)}) h
    where h.property_id = ${propertyId} ${homesOrder})`;
}
