import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  arcCompletionRequirement,
  arcDecisionLabels,
  arcNextStatus,
  type ArcRequest,
  type inspectArcRequestSchema,
  type reportArcCompletionSchema,
} from '@commonwise/contracts';
import { arcFiles, arcRequests, violationEvents, violations } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { administers } from '../access/scope.ts';
import { formatDay, formatMomentIn } from '../letters/values.ts';
import { addDays, lockOpenViolation, requireRuleInUse } from '../violations/violations.service.ts';
import { requireArcReader, reviewedBy } from './arc-access.ts';
import {
  deciderMembersOf,
  describe,
  lockRequest,
  ownerLink,
  reviewerLink,
  reviewersOf,
} from './lifecycle.ts';
import { getMyRequest, lockOwn } from './owner-requests.service.ts';
import { getRequest, requestRowWhere, type RequestRow } from './requests.service.ts';

/**
 * Approved work, finished and inspected (issue 22 item 4): the owner reports the work finished with
 * photos, an inspection falls due, and a person inspects. A pass closes the request; a fail closes it
 * too and opens a violation of the rule the work breaks, with the decision it departs from written
 * into the violation's first observation. Nothing here is decided by the product.
 */

/**
 * Days from the completion report to the inspection's due date. This is the product's scheduling
 * default, not a legal deadline: no statute in the jurisdiction file sets one.
 */
export const inspectionDueDays = 14;

/** The owner reports the approved work finished: at least one photo of it must have been sent. */
export async function reportCompletion(
  ctx: ServiceContext,
  requestId: string,
  input: z.output<typeof reportArcCompletionSchema>,
): Promise<ArcRequest> {
  await ctx.db.transaction(async (tx) => {
    const { row, property } = await lockOwn(tx, ctx, requestId);
    if (arcNextStatus(row.status, 'report_completion', row.decision ?? undefined) === null)
      throw new AppError(
        409,
        'REQUEST_NOT_CHANGEABLE',
        row.status === 'pending_inspection'
          ? 'You have already reported this work finished: it waits for its inspection.'
          : 'Only approved work is reported finished.',
      );
    const [photos] = await tx
      .select({ count: count() })
      .from(arcFiles)
      .where(and(eq(arcFiles.requestId, row.id), eq(arcFiles.requirement, arcCompletionRequirement)));
    if (photos!.count === 0)
      throw new AppError(422, 'PHOTOS_REQUIRED', 'Add at least one photo of the finished work first.', {
        fields: { photos: 'Add at least one photo of the finished work' },
      });
    const now = new Date();
    const dueOn = addDays(property.today, inspectionDueDays);
    await tx
      .update(arcRequests)
      .set({
        status: 'pending_inspection',
        completionReportedAt: now,
        completionNote: input.note?.trim() || null,
        inspectionDueOn: dueOn,
        updatedAt: now,
      })
      .where(eq(arcRequests.id, row.id));
    const note = input.note?.trim() ? `\n\nThe owner adds: ${input.note.trim()}` : '';
    await ctx.notifier.notify(tx, await reviewersOf(tx, row.propertyId), {
      kind: 'arc.review',
      propertyId: row.propertyId,
      title: `To inspect: ${describe(row)}`,
      body: `${row.applicantName} reports the approved work “${row.title}” at unit ${row.unitLabel}, ${row.propertyName}, finished, with ${photos!.count} ${photos!.count === 1 ? 'photo' : 'photos'}. The inspection is due by ${formatDay(dueOn)}.${note}`,
      link: reviewerLink(row),
      dedupeKey: `arc-request:${row.id}:completion`,
    });
  });
  return getMyRequest(ctx, requestId);
}

/** The decision, as a failed inspection's violation quotes it. */
function decisionSummary(row: RequestRow): string {
  const decided = row.decidedAt ? ` on ${formatMomentIn(row.decidedAt, row.timeZone)}` : '';
  const conditions = row.conditions ? ` Its conditions: ${row.conditions}` : '';
  return `The ${row.typeSnapshot.name.toLowerCase()} request “${row.title}” (revision ${row.revision}) was ${arcDecisionLabels[row.decision ?? 'approve'].toLowerCase()}${decided}.${conditions}`;
}

/**
 * Records the inspection of reported work (a serving member of the deciding committee, a manager, an
 * admin): a pass closes the request; a fail needs what was found and the rule the work breaks, closes
 * the request and opens a violation of that rule (or adds to the unit's open one), in one transaction.
 */
export async function inspectRequest(
  ctx: ServiceContext,
  propertyId: string,
  requestId: string,
  input: z.output<typeof inspectArcRequestSchema>,
): Promise<ArcRequest> {
  const property = await requireArcReader(ctx.db, ctx.actor, propertyId);
  await ctx.db.transaction(async (tx) => {
    await lockRequest(tx, requestId, and(eq(arcRequests.propertyId, propertyId), reviewedBy(ctx.actor)));
    const row = await requestRowWhere(tx, requestId, undefined);
    const event = input.result === 'pass' ? 'pass_inspection' : 'fail_inspection';
    if (arcNextStatus(row.status, event) === null)
      throw new AppError(
        409,
        'REQUEST_NOT_CHANGEABLE',
        row.status === 'closed'
          ? 'This request is closed: its inspection is recorded.'
          : 'Only work the owner has reported finished is inspected.',
      );
    const members = await deciderMembersOf(tx, propertyId);
    if (!members.includes(ctx.actor.id) && !(await administers(tx, ctx.actor, propertyId)))
      throw new AppError(
        403,
        'NOT_A_MEMBER',
        'Only the committee’s serving members or the association’s managers record an inspection.',
      );
    const note = input.note?.trim() ?? '';
    const fields: Record<string, string> = {};
    if (input.result === 'fail' && !note) fields.note = 'Say what is wrong with the work';
    if (input.result === 'fail' && !input.ruleId) fields.ruleId = 'Choose the rule the work breaks';
    if (Object.keys(fields).length > 0)
      throw new AppError(422, 'NOTE_REQUIRED', `${Object.values(fields).join('; ')}.`, { fields });

    const now = new Date();
    let violationId: string | null = null;
    if (input.result === 'fail') {
      const rule = await requireRuleInUse(tx, propertyId, input.ruleId!);
      const observation = `Inspection of approved architectural work failed: ${note}\n\n${decisionSummary(row)}`;
      const open = await lockOpenViolation(tx, row.unitId, rule.id);
      if (open) violationId = open.id;
      else {
        const [created] = await tx
          .insert(violations)
          .values({
            propertyId,
            unitId: row.unitId,
            ruleId: rule.id,
            source: 'arc_inspection',
            observedAt: now,
            cureDueOn:
              rule.curable && rule.defaultCureDays ? addDays(property.today, rule.defaultCureDays) : null,
            createdBy: ctx.actor.id,
          })
          .returning({ id: violations.id });
        violationId = created!.id;
      }
      await tx.insert(violationEvents).values({
        violationId,
        kind: open ? 'observed_again' : 'observed',
        actorId: ctx.actor.id,
        note: observation.slice(0, 5000),
        at: now,
      });
    }
    await tx
      .update(arcRequests)
      .set({
        status: 'closed',
        inspectionResult: input.result,
        inspectedBy: ctx.actor.id,
        inspectedAt: now,
        inspectionNote: note || null,
        violationId,
        updatedAt: now,
      })
      .where(eq(arcRequests.id, row.id));
    await ctx.notifier.notify(tx, [row.applicantId], {
      kind: 'arc.request-update',
      propertyId,
      title:
        input.result === 'pass'
          ? `Your ${row.typeSnapshot.name.toLowerCase()} work passed its inspection`
          : `Your ${row.typeSnapshot.name.toLowerCase()} work did not pass its inspection`,
      body:
        input.result === 'pass'
          ? `The inspection of “${row.title}” at unit ${row.unitLabel} found the work as approved. The request is closed.`
          : `The inspection of “${row.title}” at unit ${row.unitLabel} found: ${note}\n\nThe association has recorded a violation; you will hear from it about what to do next.`,
      link: ownerLink(row.id),
      dedupeKey: `arc-request:${row.id}:inspected`,
    });
  });
  return getRequest(ctx, propertyId, requestId);
}
