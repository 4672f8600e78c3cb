import { sql, type SQL } from 'drizzle-orm';
import {
  announcementAudienceLabels,
  type AnnouncementAudience,
  type AnnouncementAudienceKind,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { inAnnouncementAudience, type AudienceRef } from '../access/scope.ts';
import { rowsOf } from '../realtime/publish.ts';

/**
 * An announcement's audience as people (issue 23 item 1). `inAnnouncementAudience` (access/scope.ts) is
 * the rule; this module applies it to the association's people — at publication, to deliver, and in the
 * composer, to say how many it would reach — so delivery and reading can never disagree.
 */

/** A saved announcement's audience, from its row `a`. */
/** The aliases the queries give the announcements table (never anything a caller types). */
type AnnouncementAlias = 'announcement' | 'announcements' | 'reminded';

export const audienceOfRow = (alias: AnnouncementAlias): AudienceRef => ({
  propertyId: sql.raw(`${alias}.property_id`),
  audience: sql.raw(`${alias}.audience`),
  buildings: sql.raw(`${alias}.audience_buildings`),
  unitIds: sql.raw(`(select au.unit_id from announcement_units au where au.announcement_id = ${alias}.id)`),
});

/** An audience not saved yet (the composer's count). */
export function audienceOfValues(propertyId: string, audience: AnnouncementAudience): AudienceRef {
  const buildings = audience.kind === 'buildings' ? audience.buildings : [];
  const unitIds = audience.kind === 'units' ? audience.unitIds : [];
  return {
    propertyId: sql`${propertyId}::uuid`,
    audience: sql`${audience.kind}::text`,
    buildings: sql`array(select jsonb_array_elements_text(${JSON.stringify(buildings)}::jsonb))`,
    unitIds: sql`(select jsonb_array_elements_text(${JSON.stringify(unitIds)}::jsonb)::uuid)`,
  };
}

/**
 * Everyone who could be in one of the association's audiences: its owners and occupants (past ones too:
 * the rule decides who is current) and the members of its board and committees. Active accounts only.
 */
const candidatesOf = (propertyId: SQL) => sql`(
  select uo.user_id from unit_ownerships uo join units u on u.id = uo.unit_id where u.property_id = ${propertyId}
  union
  select oc.user_id from unit_occupancies oc join units u on u.id = oc.unit_id where u.property_id = ${propertyId}
  union
  select cm.user_id from committee_members cm join committees c on c.id = cm.committee_id
    where c.property_id = ${propertyId}
)`;

/** The people an audience reaches today, as a query of `user_id`s. */
export function audienceMembersSql(ref: AudienceRef): SQL {
  // Aliases no membership condition uses, since the person is a column of the outer query here.
  return sql`select audience_candidate.user_id from ${candidatesOf(ref.propertyId)} audience_candidate
    join profiles audience_profile on audience_profile.id = audience_candidate.user_id
      and not audience_profile.banned
    where ${inAnnouncementAudience(sql`audience_candidate.user_id`, ref)}`;
}

/** How many people an audience reaches today. */
export async function countAudience(db: Db, ref: AudienceRef): Promise<number> {
  const [row] = rowsOf<{ people: number }>(
    await db.execute(sql`select count(*)::int as people from (${audienceMembersSql(ref)}) m`),
  );
  return row?.people ?? 0;
}

/** The audience in words: "Building 3", "Units 7A, 14B and 3 more", "Owners only". */
export function audienceLabel(
  kind: AnnouncementAudienceKind,
  buildings: readonly string[],
  unitLabels: readonly string[],
): string {
  const some = (names: readonly string[]) =>
    names.length <= 6 ? names.join(', ') : `${names.slice(0, 5).join(', ')} and ${names.length - 5} more`;
  if (kind === 'buildings') return some(buildings);
  if (kind === 'units') return `${unitLabels.length === 1 ? 'Unit' : 'Units'} ${some(unitLabels)}`;
  return announcementAudienceLabels[kind];
}
