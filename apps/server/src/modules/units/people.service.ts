import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { OccupantKind, PropertyPerson, peopleQuerySchema } from '@commonwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { currentBetween } from '../access/memberships.ts';
import { boardScope, propertyAdministration } from '../access/scope.ts';
import { rowsOf } from '../realtime/publish.ts';
import { containing } from '../../lib/paging.ts';

type PeopleQuery = z.output<typeof peopleQuerySchema>;

/**
 * Who may see a property's people (owners and occupants across its units): the people who run it and
 * its board (modules/access/scope.ts); admins every property.
 */
function peopleScope(ctx: ServiceContext, propertyId: SQL): SQL | undefined {
  const administration = propertyAdministration(ctx.actor, propertyId);
  if (administration === undefined) return undefined;
  return or(administration, boardScope(ctx.actor, propertyId));
}

/** The property, if the caller may see its people; 404 otherwise (as for a property that does not exist). */
export async function requirePeopleAccess(db: Db, ctx: ServiceContext, propertyId: string): Promise<void> {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), peopleScope(ctx, sql`${properties.id}`)));
  if (!row) throw notFound('Property');
}

/**
 * Every ownership and occupancy of the property's units, one row each. Current ones only (of units not
 * archived) unless history is asked for.
 *
 * Each unit's ownerships and occupancies are looked up by unit (lateral, `offset 0` keeping the planner
 * from flattening it into a join): for a 440-unit association the planner otherwise hashed every
 * ownership and occupancy of the portfolio, and every profile, to keep about a thousand (issue 19:
 * 130 ms → 9 ms).
 */
function membershipsOf(propertyId: string, includePast: boolean): SQL {
  const unitFilter = includePast ? sql`` : sql`and u.archived_at is null`;
  const rows = sql`
    select o.user_id, u.id as unit_id, u.label as unit_label, 'owner' as relation, o.id as membership_id,
      null::text as occupant_kind, o.is_primary, o.share_bp, o.starts_on::text as starts_on,
      o.ends_on::text as ends_on, (${currentBetween(sql`o.starts_on`, sql`o.ends_on`)}) as is_current
    from units u cross join lateral (select * from unit_ownerships o where o.unit_id = u.id offset 0) o
    where u.property_id = ${propertyId} ${unitFilter}
    union all
    select oc.user_id, u.id, u.label, 'occupant', oc.id, oc.kind, false, null::int,
      oc.moved_in_on::text, oc.moved_out_on::text,
      (${currentBetween(sql`oc.moved_in_on`, sql`oc.moved_out_on`)})
    from units u cross join lateral (select * from unit_occupancies oc where oc.unit_id = u.id offset 0) oc
    where u.property_id = ${propertyId} ${unitFilter}`;
  return includePast ? rows : sql`select * from (${rows}) as every_membership where is_current`;
}

/**
 * The owners and occupants of a property with their units, for its managers, board and admins:
 * searched by name, e-mail or unit label, one page of people at a time (by name).
 */
export async function listPeople(ctx: ServiceContext, propertyId: string, query: PeopleQuery) {
  await requirePeopleAccess(ctx.db, ctx, propertyId);
  const memberships = membershipsOf(propertyId, query.includePast === 'true');
  const search = query.q
    ? sql`and (p.full_name ilike ${containing(query.q)} or p.email ilike ${containing(query.q)}
        or m.unit_label ilike ${containing(query.q)})`
    : sql``;
  const matching = sql`select distinct p.id, p.full_name, p.email
    from (${memberships}) as m
    cross join lateral (select p.id, p.full_name, p.email from profiles p where p.id = m.user_id offset 0) as p
    where true ${search}`;
  // The page and the total in one pass over the association's memberships (issue 19: counting them
  // apart doubled the time); only a page past the end, which has no row to carry it, counts again.
  const page = rowsOf<{ id: string; full_name: string; email: string; total: number }>(
    await ctx.db.execute(
      sql`select people.*, (count(*) over ())::int as total from (${matching}) as people
        order by people.full_name, people.id limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    ),
  );
  const [counted] = page.length
    ? page
    : rowsOf<{ total: number }>(
        await ctx.db.execute(sql`select count(*)::int as total from (${matching}) as people`),
      );
  const ids = page.map((person) => person.id);
  const units = ids.length
    ? rowsOf<Record<string, unknown>>(
        await ctx.db.execute(sql`select * from (${memberships}) as m
          where m.user_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
          order by m.is_current desc, length(m.unit_label), lower(m.unit_label), m.relation desc, m.starts_on desc nulls last`),
      )
    : [];
  const people: PropertyPerson[] = page.map((person) => ({
    userId: person.id,
    fullName: person.full_name,
    email: person.email,
    units: units
      .filter((row) => row.user_id === person.id)
      .map((row) => ({
        unitId: String(row.unit_id),
        unitLabel: String(row.unit_label),
        relation: row.relation as 'owner' | 'occupant',
        membershipId: String(row.membership_id),
        occupantKind: (row.occupant_kind as OccupantKind | null) ?? null,
        isPrimary: row.is_primary === true,
        shareBp: row.share_bp === null ? null : Number(row.share_bp),
        startsOn: (row.starts_on as string | null) ?? null,
        endsOn: (row.ends_on as string | null) ?? null,
        isCurrent: row.is_current === true,
      })),
  }));
  return { people, total: counted?.total ?? 0, page: query.page, limit: query.limit };
}
