import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import {
  auditActionLabels,
  auditEntityLabels,
  auditExportMaxRows,
  type AuditEvent,
  type AuditEventList,
  type AuditListQuery,
  type PageQuery,
} from '@commonwise/contracts';
import { auditEvents, profiles, properties } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { containing, offsetOf } from '../../lib/paging.ts';
import { safeCell } from '../../lib/csv.ts';

type Filters = Omit<AuditListQuery, 'page' | 'limit'>;

/** The filters of the Audit Logs page as one condition. `to` is a whole day: up to its end. */
function matching(filters: Filters): SQL | undefined {
  const q = filters.q?.trim();
  return and(
    filters.propertyId ? eq(auditEvents.propertyId, filters.propertyId) : undefined,
    filters.entity ? eq(auditEvents.entity, filters.entity) : undefined,
    filters.from ? gte(auditEvents.occurredAt, sql`${filters.from}::date`) : undefined,
    filters.to ? lt(auditEvents.occurredAt, sql`${filters.to}::date + 1`) : undefined,
    q
      ? or(
          ilike(profiles.fullName, containing(q)),
          ilike(profiles.email, containing(q)),
          eq(auditEvents.entityId, q),
        )
      : undefined,
  );
}

const columns = {
  event: auditEvents,
  actorName: profiles.fullName,
  actorEmail: profiles.email,
  propertyName: properties.name,
};

function selectEvents(ctx: ServiceContext) {
  return ctx.db
    .select(columns)
    .from(auditEvents)
    .leftJoin(profiles, eq(profiles.id, auditEvents.actorId))
    .leftJoin(properties, eq(properties.id, auditEvents.propertyId));
}

function toEvent(row: {
  event: typeof auditEvents.$inferSelect;
  actorName: string | null;
  actorEmail: string | null;
  propertyName: string | null;
}): AuditEvent {
  const { event } = row;
  return {
    id: event.id,
    occurredAt: event.occurredAt.toISOString(),
    actor: event.actorId
      ? { id: event.actorId, fullName: row.actorName ?? '', email: row.actorEmail ?? '' }
      : null,
    actorRole: event.actorRole,
    requestId: event.requestId,
    entity: event.entity,
    entityId: event.entityId,
    // A deleted property keeps its id in the trail, without a name.
    property: event.propertyId ? { id: event.propertyId, name: row.propertyName ?? '' } : null,
    action: event.action,
    changes: event.changes,
  };
}

/** The audit trail, newest first, filtered and a page at a time (admins: the route says so). */
export async function listAuditEvents(
  ctx: ServiceContext,
  query: Filters & PageQuery,
): Promise<AuditEventList> {
  const where = matching(query);
  const [rows, [counted]] = await Promise.all([
    selectEvents(ctx)
      .where(where)
      .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db
      .select({ total: count() })
      .from(auditEvents)
      .leftJoin(profiles, eq(profiles.id, auditEvents.actorId))
      .where(where),
  ]);
  return { events: rows.map(toEvent), total: counted?.total ?? 0, page: query.page, limit: query.limit };
}

/** The filtered trail as CSV, newest first, up to `auditExportMaxRows` rows. */
export async function exportAuditEvents(ctx: ServiceContext, filters: Filters): Promise<string> {
  const rows = await selectEvents(ctx)
    .where(matching(filters))
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(auditExportMaxRows);
  const records = rows
    .map(toEvent)
    .map((event) =>
      [
        event.occurredAt,
        event.actor ? `${event.actor.fullName} <${event.actor.email}>` : 'System',
        event.actorRole ?? '',
        event.property?.name ?? '',
        auditEntityLabels[event.entity],
        event.entityId,
        auditActionLabels[event.action],
        JSON.stringify(event.changes),
        event.requestId ?? '',
      ].map(safeCell),
    );
  return stringify(records, {
    header: true,
    columns: ['When', 'Who', 'Role', 'Property', 'Record', 'Record id', 'Action', 'Changes', 'Request id'],
  });
}

export const exportFileName = (now: Date) => `audit-trail-${now.toISOString().slice(0, 10)}.csv`;
