import { eq } from 'drizzle-orm';
import {
  arcDecisionLabels,
  arcNextStatus,
  arcReconsiderationOutcomeLabels,
  arcReconsiderationOutcomes,
  type ArcReconsiderationOutcome,
  type ArcRequest,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { arcRequests } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { decisionLink } from '../decisions/links.ts';
import { openDecisionItem } from '../decisions/open-item.ts';
import { currentOwners } from '../finance/collections.service.ts';
import { dayIn, formatDay, formatMomentIn } from '../letters/values.ts';
import { boardCommitteeOf, boardOf, describe, managersOf, ownerLink } from './lifecycle.ts';
import { getMyRequest, lockOwn } from './owner-requests.service.ts';
import { requestRowWhere, type RequestRow } from './requests.service.ts';

/**
 * Reconsideration (issue 22 items 3 and 5): an owner whose request was denied, or approved with
 * conditions, asks the board to look again, with their reason. The board decides it as any item of
 * its own (votes, or a vote at a meeting, under its rule): the decision stands, or the request is
 * approved. One request per decision; the product neither refuses a late one nor counts the days —
 * the denial letter said how and when to ask, and the board decides what a late request means.
 */

const options = arcReconsiderationOutcomes.map((key) => ({
  key,
  label: arcReconsiderationOutcomeLabels[key],
}));

function background(row: RequestRow, reason: string, askedAt: Date): string {
  const decided = row.decidedAt ? ` on ${formatMomentIn(row.decidedAt, row.timeZone)}` : '';
  const parts = [
    `${row.applicantName}'s ${row.typeSnapshot.name.toLowerCase()} request “${row.title}” for unit ${row.unitLabel} was ${arcDecisionLabels[row.decision!].toLowerCase()}${decided}.`,
  ];
  if (row.conditions) parts.push(`Conditions: ${row.conditions}`);
  if (row.reasons) parts.push(`Reasons given: ${row.reasons}`);
  if (row.rulesCited) parts.push(`Rule relied on: ${row.rulesCited}`);
  if (row.appeal) parts.push(`The decision said how to ask again: ${row.appeal}`);
  parts.push(
    `On ${formatMomentIn(askedAt, row.timeZone)} the owner asked the board to reconsider:\n\n${reason}`,
  );
  parts.push(
    '“Approve the request” approves it without conditions; to approve with other conditions, uphold this decision and decide a new request.',
  );
  return parts.join('\n\n');
}

/** The owner asks the board to reconsider the decision on a request of a unit they own today. */
export async function requestReconsideration(
  ctx: ServiceContext,
  requestId: string,
  input: { reason: string },
): Promise<ArcRequest> {
  await ctx.db.transaction(async (tx) => {
    const { row } = await lockOwn(tx, ctx, requestId);
    if (arcNextStatus(row.status, 'ask_reconsideration', row.decision ?? undefined) === null)
      throw new AppError(
        409,
        'NOT_RECONSIDERABLE',
        'Only a denial, or an approval with conditions, can be reconsidered.',
      );
    if (row.reconsiderationRequestedAt)
      throw new AppError(
        409,
        'RECONSIDERATION_ASKED',
        'The board has already been asked to reconsider this decision.',
      );
    const board = await boardCommitteeOf(tx, row.propertyId);
    if (!board)
      throw new AppError(
        409,
        'NO_BOARD',
        'The association has no board on record to reconsider the decision. Ask the association’s manager.',
      );
    const now = new Date();
    await tx
      .update(arcRequests)
      .set({ reconsiderationReason: input.reason, reconsiderationRequestedAt: now, updatedAt: now })
      .where(eq(arcRequests.id, row.id));
    const itemId = await openDecisionItem(tx, {
      propertyId: row.propertyId,
      committeeId: board.id,
      kind: 'reconsideration',
      title: `Reconsider: ${row.typeSnapshot.name.toLowerCase()} request at unit ${row.unitLabel}`,
      background: background(row, input.reason, now),
      options,
      // The law or the documents may set a time for the hearing; the product does not guess it.
      dueOn: null,
      published: false,
      reconsideredRequestId: row.id,
      createdBy: ctx.actor.id,
    });
    await ctx.notifier.notify(
      tx,
      [...(await boardOf(tx, row.propertyId)), ...(await managersOf(tx, row.propertyId))],
      {
        kind: 'decision.attention',
        propertyId: row.propertyId,
        title: `To decide: reconsider ${describe(row)}`,
        body: `${row.applicantName} asks the board to reconsider the decision on “${row.title}” (unit ${row.unitLabel}, ${row.propertyName}):\n\n${input.reason}`,
        link: decisionLink(row.propertyId, itemId),
        dedupeKey: `arc-reconsideration:${row.id}`,
      },
    );
  });
  return getMyRequest(ctx, requestId);
}

/**
 * The board decided a reconsideration (decisions.service `decideDecision`, in its transaction): the
 * answer is kept on the request, an approval replaces the decision, and the unit's owners are told.
 */
export async function recordReconsiderationOutcome(
  tx: Db,
  ctx: ServiceContext,
  requestId: string,
  outcome: string,
): Promise<void> {
  const answer = outcome as ArcReconsiderationOutcome;
  const row = await requestRowWhere(tx, requestId, undefined);
  const now = new Date();
  await tx
    .update(arcRequests)
    .set({
      reconsiderationOutcome: answer,
      reconsideredAt: now,
      ...(answer === 'approve' ? { decision: 'approve' as const, conditions: null } : {}),
      updatedAt: now,
    })
    .where(eq(arcRequests.id, requestId));
  const owners = await currentOwners(tx, row.unitId, dayIn(now, row.timeZone));
  await ctx.notifier.notify(
    tx,
    owners.map((owner) => owner.userId),
    {
      kind: 'arc.request-update',
      propertyId: row.propertyId,
      title:
        answer === 'approve'
          ? `Approved on reconsideration: your ${row.typeSnapshot.name.toLowerCase()} request`
          : `The board upheld the decision on your ${row.typeSnapshot.name.toLowerCase()} request`,
      body:
        answer === 'approve'
          ? `The board reconsidered “${row.title}” (unit ${row.unitLabel}) on ${formatDay(dayIn(now, row.timeZone))} and approved it. Once the work is finished, report it with photos from the request.`
          : `The board reconsidered “${row.title}” (unit ${row.unitLabel}) on ${formatDay(dayIn(now, row.timeZone))} and upheld the decision.`,
      link: ownerLink(row.id),
      dedupeKey: `arc-reconsideration:${row.id}:decided`,
    },
  );
}
