import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  violationCategories,
  type violationInputSchema,
  type violationListQuerySchema,
  type violationObservationInputSchema,
  type Violation,
  type ViolationCategory,
  type ViolationCloseInput,
  type ViolationEvent,
  type ViolationList,
  type ViolationPhoto,
  type ViolationSummary,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  attachments,
  profiles,
  properties,
  unitOwnerships,
  unitPositions,
  units,
  violationEvents,
  violationRules,
  violations,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { containing, offsetOf } from '../../lib/paging.ts';
import type { AttachmentLinks } from '../attachments/attachment-links.ts';
import { sendWithViolation, withUploaders } from '../attachments/message-attachments.ts';
import { currentBetween, hasUnit } from '../access/memberships.ts';
import { localClock } from '../notifications/zoned-time.ts';
import { requireOwnOpenInspection } from './inspections.service.ts';
import { keepsEnforcement, readsEnforcement } from './violation-access.ts';

export type ViolationsContext = ServiceContext & { links: AttachmentLinks };

/** A day plus some days, as calendar dates ("2026-11-24" + 14 → "2026-12-08"). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** When it was seen: now unless given, and never in the future (a minute's clock difference aside). */
export function observedAtOf(given: string | undefined, now: Date): Date {
  if (!given) return now;
  const at = new Date(given);
  if (at.getTime() > now.getTime() + 60_000)
    throw new AppError(422, 'OBSERVED_IN_FUTURE', 'A violation cannot be observed in the future.', {
      fields: { observedAt: 'Choose a time that has passed' },
    });
  return at;
}

/** The last stage whose notice was sent (0: none yet), and its name as it was sent. */
const sentStage = sql`(select vn.stage, vn.stage_name from violation_notices vn join letters l on l.id = vn.letter_id
  where vn.violation_id = ${violations.id} and l.status = 'sent' order by vn.stage desc, vn.created_at desc limit 1)`;
const stageSql = sql<number>`coalesce((select s.stage from ${sentStage} s), 0)`;

/** Today in each violation's association: past its cure date and still open is overdue. */
const isOverdueSql = sql<boolean>`(${violations.status} = 'open' and ${violations.cureDueOn} is not null
  and ${violations.cureDueOn} < (now() at time zone ${properties.timeZone})::date)`;

const summaryColumns = {
  id: violations.id,
  propertyId: violations.propertyId,
  propertyName: properties.name,
  unitId: violations.unitId,
  unitLabel: units.label,
  ruleId: violations.ruleId,
  ruleTitle: violationRules.title,
  ruleCategory: violationRules.category,
  source: violations.source,
  status: violations.status,
  observedAt: violations.observedAt,
  cureDueOn: violations.cureDueOn,
  isOverdue: isOverdueSql,
  closedAt: violations.closedAt,
  cureReportedAt: violations.cureReportedAt,
  stage: stageSql,
  stageName: sql<string | null>`(select s.stage_name from ${sentStage} s)`,
};

type SummaryRow = {
  id: string;
  propertyId: string;
  propertyName: string;
  unitId: string;
  unitLabel: string;
  ruleId: string;
  ruleTitle: string;
  ruleCategory: ViolationCategory;
  source: 'inspection' | 'complaint';
  status: 'open' | 'cured' | 'dismissed';
  observedAt: Date;
  cureDueOn: string | null;
  isOverdue: boolean;
  closedAt: Date | null;
  cureReportedAt: Date | null;
  stage: number;
  stageName: string | null;
};

type PhotoRow = typeof attachments.$inferSelect;

/** The photos of these violations, by violation and by event, oldest first. */
async function photosOf(db: Db, links: AttachmentLinks, violationIds: string[]) {
  if (violationIds.length === 0) return new Map<string, { eventId: string; photo: ViolationPhoto }[]>();
  const rows = await db
    .select({ attachment: attachments, violationId: violationEvents.violationId })
    .from(attachments)
    .innerJoin(violationEvents, eq(violationEvents.id, attachments.violationEventId))
    .where(inArray(violationEvents.violationId, violationIds))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
  const listed = await withUploaders(
    db,
    links,
    rows.map((row) => row.attachment),
  );
  const byViolation = new Map<string, { eventId: string; photo: ViolationPhoto }[]>();
  rows.forEach((row, index) => {
    const source: PhotoRow = row.attachment;
    const photo: ViolationPhoto = {
      ...listed[index]!,
      takenAt: source.takenAt?.toISOString() ?? null,
      latitude: source.latitude,
      longitude: source.longitude,
    };
    const list = byViolation.get(row.violationId) ?? [];
    list.push({ eventId: source.violationEventId!, photo });
    byViolation.set(row.violationId, list);
  });
  return byViolation;
}

function toSummary(row: SummaryRow, photos: { photo: ViolationPhoto }[]): ViolationSummary {
  const latest = photos.at(-1)?.photo;
  return {
    id: row.id,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    unit: { id: row.unitId, label: row.unitLabel },
    rule: { id: row.ruleId, title: row.ruleTitle, category: row.ruleCategory },
    source: row.source,
    status: row.status,
    observedAt: row.observedAt.toISOString(),
    cureDueOn: row.cureDueOn,
    isOverdue: Boolean(row.isOverdue),
    photoCount: photos.length,
    thumbnailUrl: latest?.thumbnailUrl ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    cureReportedAt: row.cureReportedAt?.toISOString() ?? null,
    stage: Number(row.stage),
    stageName: row.stageName,
  };
}

const fromViolations = (db: Db) =>
  db
    .select(summaryColumns)
    .from(violations)
    .innerJoin(properties, eq(properties.id, violations.propertyId))
    .innerJoin(units, eq(units.id, violations.unitId))
    .innerJoin(violationRules, eq(violationRules.id, violations.ruleId));

export async function listViolations(
  ctx: ViolationsContext,
  query: z.infer<typeof violationListQuerySchema>,
): Promise<ViolationList> {
  const search = query.q ? containing(query.q) : null;
  const where = and(
    readsEnforcement(ctx.actor, sql`${violations.propertyId}`),
    query.propertyId ? eq(violations.propertyId, query.propertyId) : undefined,
    query.status ? eq(violations.status, query.status) : undefined,
    query.category ? eq(violationRules.category, query.category) : undefined,
    query.ruleId ? eq(violations.ruleId, query.ruleId) : undefined,
    query.unitId ? eq(violations.unitId, query.unitId) : undefined,
    query.overdue ? isOverdueSql : undefined,
    query.cureReported ? and(eq(violations.status, 'open'), isNotNull(violations.cureReportedAt)) : undefined,
    query.stage !== undefined ? sql`${stageSql} = ${query.stage}` : undefined,
    search ? sql`(${units.label} ilike ${search} or ${violationRules.title} ilike ${search})` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    fromViolations(ctx.db)
      .where(where)
      .orderBy(desc(violations.observedAt), desc(violations.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db
      .select({ n: count() })
      .from(violations)
      .innerJoin(properties, eq(properties.id, violations.propertyId))
      .innerJoin(units, eq(units.id, violations.unitId))
      .innerJoin(violationRules, eq(violationRules.id, violations.ruleId))
      .where(where),
  ]);
  const photos = await photosOf(
    ctx.db,
    ctx.links,
    rows.map((row) => row.id),
  );
  return {
    violations: rows.map((row) => toSummary(row as SummaryRow, photos.get(row.id) ?? [])),
    total: total!.n,
    page: query.page,
    limit: query.limit,
  };
}

async function readViolation(db: Db, ctx: ViolationsContext, violationId: string): Promise<Violation> {
  // A complaint's reporter, for those who keep enforcement only, and never for the cited unit's own
  // owners and occupants (a manager or admin among them included).
  const keeps = keepsEnforcement(ctx.actor, sql`${violations.propertyId}`);
  const isTheirs = hasUnit(ctx.actor.id, sql`${violations.unitId}`);
  const shownReporter = sql<string | null>`(case when ${keeps} and not ${isTheirs}
    then ${violations.reporterId} end)`;
  const [row] = await db
    .select({
      ...summaryColumns,
      documentId: violationRules.documentId,
      documentName: sql<
        string | null
      >`(select d.name from property_documents d where d.id = ${violationRules.documentId})`,
      sectionNumber: violationRules.sectionNumber,
      sectionTitle: violationRules.sectionTitle,
      page: violationRules.page,
      excerpt: violationRules.excerpt,
      curable: violationRules.curable,
      healthSafety: violationRules.healthSafety,
      duplicateReason: violations.duplicateReason,
      keeps,
      reporterId: shownReporter,
      reporterName: sql<string | null>`(select p.full_name from profiles p where p.id = ${shownReporter})`,
    })
    .from(violations)
    .innerJoin(properties, eq(properties.id, violations.propertyId))
    .innerJoin(units, eq(units.id, violations.unitId))
    .innerJoin(violationRules, eq(violationRules.id, violations.ruleId))
    .where(and(eq(violations.id, violationId), readsEnforcement(ctx.actor, sql`${violations.propertyId}`)));
  if (!row) throw notFound('Violation');
  const [eventRows, owners, photos] = await Promise.all([
    db
      .select({
        id: violationEvents.id,
        kind: violationEvents.kind,
        at: violationEvents.at,
        actorId: violationEvents.actorId,
        actorName: profiles.fullName,
        note: violationEvents.note,
        inspectionId: violationEvents.inspectionId,
      })
      .from(violationEvents)
      .leftJoin(profiles, eq(profiles.id, violationEvents.actorId))
      .where(eq(violationEvents.violationId, violationId))
      .orderBy(asc(violationEvents.at), asc(violationEvents.id)),
    db
      .select({ id: profiles.id, fullName: profiles.fullName })
      .from(unitOwnerships)
      .innerJoin(profiles, eq(profiles.id, unitOwnerships.userId))
      .where(
        and(
          eq(unitOwnerships.unitId, row.unitId),
          currentBetween(sql`${unitOwnerships.startsOn}`, sql`${unitOwnerships.endsOn}`),
        ),
      )
      .orderBy(asc(profiles.fullName)),
    photosOf(db, ctx.links, [violationId]),
  ]);
  const all = photos.get(violationId) ?? [];
  const events: ViolationEvent[] = eventRows.map((event) => ({
    id: event.id,
    kind: event.kind,
    at: event.at.toISOString(),
    actor: event.actorId ? { id: event.actorId, fullName: event.actorName ?? '' } : null,
    note: event.note,
    inspectionId: event.inspectionId,
    photos: all.filter((photo) => photo.eventId === event.id).map((photo) => photo.photo),
  }));
  const isOpen = row.status === 'open';
  return {
    ...toSummary(row as SummaryRow, all),
    clause: {
      documentId: row.documentId,
      documentName: row.documentName,
      sectionNumber: row.sectionNumber,
      sectionTitle: row.sectionTitle,
      page: row.page,
      excerpt: row.excerpt,
    },
    curable: row.curable,
    healthSafety: row.healthSafety,
    owners,
    reporter: row.reporterId ? { id: row.reporterId, fullName: row.reporterName ?? '' } : null,
    duplicateReason: row.duplicateReason,
    events,
    can: { observe: isOpen && Boolean(row.keeps), close: isOpen && Boolean(row.keeps) },
  };
}

export async function getViolation(ctx: ViolationsContext, violationId: string): Promise<Violation> {
  return readViolation(ctx.db, ctx, violationId);
}

/** A unit of the association, not archived; 404 (no leak) for another association's. */
export async function requireUnitOf(tx: Db, propertyId: string, unitId: string) {
  const [unit] = await tx
    .select({ id: units.id, label: units.label })
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.propertyId, propertyId), sql`${units.archivedAt} is null`));
  if (!unit)
    throw new AppError(404, 'NOT_FOUND', 'Unit not found', {
      fields: { unitId: 'Choose a unit of this association' },
    });
  return unit;
}

/** A rule of the association that is in use: 404 for another association's, 409 for a suggestion or a retired one. */
export async function requireRuleInUse(tx: Db, propertyId: string, ruleId: string) {
  const [rule] = await tx
    .select()
    .from(violationRules)
    .where(and(eq(violationRules.id, ruleId), eq(violationRules.propertyId, propertyId)));
  if (!rule)
    throw new AppError(404, 'NOT_FOUND', 'Rule not found', {
      fields: { ruleId: 'Choose a rule of this association' },
    });
  if (rule.status !== 'confirmed')
    throw new AppError(
      409,
      'RULE_NOT_IN_USE',
      rule.status === 'suggested'
        ? 'This rule is only a suggestion. A manager must confirm it before it can be enforced.'
        : 'This rule is retired and is no longer enforced.',
      { fields: { ruleId: 'Choose a rule in use' } },
    );
  return rule;
}

/**
 * The unit's open violation of the rule (the oldest), if any, with the unit locked so that two
 * writers cannot both miss it.
 */
export async function lockOpenViolation(tx: Db, unitId: string, ruleId: string) {
  await tx.execute(sql`select 1 from units where id = ${unitId} for update`);
  const [open] = await tx
    .select({ id: violations.id, observedAt: violations.observedAt })
    .from(violations)
    .where(and(eq(violations.unitId, unitId), eq(violations.ruleId, ruleId), eq(violations.status, 'open')))
    .orderBy(asc(violations.observedAt))
    .limit(1);
  return open;
}

/**
 * Records a violation seen in the caller's open inspection: a confirmed rule of the association, a unit
 * of it, and 1–10 photos the inspector uploaded to the inspection. If the unit already has that rule
 * open, a second violation needs a reason (the usual answer is to add this as an observation of the
 * open one instead). Everything is written in one transaction, photos included.
 */
export async function recordViolation(
  ctx: ViolationsContext,
  inspectionId: string,
  input: z.infer<typeof violationInputSchema>,
): Promise<Violation> {
  const now = new Date();
  const observedAt = observedAtOf(input.observedAt, now);
  const id = await ctx.db.transaction(async (tx) => {
    const inspection = await requireOwnOpenInspection(tx, ctx, inspectionId);
    const unit = await requireUnitOf(tx, inspection.propertyId, input.unitId);
    const rule = await requireRuleInUse(tx, inspection.propertyId, input.ruleId);
    const open = await lockOpenViolation(tx, unit.id, rule.id);
    if (open && !input.duplicateReason)
      throw new AppError(
        409,
        'VIOLATION_ALREADY_OPEN',
        `This unit already has an open violation of this rule, observed ${localClock(open.observedAt, inspection.timeZone).date}. Add these photos to it as a new observation, or give a reason for recording a second one.`,
        { fields: { duplicateReason: 'Say why this is a separate violation' } },
      );
    const observedDay = localClock(observedAt, inspection.timeZone).date;
    const [violation] = await tx
      .insert(violations)
      .values({
        propertyId: inspection.propertyId,
        unitId: unit.id,
        ruleId: rule.id,
        inspectionId,
        source: 'inspection',
        observedAt,
        cureDueOn: rule.curable && rule.defaultCureDays ? addDays(observedDay, rule.defaultCureDays) : null,
        duplicateReason: input.duplicateReason,
        createdBy: ctx.actor.id,
      })
      .returning({ id: violations.id });
    const [event] = await tx
      .insert(violationEvents)
      .values({
        violationId: violation!.id,
        kind: 'observed',
        actorId: ctx.actor.id,
        inspectionId,
        note: input.note ?? null,
        at: observedAt,
      })
      .returning({ id: violationEvents.id });
    await sendWithViolation(tx, ctx.actor.id, input.photoIds, inspectionId, event!.id);
    if (input.location)
      await tx
        .insert(unitPositions)
        .values({ unitId: unit.id, latitude: input.location.latitude, longitude: input.location.longitude })
        .onConflictDoUpdate({
          target: unitPositions.unitId,
          set: { latitude: input.location.latitude, longitude: input.location.longitude, learnedAt: now },
        });
    return violation!.id;
  });
  return readViolation(ctx.db, ctx, id);
}

/** The same condition seen again, in the caller's open inspection: new photos on the open violation. */
export async function observeAgain(
  ctx: ViolationsContext,
  violationId: string,
  input: z.infer<typeof violationObservationInputSchema>,
): Promise<Violation> {
  const observedAt = observedAtOf(input.observedAt, new Date());
  await ctx.db.transaction(async (tx) => {
    const inspection = await requireOwnOpenInspection(tx, ctx, input.inspectionId);
    const [violation] = await tx
      .select({ id: violations.id, status: violations.status })
      .from(violations)
      .where(and(eq(violations.id, violationId), eq(violations.propertyId, inspection.propertyId)))
      .for('update');
    if (!violation) throw notFound('Violation');
    if (violation.status !== 'open')
      throw new AppError(
        409,
        'VIOLATION_CLOSED',
        'This violation is closed. Record a new violation instead.',
      );
    const [event] = await tx
      .insert(violationEvents)
      .values({
        violationId,
        kind: 'observed_again',
        actorId: ctx.actor.id,
        inspectionId: inspection.id,
        note: input.note ?? null,
        at: observedAt,
      })
      .returning({ id: violationEvents.id });
    await sendWithViolation(tx, ctx.actor.id, input.photoIds, inspection.id, event!.id);
    // Re-inspected and still there: an owner's report of a cure is answered.
    await tx.update(violations).set({ cureReportedAt: null }).where(eq(violations.id, violationId));
  });
  return readViolation(ctx.db, ctx, violationId);
}

/** Closes an open violation as cured or dismissed: a manager's decision, with the reason recorded. */
export async function closeViolation(
  ctx: ViolationsContext,
  violationId: string,
  input: ViolationCloseInput,
): Promise<Violation> {
  await ctx.db.transaction(async (tx) => {
    const [violation] = await tx
      .select({ id: violations.id, status: violations.status, propertyId: violations.propertyId })
      .from(violations)
      .where(and(eq(violations.id, violationId), readsEnforcement(ctx.actor, sql`${violations.propertyId}`)))
      .for('update');
    if (!violation) throw notFound('Violation');
    const [keeper] = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(
        and(eq(properties.id, violation.propertyId), keepsEnforcement(ctx.actor, sql`${properties.id}`)),
      );
    if (!keeper)
      throw new AppError(403, 'FORBIDDEN', 'Only the association’s managers can close a violation.');
    if (violation.status !== 'open')
      throw new AppError(409, 'VIOLATION_CLOSED', 'This violation is already closed.');
    const at = new Date();
    await tx
      .update(violations)
      .set({ status: input.outcome, closedAt: at, cureReportedAt: null })
      .where(eq(violations.id, violationId));
    await tx
      .insert(violationEvents)
      .values({ violationId, kind: input.outcome, actorId: ctx.actor.id, note: input.note, at });
  });
  return readViolation(ctx.db, ctx, violationId);
}

/**
 * Open violations by their rule's category, over the properties `inProperties` names (already scoped
 * by the caller: the manager portal's properties in view), largest first.
 */
export async function openViolationsByCategory(
  db: Db,
  inProperties: (propertyId: SQL) => SQL,
): Promise<{ category: ViolationCategory; count: number }[]> {
  const rows = await db
    .select({ category: violationRules.category, n: count() })
    .from(violations)
    .innerJoin(violationRules, eq(violationRules.id, violations.ruleId))
    .where(and(eq(violations.status, 'open'), inProperties(sql`${violations.propertyId}`)))
    .groupBy(violationRules.category);
  return rows
    .map((row) => ({ category: row.category, count: row.n }))
    .sort(
      (a, b) =>
        b.count - a.count ||
        violationCategories.indexOf(a.category) - violationCategories.indexOf(b.category),
    );
}
