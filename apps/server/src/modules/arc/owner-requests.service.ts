import { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import {
  arcCompletionRequirement,
  arcNextStatus,
  formatMoney,
  type ArcProjectTypeList,
  type ArcRequest,
  type ArcRequestList,
  type createArcRequestSchema,
  type reviseArcRequestSchema,
} from '@commonwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  arcFiles,
  arcProjectTypes,
  arcRequestRevisions,
  arcRequests,
  decisionItems,
  units,
} from '../../db/schema/index.ts';
import type { ArcTypeSnapshot } from '../../db/schema/arc.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { FileStorage } from '../../plugins/storage.ts';
import { ownsUnit } from '../access/memberships.ts';
import type { ExtractionPool } from '../documents/extraction/extraction-pool.ts';
import { firstOpenDay, insertCharges, postingAccounts } from '../finance/charges.ts';
import { requireValidAnswers, type Answers } from './answers.ts';
import { ownedBy, propertyOf, type ArcProperty } from './arc-access.ts';
import { arcFileKey, arcMimeTypes, readArcFileText, receiveArcFile } from './arc-files.ts';
import {
  assertAllowed,
  completeRequest,
  describe,
  lockRequest,
  missingNow,
  reviewerLink,
  reviewersOf,
  tellOwnerMissing,
} from './lifecycle.ts';
import { activeProjectTypes } from './project-types.service.ts';
import {
  maxFilesPerRequest,
  openFileOf,
  pageOfRequests,
  requestRowWhere,
  requestView,
  type RequestRow,
} from './requests.service.ts';

/**
 * The owner's side of architectural review (issue 22 items 1 and 6), in the resident portal: the project
 * types of their unit's association, their units' requests, a new request (its fee posted to the unit's
 * ledger, told at once what is missing), revisions, files, and withdrawing. A request is the units the
 * caller owns today: a co-owner sees it too, a past owner no longer does (404, like a missing one).
 */

export type OwnerArcContext = ServiceContext & { storage: FileStorage; extractor: ExtractionPool };

const mine = (ctx: ServiceContext) => ownedBy(ctx.actor);

/** A unit the caller owns today (404 otherwise). */
async function ownUnit(db: Db, ctx: ServiceContext, unitId: string) {
  const [unit] = await db
    .select({ id: units.id, label: units.label, propertyId: units.propertyId })
    .from(units)
    .where(and(eq(units.id, unitId), isNull(units.archivedAt), ownsUnit(ctx.actor.id, sql`${units.id}`)));
  if (!unit) throw notFound('Unit');
  return unit;
}

export async function myProjectTypes(ctx: ServiceContext, unitId: string): Promise<ArcProjectTypeList> {
  const unit = await ownUnit(ctx.db, ctx, unitId);
  return { projectTypes: await activeProjectTypes(ctx.db, unit.propertyId) };
}

export async function listMyRequests(
  ctx: ServiceContext,
  page: { page: number; limit: number },
): Promise<ArcRequestList> {
  return pageOfRequests(ctx.db, mine(ctx), page);
}

export async function getMyRequest(ctx: ServiceContext, requestId: string): Promise<ArcRequest> {
  return requestView(ctx.db, await requestRowWhere(ctx.db, requestId, mine(ctx)), 'owner');
}

/** The request locked, and read with its association, if the caller owns its unit today. */
export async function lockOwn(tx: Db, ctx: ServiceContext, requestId: string) {
  await lockRequest(tx, requestId, mine(ctx));
  const row = await requestRowWhere(tx, requestId, undefined);
  return { row, property: await propertyOf(tx, row.propertyId) };
}

/**
 * Posts the project type's fee to the unit's ledger as a `fee` charge: an application fee is what the
 * association charges for a service, like the one-off fees its managers charge (not an assessment, not
 * a fine), so it goes to fee income, due today.
 */
async function postFee(
  tx: Db,
  ctx: ServiceContext,
  input: {
    propertyId: string;
    unitId: string;
    unitLabel: string;
    typeName: string;
    feeCents: number;
    today: string;
  },
): Promise<string> {
  let accounts;
  try {
    accounts = await postingAccounts(tx, input.propertyId, 'fee', undefined);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(
      409,
      'FEE_CANNOT_POST',
      `The association's books cannot take this project's ${formatMoney(input.feeCents)} fee yet (${error.message}). Please tell its manager; nothing was submitted.`,
    );
  }
  const [chargeId] = await insertCharges(
    tx,
    input.propertyId,
    accounts,
    [
      {
        unitId: input.unitId,
        kind: 'fee',
        description: `Architectural review fee: ${input.typeName} (unit ${input.unitLabel})`,
        dueOn: input.today,
        amountCents: input.feeCents,
      },
    ],
    await firstOpenDay(tx, input.propertyId, input.today),
    ctx.actor.id,
  );
  return chargeId!;
}

/**
 * A new request for a unit the caller owns: the answers checked against the project type's form, the
 * type kept as it is now, revision 1 recorded, the fee (if any) posted to the unit's ledger, and the
 * owner told at once what is still missing — all together. Another active request of the same unit and
 * project type is a warning (`duplicateOf`), not a refusal.
 */
export async function createRequest(
  ctx: ServiceContext,
  input: z.output<typeof createArcRequestSchema>,
): Promise<ArcRequest> {
  const requestId = await ctx.db.transaction(async (tx) => {
    const unit = await ownUnit(tx, ctx, input.unitId);
    const [type] = await tx
      .select()
      .from(arcProjectTypes)
      .where(
        and(eq(arcProjectTypes.id, input.projectTypeId), eq(arcProjectTypes.propertyId, unit.propertyId)),
      );
    if (!type) throw notFound('Project type');
    if (!type.active)
      throw new AppError(
        422,
        'PROJECT_TYPE_INACTIVE',
        'This kind of project is no longer offered: choose another.',
        {
          fields: { projectTypeId: 'This kind of project is no longer offered: choose another.' },
        },
      );
    const answers = requireValidAnswers(type.fields, input.answers);
    const property = await propertyOf(tx, unit.propertyId);
    const snapshot: ArcTypeSnapshot = {
      kind: type.kind,
      name: type.name,
      fields: type.fields,
      files: type.files,
      checks: type.checks,
      feeCents: type.feeCents,
      reviewDays: type.reviewDays,
      reviewDaysSource: type.reviewDays === null ? null : type.reviewDaysSource,
    };
    const [created] = await tx
      .insert(arcRequests)
      .values({
        propertyId: unit.propertyId,
        unitId: unit.id,
        applicantId: ctx.actor.id,
        projectTypeId: type.id,
        typeSnapshot: snapshot,
        title: input.title,
        description: input.description,
        answers,
        status: 'incomplete',
        revision: 1,
        missing: [],
      })
      .returning({ id: arcRequests.id });
    const id = created!.id;
    await tx.insert(arcRequestRevisions).values({
      requestId: id,
      revision: 1,
      title: input.title,
      description: input.description,
      answers,
      note: 'Submitted',
      createdBy: ctx.actor.id,
    });
    if (snapshot.feeCents > 0) {
      const feeChargeId = await postFee(tx, ctx, {
        propertyId: unit.propertyId,
        unitId: unit.id,
        unitLabel: unit.label,
        typeName: type.name,
        feeCents: snapshot.feeCents,
        today: property.today,
      });
      await tx.update(arcRequests).set({ feeChargeId }).where(eq(arcRequests.id, id));
    }
    await settle(tx, ctx, await requestRowWhere(tx, id, undefined), property, true);
    return id;
  });
  return getMyRequest(ctx, requestId);
}

/**
 * After a change: what is missing now. An incomplete request with nothing missing is complete (its
 * clock starts); one still missing something is told so. A request the committee sent back for more
 * information is complete again with its new revision (its clock restarts). One under review stays so.
 */
async function settle(
  tx: Db,
  ctx: ServiceContext,
  row: RequestRow,
  property: ArcProperty,
  isSubmission = false,
) {
  const missing = await missingNow(tx, row);
  await tx.update(arcRequests).set({ missing }).where(eq(arcRequests.id, row.id));
  const updated = { ...row, missing };
  if (missing.length === 0 && (row.status === 'incomplete' || row.status === 'more_information')) {
    await completeRequest(tx, ctx, updated, property);
    return;
  }
  // Told at once when it arrives; later changes show what is missing on the request itself.
  if (isSubmission) await tellOwnerMissing(tx, ctx, updated, missing, 'submitted');
}

/** A change to a request already complete: the reviewers are told of its new revision. */
async function tellReviewersRevised(tx: Db, ctx: ServiceContext, row: RequestRow, note: string) {
  await ctx.notifier.notify(tx, await reviewersOf(tx, row.propertyId), {
    kind: 'arc.review',
    propertyId: row.propertyId,
    title: `Revised: ${describe(row)} (revision ${row.revision})`,
    body: `${row.applicantName} sent revision ${row.revision} of “${row.title}” for unit ${row.unitLabel}, ${row.propertyName}.${note ? `\n\n“${note}”` : ''}\n\nThe review window is unchanged.`,
    link: reviewerLink(row),
    dedupeKey: `arc-request:${row.id}:revision:${row.revision}`,
  });
}

/**
 * Records a new revision of a request that was complete (its answers as they are now), and returns it
 * re-read. Before *complete at* a change is made in place and no revision is added.
 */
async function addRevision(
  tx: Db,
  ctx: ServiceContext,
  row: RequestRow,
  values: { title: string; description: string; answers: Answers; note: string },
): Promise<RequestRow> {
  const revision = row.revision + 1;
  await tx.insert(arcRequestRevisions).values({
    requestId: row.id,
    revision,
    title: values.title,
    description: values.description,
    answers: values.answers,
    note: values.note,
    createdBy: ctx.actor.id,
  });
  await tx
    .update(arcRequests)
    .set({
      title: values.title,
      description: values.description,
      answers: values.answers,
      revision,
      updatedAt: new Date(),
    })
    .where(eq(arcRequests.id, row.id));
  return requestRowWhere(tx, row.id, undefined);
}

/**
 * Changes a request's title, description or answers (an empty answer clears it). Before *complete at*
 * the request is changed in place; after, the change is a new revision, and the clock restarts only if
 * the committee had asked for more information. A required answer cannot be cleared once complete.
 * Refused (409) once decided, closed or withdrawn.
 */
export async function reviseRequest(
  ctx: ServiceContext,
  requestId: string,
  input: z.output<typeof reviseArcRequestSchema>,
): Promise<ArcRequest> {
  await ctx.db.transaction(async (tx) => {
    const { row, property } = await lockOwn(tx, ctx, requestId);
    assertAllowed(row.status, 'revise');
    const answers = input.answers
      ? requireValidAnswers(row.typeSnapshot.fields, { ...row.answers, ...input.answers })
      : row.answers;
    const values = {
      title: input.title ?? row.title,
      description: input.description ?? row.description,
      answers,
      note: input.note ?? '',
    };
    const changed =
      values.title !== row.title ||
      values.description !== row.description ||
      JSON.stringify(sorted(values.answers)) !== JSON.stringify(sorted(row.answers)) ||
      values.note !== '';
    if (!changed) return;
    if (row.completeAt === null && values.note !== '') {
      const message =
        'A note goes with a new revision, once the request is complete; until then the request is simply changed. Put it in the description instead.';
      throw new AppError(422, 'NOTE_BEFORE_COMPLETE', message, { fields: { note: message } });
    }
    if (row.completeAt === null) {
      await tx
        .update(arcRequests)
        .set({ title: values.title, description: values.description, answers, updatedAt: new Date() })
        .where(eq(arcRequests.id, row.id));
      await settle(tx, ctx, { ...row, ...values }, property);
      return;
    }
    const cleared = row.typeSnapshot.fields.filter(
      (field) => field.required && row.answers[field.key] !== undefined && answers[field.key] === undefined,
    );
    if (cleared.length > 0)
      throw new AppError(
        422,
        'REQUIRED_ANSWER_CLEARED',
        'A required answer cannot be removed once the request is complete: change it instead.',
        {
          fields: Object.fromEntries(
            cleared.map((field) => [
              `answers.${field.key}`,
              `${field.label} is required: change it instead of removing it.`,
            ]),
          ),
        },
      );
    const revised = await addRevision(tx, ctx, row, values);
    if (revised.status === 'more_information') await settle(tx, ctx, revised, property);
    else await tellReviewersRevised(tx, ctx, revised, values.note);
  });
  return getMyRequest(ctx, requestId);
}

const sorted = (answers: Answers) =>
  Object.fromEntries(Object.entries(answers).sort(([a], [b]) => a.localeCompare(b)));

/** Whether the request takes photos of finished work now (approved, not yet reported finished). */
const takesCompletionPhotos = (row: Pick<RequestRow, 'status' | 'decision'>) =>
  arcNextStatus(row.status, 'report_completion', row.decision ?? undefined) !== null;

/**
 * The request the caller may send a file to (owned, still changeable or taking photos of the finished
 * work, not full): checked before reading it.
 */
async function requireFileTarget(ctx: ServiceContext, requestId: string) {
  const row = await requestRowWhere(ctx.db, requestId, mine(ctx));
  if (!takesCompletionPhotos(row)) assertAllowed(row.status, 'revise');
  await assertRoomForFile(ctx.db, row.id);
  return row;
}

/** A file's requirement against what the request takes now: 409 or 415 before anything is stored. */
function assertFileFits(
  row: Pick<RequestRow, 'status' | 'decision' | 'typeSnapshot'>,
  requirement: string | null,
  kind: string,
) {
  if (requirement === arcCompletionRequirement) {
    if (!takesCompletionPhotos(row))
      throw new AppError(
        409,
        'REQUEST_NOT_CHANGEABLE',
        'Photos of the finished work are sent once the request is approved, before the work is reported finished.',
      );
    if (!['jpg', 'jpeg', 'png', 'heic', 'heif'].includes(kind))
      throw new AppError(
        415,
        'UNSUPPORTED_FILE_TYPE',
        'Photos of the finished work are JPEG, PNG or HEIC images.',
      );
    return;
  }
  assertAllowed(row.status, 'revise');
  if (requirement !== null && !row.typeSnapshot.files.some((candidate) => candidate.key === requirement)) {
    const message = `Choose one of the files this project needs: ${row.typeSnapshot.files.map((candidate) => candidate.key).join(', ') || 'none are listed'}.`;
    throw new AppError(422, 'UNKNOWN_REQUIREMENT', message, { fields: { requirement: message } });
  }
}

async function assertRoomForFile(db: Db, requestId: string) {
  const [files] = await db.select({ count: count() }).from(arcFiles).where(eq(arcFiles.requestId, requestId));
  if (files!.count >= maxFilesPerRequest)
    throw new AppError(
      409,
      'TOO_MANY_FILES',
      `A request holds at most ${maxFilesPerRequest} files. If the project changed, withdraw this request and make a new one.`,
    );
}

/**
 * Receives a file for a request (multipart: `requirement`, then `file`): its type from its bytes and
 * name (415), its size (413), its text read; then, in one transaction, it is recorded, what is missing
 * is worked out again, and a request with nothing missing is complete — stamped, its due date set, its
 * decision item opened. After *complete at* a file is a new revision, like any change.
 */
export async function uploadRequestFile(
  ctx: OwnerArcContext,
  requestId: string,
  parts: AsyncIterableIterator<Multipart>,
): Promise<ArcRequest> {
  const target = await requireFileTarget(ctx, requestId);
  const { file, requirement } = await receiveArcFile(parts);
  assertFileFits(target, requirement, file.kind);
  const isCompletionPhoto = requirement === arcCompletionRequirement;
  const pages = await readArcFileText(ctx.extractor, file);
  const key = arcFileKey(target.propertyId, target.id, file.fileName);
  await ctx.storage.put(key, Readable.from([file.bytes]), arcMimeTypes[file.kind]);
  try {
    await ctx.db.transaction(async (tx) => {
      const { row, property } = await lockOwn(tx, ctx, requestId);
      assertFileFits(row, requirement, file.kind);
      await assertRoomForFile(tx, row.id);
      // A photo of the finished work is evidence for the inspection, not a change to what was decided.
      const current =
        row.completeAt === null || isCompletionPhoto
          ? row
          : await addRevision(tx, ctx, row, {
              title: row.title,
              description: row.description,
              answers: row.answers,
              note: `Added ${file.fileName}`,
            });
      await tx.insert(arcFiles).values({
        requestId: row.id,
        requirement,
        revision: current.revision,
        fileName: file.fileName,
        mimeType: arcMimeTypes[file.kind],
        sizeBytes: file.bytes.length,
        filePath: key,
        pages,
        uploadedBy: ctx.actor.id,
      });
      if (isCompletionPhoto) return;
      if (current.status === 'under_review')
        await tellReviewersRevised(tx, ctx, current, `Added ${file.fileName}`);
      else await settle(tx, ctx, current, property);
    });
  } catch (error) {
    await ctx.storage.remove(key).catch(() => {});
    throw error;
  }
  return getMyRequest(ctx, requestId);
}

/** A file of one of the caller's units' requests. */
export const openMyRequestFile = (
  ctx: ServiceContext & { storage: FileStorage },
  requestId: string,
  fileId: string,
) => openFileOf(ctx.db, ctx.storage, requestId, fileId, mine(ctx));

/**
 * Withdraws a request that is not decided yet (409 otherwise), with its open decision item; the
 * reviewers are told if it was before them. Its fee stays on the ledger (a manager may waive it).
 */
export async function withdrawRequest(ctx: ServiceContext, requestId: string): Promise<ArcRequest> {
  await ctx.db.transaction(async (tx) => {
    const { row } = await lockOwn(tx, ctx, requestId);
    assertAllowed(row.status, 'withdraw');
    const now = new Date();
    await tx
      .update(arcRequests)
      .set({ status: 'withdrawn', withdrawnAt: now, updatedAt: now })
      .where(eq(arcRequests.id, row.id));
    await tx
      .update(decisionItems)
      .set({ status: 'withdrawn', updatedAt: now })
      .where(and(eq(decisionItems.arcRequestId, row.id), eq(decisionItems.status, 'open')));
    if (row.completeAt !== null)
      await ctx.notifier.notify(tx, await reviewersOf(tx, row.propertyId), {
        kind: 'arc.review',
        propertyId: row.propertyId,
        title: `Withdrawn: ${describe(row)}`,
        body: `${row.applicantName} withdrew “${row.title}” for unit ${row.unitLabel}, ${row.propertyName}. Nothing is left to decide.`,
        link: reviewerLink(row),
        dedupeKey: `arc-request:${row.id}:withdrawn`,
      });
  });
  return getMyRequest(ctx, requestId);
}
