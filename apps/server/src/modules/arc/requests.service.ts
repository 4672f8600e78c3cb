import { and, asc, count, desc, eq, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  activeArcStatuses,
  arcNextStatus,
  type arcRequestListQuerySchema,
  type ArcCheckOutcome,
  type ArcEvent,
  type ArcRequest,
  type ArcRequestList,
  type ArcRequestStatus,
  type ArcRequestSummary,
  type ArcDecision,
  type JurisdictionId,
} from '@commonwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { arcDenialRequirements } from './denial.ts';
import {
  arcFiles,
  arcRequestRevisions,
  arcRequests,
  decisionItems,
  letters,
  profiles,
  properties,
  propertyDocuments,
  units,
  violationRules,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { containing, offsetOf } from '../../lib/paging.ts';
import type { FileStorage } from '../../plugins/storage.ts';
import { FileNotFoundError } from '../../plugins/storage.ts';
import { AppError } from '../../lib/errors.ts';
import { reviewedBy } from './arc-access.ts';
import { checkRequest, type RuleClause } from './checks.ts';

/**
 * Architectural requests as callers read them (issue 22): the reviewers' list and detail (with the
 * guideline checks and the decision item), and the owner's view of the same request (without them).
 * Scoping is the caller's condition (arc-access.ts); anything outside it is not found.
 */

/** A request keeps at most this many files (uploads past it are refused), and shows its latest revisions. */
export const maxFilesPerRequest = 30;
export const revisionsShown = 50;

export type RequestRow = typeof arcRequests.$inferSelect & {
  propertyName: string;
  timeZone: string;
  jurisdiction: JurisdictionId;
  unitLabel: string;
  applicantName: string;
  deadlinePassed: boolean;
};

/** Undecided (under review) on or after its due date in the association's calendar: "deadline passed". */
export const deadlinePassedSql = sql<boolean>`(${arcRequests.status} = 'under_review'
  and ${arcRequests.decisionDueOn} is not null
  and ${arcRequests.decisionDueOn} <= (now() at time zone ${properties.timeZone})::date)`;

const requestColumns = {
  request: arcRequests,
  propertyName: properties.name,
  timeZone: properties.timeZone,
  jurisdiction: properties.jurisdiction,
  unitLabel: units.label,
  applicantName: profiles.fullName,
  deadlinePassed: deadlinePassedSql,
};

const fromRequests = (db: Db) =>
  db
    .select(requestColumns)
    .from(arcRequests)
    .innerJoin(properties, eq(properties.id, arcRequests.propertyId))
    .innerJoin(units, eq(units.id, arcRequests.unitId))
    .innerJoin(profiles, eq(profiles.id, arcRequests.applicantId));

type Selected = Awaited<ReturnType<ReturnType<typeof fromRequests>['execute']>>[number];
const flatten = (row: Selected): RequestRow => ({
  ...row.request,
  propertyName: row.propertyName,
  timeZone: row.timeZone,
  jurisdiction: row.jurisdiction,
  unitLabel: row.unitLabel,
  applicantName: row.applicantName,
  deadlinePassed: row.deadlinePassed,
});

/** One request, if the condition lets the caller see it. */
export async function requestRowWhere(db: Db, requestId: string, condition: SQL | undefined) {
  const [row] = await fromRequests(db).where(and(eq(arcRequests.id, requestId), condition));
  if (!row) throw notFound('Request');
  return flatten(row);
}

/** Undecided requests first, soonest due first; then the rest, newest first. */
const listOrder = [
  asc(
    sql`case when ${arcRequests.status} in ('incomplete', 'under_review', 'more_information') then 0 else 1 end`,
  ),
  sql`${arcRequests.decisionDueOn} asc nulls last`,
  desc(arcRequests.submittedAt),
  asc(arcRequests.id),
];

export function toSummary(row: RequestRow): ArcRequestSummary {
  return {
    id: row.id,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    unit: { id: row.unitId, label: row.unitLabel },
    applicant: { id: row.applicantId, fullName: row.applicantName },
    projectType: { id: row.projectTypeId, kind: row.typeSnapshot.kind, name: row.typeSnapshot.name },
    title: row.title,
    status: row.status,
    revision: row.revision,
    submittedAt: row.submittedAt.toISOString(),
    completeAt: row.completeAt?.toISOString() ?? null,
    decisionDueOn: row.decisionDueOn,
    dueSource: row.dueSource,
    deadlinePassed: row.deadlinePassed,
    decision: row.decision,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    missing: row.missing,
  };
}

/** Pages of requests under a condition, in the list's order. */
export async function pageOfRequests(
  db: Db,
  where: SQL | undefined,
  page: { page: number; limit: number },
): Promise<ArcRequestList> {
  const [rows, [total]] = await Promise.all([
    fromRequests(db)
      .where(where)
      .orderBy(...listOrder)
      .limit(page.limit)
      .offset(offsetOf(page)),
    db
      .select({ count: count() })
      .from(arcRequests)
      .innerJoin(properties, eq(properties.id, arcRequests.propertyId))
      .innerJoin(units, eq(units.id, arcRequests.unitId))
      .innerJoin(profiles, eq(profiles.id, arcRequests.applicantId))
      .where(where),
  ]);
  return {
    requests: rows.map((row) => toSummary(flatten(row))),
    total: total!.count,
    page: page.page,
    limit: page.limit,
  };
}

/**
 * The requests the caller reviews: of one association or all of theirs, by status, only those whose
 * deadline has passed, or matching a search (title, unit, applicant); undecided ones first by due date.
 */
export async function listRequests(
  ctx: ServiceContext,
  query: z.output<typeof arcRequestListQuerySchema>,
): Promise<ArcRequestList> {
  const { propertyId, status, deadlinePassed, q, page, limit } = query;
  const conditions: (SQL | undefined)[] = [reviewedBy(ctx.actor)];
  if (propertyId) conditions.push(eq(arcRequests.propertyId, propertyId));
  if (status) conditions.push(eq(arcRequests.status, status));
  if (deadlinePassed) conditions.push(deadlinePassedSql);
  if (q) {
    const pattern = containing(q);
    conditions.push(
      or(ilike(arcRequests.title, pattern), ilike(units.label, pattern), ilike(profiles.fullName, pattern)),
    );
  }
  return pageOfRequests(ctx.db, and(...conditions), { page, limit });
}

const ownerEvents: ArcEvent[] = ['revise', 'withdraw', 'report_completion', 'ask_reconsideration'];
const reviewerEvents: ArcEvent[] = ['ask_more_information', 'decide', 'pass_inspection', 'fail_inspection'];

/** What may happen to the request now, among the viewer's own actions (arcNextStatus says which). */
export const actionsOf = (
  status: ArcRequestStatus,
  viewer: 'owner' | 'reviewer',
  decision: ArcDecision | null,
): ArcEvent[] =>
  (viewer === 'owner' ? ownerEvents : reviewerEvents).filter(
    (event) =>
      arcNextStatus(status, event, event === 'decide' ? 'approve' : (decision ?? undefined)) !== null,
  );

/** The clauses the checks rest on, quoted as the documents give them. */
async function clausesOf(db: Db, ruleIds: string[]): Promise<Map<string, RuleClause>> {
  if (ruleIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: violationRules.id,
      title: violationRules.title,
      sectionNumber: violationRules.sectionNumber,
      page: violationRules.page,
      documentTitle: propertyDocuments.name,
      excerpt: violationRules.excerpt,
    })
    .from(violationRules)
    .leftJoin(propertyDocuments, eq(propertyDocuments.id, violationRules.documentId))
    .where(inArray(violationRules.id, ruleIds));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The whole request as a caller reads it: its files, revisions and a warning about another active
 * request of the same unit and project type; for reviewers, also the guideline checks (read from the
 * answers and the files' text) and its decision item.
 */
export async function requestView(
  db: Db,
  row: RequestRow,
  viewer: 'owner' | 'reviewer',
): Promise<ArcRequest> {
  const isActive = activeArcStatuses.includes(row.status);
  const [files, revisions, [duplicate], [item], [letter], precedents] = await Promise.all([
    db
      .select()
      .from(arcFiles)
      .where(eq(arcFiles.requestId, row.id))
      .orderBy(asc(arcFiles.createdAt), asc(arcFiles.id))
      .limit(maxFilesPerRequest),
    db
      .select({
        revision: arcRequestRevisions.revision,
        at: arcRequestRevisions.createdAt,
        note: arcRequestRevisions.note,
      })
      .from(arcRequestRevisions)
      .where(eq(arcRequestRevisions.requestId, row.id))
      .orderBy(desc(arcRequestRevisions.revision))
      .limit(revisionsShown),
    // The first of the same unit's active requests of this project type, made before this one.
    isActive
      ? db
          .select({ id: arcRequests.id, title: arcRequests.title })
          .from(arcRequests)
          .where(
            and(
              eq(arcRequests.unitId, row.unitId),
              eq(arcRequests.projectTypeId, row.projectTypeId),
              ne(arcRequests.id, row.id),
              inArray(arcRequests.status, [...activeArcStatuses]),
              or(
                lt(arcRequests.createdAt, row.createdAt),
                and(eq(arcRequests.createdAt, row.createdAt), lt(arcRequests.id, row.id)),
              ),
            ),
          )
          .orderBy(asc(arcRequests.createdAt), asc(arcRequests.id))
          .limit(1)
      : Promise.resolve([]),
    viewer === 'reviewer'
      ? db
          .select({ id: decisionItems.id })
          .from(decisionItems)
          .where(eq(decisionItems.arcRequestId, row.id))
          .orderBy(desc(sql`${decisionItems.status} = 'open'`), desc(decisionItems.createdAt))
          .limit(1)
      : Promise.resolve([]),
    // The owner sees the letter once it is sent; reviewers from its draft on.
    row.decisionLetterId
      ? db
          .select({ id: letters.id, status: letters.status })
          .from(letters)
          .where(
            and(
              eq(letters.id, row.decisionLetterId),
              viewer === 'owner' ? eq(letters.status, 'sent') : undefined,
            ),
          )
      : Promise.resolve([]),
    viewer === 'reviewer' ? precedentsOf(db, row) : Promise.resolve(null),
  ]);
  const [reconsiderationItem] =
    viewer === 'reviewer' && row.reconsiderationRequestedAt
      ? await db
          .select({ id: decisionItems.id })
          .from(decisionItems)
          .where(eq(decisionItems.reconsideredRequestId, row.id))
          .orderBy(desc(decisionItems.createdAt))
          .limit(1)
      : [];
  const snapshot = row.typeSnapshot;
  let checks: ArcCheckOutcome[] | null = null;
  if (viewer === 'reviewer')
    checks =
      snapshot.checks.length === 0
        ? []
        : checkRequest({
            fields: snapshot.fields,
            checks: snapshot.checks,
            answers: row.answers,
            files: files.map((file) => ({ fileName: file.fileName, pages: file.pages })),
            rules: await clausesOf(db, [...new Set(snapshot.checks.map((check) => check.ruleId))]),
          });
  return {
    ...toSummary(row),
    description: row.description,
    answers: row.answers,
    files: files.map((file) => ({
      id: file.id,
      requirement: file.requirement,
      fileName: file.fileName,
      mimeType: file.mimeType,
      sizeBytes: file.sizeBytes,
      revision: file.revision,
      uploadedAt: file.createdAt.toISOString(),
    })),
    fields: snapshot.fields,
    fileRequirements: snapshot.files,
    feeCents: snapshot.feeCents,
    feeChargeId: row.feeChargeId,
    conditions: row.conditions,
    reasons: row.reasons,
    rulesCited: row.rulesCited,
    changesNeeded: row.changesNeeded,
    appeal: row.appeal,
    moreInformationNote: row.moreInformationNote,
    completionNote: row.completionNote,
    inspectionNote: row.inspectionNote,
    decisionLetter: letter ?? null,
    completionReportedAt: row.completionReportedAt?.toISOString() ?? null,
    inspectionDueOn: row.inspectionDueOn,
    inspectionResult: row.inspectionResult,
    inspectedAt: row.inspectedAt?.toISOString() ?? null,
    violationId: viewer === 'reviewer' ? row.violationId : null,
    denialRequirements: viewer === 'reviewer' ? arcDenialRequirements(row.jurisdiction) : null,
    precedents,
    reconsideration:
      row.reconsiderationReason && row.reconsiderationRequestedAt
        ? {
            reason: row.reconsiderationReason,
            requestedAt: row.reconsiderationRequestedAt.toISOString(),
            outcome: row.reconsiderationOutcome,
            decidedAt: row.reconsideredAt?.toISOString() ?? null,
            itemId: reconsiderationItem?.id ?? null,
          }
        : null,
    duplicateOf: duplicate ?? null,
    revisions: revisions
      .map((revision) => ({
        revision: revision.revision,
        at: revision.at.toISOString(),
        note: revision.note,
      }))
      .reverse(),
    checks,
    decisionItemId: item?.id ?? null,
    // The board is asked to reconsider a decision once.
    actions: actionsOf(row.status, viewer, row.decision).filter(
      (action) => action !== 'ask_reconsideration' || !row.reconsiderationRequestedAt,
    ),
  };
}

/** How many earlier decisions a reviewer sees beside a request. */
export const precedentsShown = 5;

/** The association's latest decided requests of the same kind of project (not this one). */
async function precedentsOf(db: Db, row: RequestRow): Promise<NonNullable<ArcRequest['precedents']>> {
  const rows = await db
    .select({
      id: arcRequests.id,
      title: arcRequests.title,
      unitLabel: units.label,
      decision: arcRequests.decision,
      conditions: arcRequests.conditions,
      reasons: arcRequests.reasons,
      decidedAt: arcRequests.decidedAt,
    })
    .from(arcRequests)
    .innerJoin(units, eq(units.id, arcRequests.unitId))
    .where(
      and(
        eq(arcRequests.propertyId, row.propertyId),
        ne(arcRequests.id, row.id),
        sql`${arcRequests.typeSnapshot}->>'kind' = ${row.typeSnapshot.kind}`,
        sql`${arcRequests.decision} is not null`,
        sql`${arcRequests.decidedAt} is not null`,
      ),
    )
    .orderBy(desc(arcRequests.decidedAt), asc(arcRequests.id))
    .limit(precedentsShown);
  return rows.map((precedent) => ({
    id: precedent.id,
    title: precedent.title,
    unit: { label: precedent.unitLabel },
    decision: precedent.decision!,
    conditions: precedent.conditions,
    reasons: precedent.reasons,
    decidedAt: precedent.decidedAt!.toISOString(),
  }));
}

/** One request of an association, for its reviewers (404 outside their scope or association). */
export async function getRequest(
  ctx: ServiceContext,
  propertyId: string,
  requestId: string,
): Promise<ArcRequest> {
  const row = await requestRowWhere(
    ctx.db,
    requestId,
    and(eq(arcRequests.propertyId, propertyId), reviewedBy(ctx.actor)),
  );
  return requestView(ctx.db, row, 'reviewer');
}

export type OpenedFile = {
  stream: NodeJS.ReadableStream;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
};

/** A file of a request the caller may see (the condition says which requests). */
export async function openFileOf(
  db: Db,
  storage: FileStorage,
  requestId: string,
  fileId: string,
  condition: SQL | undefined,
): Promise<OpenedFile> {
  const [file] = await db
    .select({
      filePath: arcFiles.filePath,
      fileName: arcFiles.fileName,
      mimeType: arcFiles.mimeType,
      sizeBytes: arcFiles.sizeBytes,
    })
    .from(arcFiles)
    .innerJoin(arcRequests, eq(arcRequests.id, arcFiles.requestId))
    .innerJoin(properties, eq(properties.id, arcRequests.propertyId))
    .where(and(eq(arcFiles.id, fileId), eq(arcFiles.requestId, requestId), condition));
  if (!file) throw notFound('File');
  try {
    return { ...file, stream: await storage.open(file.filePath) };
  } catch (error) {
    if (error instanceof FileNotFoundError)
      throw new AppError(404, 'FILE_MISSING', 'This file is no longer in storage.');
    throw new AppError(500, 'FILE_ACCESS_FAILED', 'The file could not be read. Please try again.');
  }
}

/** A file of an association's request, for its reviewers. */
export const openRequestFile = (
  ctx: ServiceContext & { storage: FileStorage },
  propertyId: string,
  requestId: string,
  fileId: string,
) =>
  openFileOf(
    ctx.db,
    ctx.storage,
    requestId,
    fileId,
    and(eq(arcRequests.propertyId, propertyId), reviewedBy(ctx.actor)),
  );
