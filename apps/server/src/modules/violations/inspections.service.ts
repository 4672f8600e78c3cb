import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  Inspection,
  InspectionList,
  InspectionUnit,
  InspectionUnitList,
  InspectionUnitsQuery,
  OpenArcRequestBrief,
  PageQuery,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { inspections, profiles, properties, violations } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { containing, offsetOf } from '../../lib/paging.ts';
import { currentBetween } from '../access/memberships.ts';
import { rowsOf } from '../realtime/publish.ts';
import { keepsEnforcement, readsEnforcement } from './violation-access.ts';

async function requireProperty(db: Db, condition: SQL, propertyId: string) {
  const [row] = await db
    .select({ id: properties.id, name: properties.name, timeZone: properties.timeZone })
    .from(properties)
    .where(and(eq(properties.id, propertyId), condition));
  if (!row) throw notFound('Property');
  return row;
}

/** The property, if the caller keeps its enforcement (its managers, admins); 404 otherwise. */
export const requireKeeper = (db: Db, ctx: ServiceContext, propertyId: string) =>
  requireProperty(db, keepsEnforcement(ctx.actor, sql`${properties.id}`), propertyId);

/** The property, if the caller may read its enforcement (managers, board, admins); 404 otherwise. */
export const requireReader = (db: Db, ctx: ServiceContext, propertyId: string) =>
  requireProperty(db, readsEnforcement(ctx.actor, sql`${properties.id}`), propertyId);

const inspectionColumns = {
  id: inspections.id,
  propertyId: inspections.propertyId,
  propertyName: properties.name,
  inspectorId: inspections.inspectorId,
  inspectorName: profiles.fullName,
  startedAt: inspections.startedAt,
  endedAt: inspections.endedAt,
  violationsRecorded: sql<number>`(select count(*)::int from ${violations} where ${violations.inspectionId} = ${inspections.id})`,
};

type InspectionRow = {
  id: string;
  propertyId: string;
  propertyName: string;
  inspectorId: string | null;
  inspectorName: string | null;
  startedAt: Date;
  endedAt: Date | null;
  violationsRecorded: number;
};

const toInspection = (row: InspectionRow): Inspection => ({
  id: row.id,
  propertyId: row.propertyId,
  propertyName: row.propertyName,
  inspector: row.inspectorId ? { id: row.inspectorId, fullName: row.inspectorName ?? '' } : null,
  startedAt: row.startedAt.toISOString(),
  endedAt: row.endedAt?.toISOString() ?? null,
  violationsRecorded: Number(row.violationsRecorded),
});

async function readInspection(db: Db, ctx: ServiceContext, inspectionId: string): Promise<InspectionRow> {
  const [row] = await db
    .select(inspectionColumns)
    .from(inspections)
    .innerJoin(properties, eq(properties.id, inspections.propertyId))
    .leftJoin(profiles, eq(profiles.id, inspections.inspectorId))
    .where(
      and(eq(inspections.id, inspectionId), readsEnforcement(ctx.actor, sql`${inspections.propertyId}`)),
    );
  if (!row) throw notFound('Inspection');
  return row;
}

/**
 * Starts an inspection drive of the property for the caller, or gives back the one they already have
 * open there (starting twice, from two tabs or a retried request, continues the same drive).
 */
export async function startInspection(ctx: ServiceContext, propertyId: string): Promise<Inspection> {
  await requireKeeper(ctx.db, ctx, propertyId);
  const open = () =>
    ctx.db
      .select({ id: inspections.id })
      .from(inspections)
      .where(
        and(
          eq(inspections.propertyId, propertyId),
          eq(inspections.inspectorId, ctx.actor.id),
          isNull(inspections.endedAt),
        ),
      );
  let [existing] = await open();
  if (!existing) {
    try {
      [existing] = await ctx.db
        .insert(inspections)
        .values({ propertyId, inspectorId: ctx.actor.id })
        .returning({ id: inspections.id });
    } catch (error) {
      if (!isUniqueViolation(error, 'inspections_open_key')) throw error;
      [existing] = await open();
    }
  }
  return toInspection(await readInspection(ctx.db, ctx, existing!.id));
}

export async function getInspection(ctx: ServiceContext, inspectionId: string): Promise<Inspection> {
  return toInspection(await readInspection(ctx.db, ctx, inspectionId));
}

/** An open inspection the caller is driving, still as a keeper of its property (or 404/409/403). */
export async function requireOwnOpenInspection(db: Db, ctx: ServiceContext, inspectionId: string) {
  const inspection = await readInspection(db, ctx, inspectionId);
  if (inspection.inspectorId !== ctx.actor.id)
    throw new AppError(
      403,
      'NOT_YOUR_INSPECTION',
      'Only the person who started this inspection can add to it.',
    );
  const property = await requireKeeper(db, ctx, inspection.propertyId);
  if (inspection.endedAt)
    throw new AppError(
      409,
      'INSPECTION_ENDED',
      'This inspection has ended. Start a new inspection to record violations.',
    );
  return { ...inspection, timeZone: property.timeZone };
}

export async function endInspection(ctx: ServiceContext, inspectionId: string): Promise<Inspection> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from inspections where id = ${inspectionId} for update`);
    await requireOwnOpenInspection(tx, ctx, inspectionId);
    await tx.update(inspections).set({ endedAt: new Date() }).where(eq(inspections.id, inspectionId));
    return toInspection(await readInspection(tx, ctx, inspectionId));
  });
}

export async function listInspections(
  ctx: ServiceContext,
  propertyId: string,
  query: PageQuery,
): Promise<InspectionList> {
  await requireReader(ctx.db, ctx, propertyId);
  const where = eq(inspections.propertyId, propertyId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(inspectionColumns)
      .from(inspections)
      .innerJoin(properties, eq(properties.id, inspections.propertyId))
      .leftJoin(profiles, eq(profiles.id, inspections.inspectorId))
      .where(where)
      .orderBy(desc(inspections.startedAt), desc(inspections.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ n: count() }).from(inspections).where(where),
  ]);
  return { inspections: rows.map(toInspection), total: total!.n, page: query.page, limit: query.limit };
}

/**
 * An architectural request still in play, as the inspection drive lists it: one asked for and not yet
 * decided (incomplete, under review, more information needed: citing the work would pre-empt the
 * committee), and approved work not yet closed — decided with an approval (the owner may be building it)
 * or reported finished and pending its inspection. Not listed: a denial (final; work built anyway is an
 * ordinary violation), a closed request (its inspection is recorded) and a withdrawn one.
 */
const arcRequestInPlay = sql`(a.status in ('incomplete', 'under_review', 'more_information', 'pending_inspection')
  or (a.status = 'decided' and a.decision in ('approve', 'approve_with_conditions')))`;

/**
 * The units of an inspection's association, each with its open violations, its architectural requests
 * in play (everyone who reads enforcement — managers, board, admins — also reviews architectural
 * requests: scope.ts `arcScope` includes `enforcementScope`) and the open work orders its
 * people reported at home: nearest first when the inspector shares where they are (units whose place
 * is known from earlier inspections), then by building and label in the order people count them (6A
 * before 10A).
 */
export async function listInspectionUnits(
  ctx: ServiceContext,
  inspectionId: string,
  query: InspectionUnitsQuery & PageQuery,
): Promise<InspectionUnitList> {
  const inspection = await readInspection(ctx.db, ctx, inspectionId);
  const search = query.q ? containing(query.q) : null;
  const here =
    query.latitude !== undefined && query.longitude !== undefined
      ? { latitude: Number(query.latitude), longitude: Number(query.longitude) }
      : null;
  // Equirectangular distance: exact enough across one association, and needs no extension.
  const distance = here
    ? sql`case when pos.unit_id is null then null else round(6371000 * sqrt(
        power(radians(pos.latitude - ${here.latitude}), 2) +
        power(cos(radians((pos.latitude + ${here.latitude}) / 2)) * radians(pos.longitude - ${here.longitude}), 2)
      ))::int end`
    : sql`null::int`;
  const filter = sql`u.property_id = ${inspection.propertyId} and u.archived_at is null${
    search ? sql` and (u.label ilike ${search} or coalesce(u.building, '') ilike ${search})` : sql``
  }`;
  const result = await ctx.db.execute(sql`
    select u.id, u.label, u.building, ${distance} as distance,
      coalesce((
        select json_agg(json_build_object('id', v.id, 'ruleId', v.rule_id, 'ruleTitle', r.title,
          'observedAt', v.observed_at, 'cureDueOn', v.cure_due_on, 'cureReportedAt', v.cure_reported_at)
          order by v.observed_at)
        from violations v join violation_rules r on r.id = v.rule_id
        where v.unit_id = u.id and v.status = 'open'
      ), '[]'::json) as open_violations,
      coalesce((
        select json_agg(json_build_object('id', a.id, 'projectTypeName', a.type_snapshot->>'name',
          'status', a.status, 'decision', a.decision, 'inspectionDueOn', a.inspection_due_on)
          order by a.submitted_at, a.id)
        from arc_requests a
        where a.unit_id = u.id and a.property_id = u.property_id and ${arcRequestInPlay}
      ), '[]'::json) as open_arc_requests,
      (select count(*)::int from work_orders w
        where w.property_id = u.property_id and w.status in ('new', 'pending', 'in_progress')
          and w.location_kind = 'unit'
          and w.resident_id in (
            select uo.user_id from unit_ownerships uo where uo.unit_id = u.id
              and ${currentBetween(sql`uo.starts_on`, sql`uo.ends_on`)}
            union
            select oc.user_id from unit_occupancies oc where oc.unit_id = u.id
              and ${currentBetween(sql`oc.moved_in_on`, sql`oc.moved_out_on`)})
      ) as open_work_orders
    from units u left join unit_positions pos on pos.unit_id = u.id
    where ${filter}
    order by ${distance} asc nulls last, u.building asc nulls first,
      nullif(substring(u.label from '^[0-9]{1,9}'), '')::int asc nulls last, u.label asc, u.id
    limit ${query.limit} offset ${offsetOf(query)}`);
  const totalResult = await ctx.db.execute(sql`select count(*)::int as n from units u where ${filter}`);
  const units = rowsOf<{
    id: string;
    label: string;
    building: string | null;
    distance: number | null;
    open_violations: {
      id: string;
      ruleId: string;
      ruleTitle: string;
      observedAt: string;
      cureDueOn: string | null;
      cureReportedAt: string | null;
    }[];
    open_arc_requests: OpenArcRequestBrief[];
    open_work_orders: number;
  }>(result).map((row): InspectionUnit => ({
    id: row.id,
    label: row.label,
    building: row.building,
    distanceMeters: row.distance === null ? null : Number(row.distance),
    openViolations: row.open_violations.map((violation) => ({
      ...violation,
      observedAt: new Date(violation.observedAt).toISOString(),
      cureReportedAt: violation.cureReportedAt ? new Date(violation.cureReportedAt).toISOString() : null,
    })),
    openArcRequests: row.open_arc_requests,
    openWorkOrders: Number(row.open_work_orders),
  }));
  return {
    units,
    total: Number(rowsOf<{ n: number }>(totalResult)[0]!.n),
    page: query.page,
    limit: query.limit,
  };
}
