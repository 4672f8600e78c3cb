import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  arcDecisionLabels,
  arcNextStatus,
  type ArcDecision,
  type ArcRequest,
  type decideArcRequestSchema,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { arcDenialRequirements } from './denial.ts';
import { arcRequests, committees, decisionItems, properties, units } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileStorage } from '../../plugins/storage.ts';
import { administers } from '../access/scope.ts';
import { recordOutcome, servingMemberIds, type DecideInput } from '../decisions/record-outcome.ts';
import { currentOwners } from '../finance/collections.service.ts';
import { insertDraft, renderDraft } from '../letters/letters.service.ts';
import { currentVersionOf } from '../letters/templates.service.ts';
import { formatDay } from '../letters/values.ts';
import { requireArcReader, reviewedBy, type ArcProperty } from './arc-access.ts';
import { describe, lockRequest, ownerLink, reviewerLink } from './lifecycle.ts';
import { getRequest, requestRowWhere, type RequestRow } from './requests.service.ts';

/**
 * Deciding an architectural request (issue 22 items 3 and 4, decision 0061). The outcome must be
 * carried by the committee's votes under its rule (`recordOutcome`, as for any decision item); what the
 * decision must say is checked against the association's jurisdiction before anything is written: a
 * denial without its reasons, the rule relied on and how to ask again (and in Texas, the changes
 * needed) is refused, so its letter can never be made without them. The decision letter is drafted
 * from the association's `arc-decision` template in the same transaction; a person sends it through
 * the letters service, with the delivery the law asks for. The product decides nothing itself.
 */

export type ArcDecideContext = ServiceContext & { storage: FileStorage };
type DecideArcInput = z.output<typeof decideArcRequestSchema>;

export const decisionLetterTemplateKey = 'arc-decision';

const present = (text: string | undefined): text is string => (text ?? '').trim().length > 0;

/** The 422 naming each thing the decision must still say, per field. */
function missingContents(input: DecideArcInput, property: ArcProperty): Record<string, string> {
  const missing: Record<string, string> = {};
  if (input.outcome === 'approve_with_conditions' && !present(input.conditions))
    missing.conditions = 'State the conditions of the approval';
  if (input.outcome === 'more_information' && !present(input.note))
    missing.note = 'Say what the owner must send';
  if (input.outcome === 'deny') {
    const needs = arcDenialRequirements(property.jurisdiction);
    if (!present(input.reasons)) missing.reasons = 'A denial states its reasons';
    if (!present(input.rulesCited)) missing.rulesCited = 'A denial cites the rule it relies on';
    if (!present(input.appeal)) missing.appeal = 'A denial says how to ask for reconsideration or a hearing';
    if (needs.changesNeeded && !present(input.changesNeeded))
      missing.changesNeeded = `In ${property.jurisdiction === 'TX' ? 'Texas' : 'this jurisdiction'} a denial states the changes that would make the project approvable${needs.statute ? ` (${needs.statute})` : ''}`;
  }
  return missing;
}

function refuseIncomplete(input: DecideArcInput, fields: Record<string, string>): AppError {
  const code =
    input.outcome === 'deny'
      ? 'DENIAL_INCOMPLETE'
      : input.outcome === 'approve_with_conditions'
        ? 'CONDITIONS_REQUIRED'
        : 'NOTE_REQUIRED';
  const lead =
    input.outcome === 'deny'
      ? 'A denial letter cannot be sent without everything the law and the association’s procedure ask of it: '
      : '';
  return new AppError(422, code, `${lead}${Object.values(fields).join('; ')}.`, { fields });
}

/** The open decision item of the request, locked. */
async function openItemOf(tx: Db, requestId: string) {
  const [item] = await tx
    .select()
    .from(decisionItems)
    .where(and(eq(decisionItems.arcRequestId, requestId), eq(decisionItems.status, 'open')))
    .orderBy(desc(decisionItems.createdAt))
    .limit(1)
    .for('update');
  return item;
}

/** The letter's words: the decision, and for a denial everything the owner needs to act on it. */
export function decisionText(
  row: Pick<RequestRow, 'title' | 'unitLabel' | 'revision' | 'typeSnapshot'>,
  committeeName: string,
  decidedOn: string,
  input: Pick<
    DecideArcInput,
    'conditions' | 'reasons' | 'rulesCited' | 'changesNeeded' | 'appeal' | 'note'
  > & {
    outcome: ArcDecision;
  },
): string {
  const what = `your ${row.typeSnapshot.name.toLowerCase()} request “${row.title}” (revision ${row.revision}) for unit ${row.unitLabel}`;
  const on = formatDay(decidedOn);
  const parts: string[] = [];
  if (input.outcome === 'approve')
    parts.push(
      `On ${on} the ${committeeName} approved ${what}.`,
      'You may carry out the work as described in the request. When it is finished, report it from your resident portal with photos of the finished work: an inspection follows.',
    );
  if (input.outcome === 'approve_with_conditions')
    parts.push(
      `On ${on} the ${committeeName} approved ${what}, with these conditions:`,
      input.conditions!.trim(),
      'You may carry out the work as described in the request and under these conditions. When it is finished, report it from your resident portal with photos of the finished work: an inspection follows.',
    );
  if (input.outcome === 'deny') {
    parts.push(`On ${on} the ${committeeName} denied ${what}.`, `Reasons: ${input.reasons!.trim()}`);
    parts.push(`The rule relied on: ${input.rulesCited!.trim()}`);
    if (present(input.changesNeeded))
      parts.push(`Changes that would make the project approvable: ${input.changesNeeded.trim()}`);
    parts.push(`Your right to ask again: ${input.appeal!.trim()}`);
  }
  if (present(input.note) && input.outcome !== 'deny') parts.push(`The committee adds: ${input.note.trim()}`);
  return parts.join('\n\n');
}

const asDecideInput = (input: DecideArcInput): DecideInput =>
  input.method === 'votes'
    ? { method: 'votes', outcome: input.outcome, note: input.note }
    : {
        method: 'meeting',
        outcome: input.outcome,
        heldOn: input.heldOn,
        minutesDocumentId: input.minutesDocumentId,
        counts: input.counts,
        note: input.note,
      };

/**
 * Records the committee's decision on a request under review: who may (a serving member of the
 * deciding committee, a manager of the association, an admin), what it must say (422), whether the
 * votes carry it (409), then — in one transaction — the request decided (or sent back for more
 * information), its letter drafted, and the owner and the committee told.
 */
export async function decideRequest(
  ctx: ArcDecideContext,
  propertyId: string,
  requestId: string,
  input: DecideArcInput,
): Promise<ArcRequest> {
  const property = await requireArcReader(ctx.db, ctx.actor, propertyId);
  const written: string[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      await lockRequest(tx, requestId, and(eq(arcRequests.propertyId, propertyId), reviewedBy(ctx.actor)));
      const row = await requestRowWhere(tx, requestId, undefined);
      const decision = input.outcome === 'more_information' ? undefined : input.outcome;
      const event = decision ? 'decide' : 'ask_more_information';
      if (arcNextStatus(row.status, event, decision) === null)
        throw new AppError(
          409,
          'REQUEST_NOT_CHANGEABLE',
          row.status === 'incomplete'
            ? 'This request is still incomplete: it is decided once it is complete and under review.'
            : row.status === 'more_information'
              ? 'The committee asked the owner for more information: the request is decided once it is back under review.'
              : 'This request is no longer under review: it cannot be decided again.',
        );
      const item = await openItemOf(tx, row.id);
      if (!item)
        throw new AppError(
          409,
          'NO_DECISION_ITEM',
          'This request is not before a committee: the association has no architectural review committee and no board to decide it.',
        );
      const members = await servingMemberIds(tx, item.committeeId);
      if (!members.includes(ctx.actor.id) && !(await administers(tx, ctx.actor, propertyId)))
        throw new AppError(
          403,
          'NOT_A_MEMBER',
          'Only the committee’s serving members or the association’s managers record its decision.',
        );
      const missing = missingContents(input, property);
      if (Object.keys(missing).length > 0) throw refuseIncomplete(input, missing);
      await recordOutcome(tx, ctx, item, asDecideInput(input));

      const [committee] = await tx
        .select({ name: committees.name })
        .from(committees)
        .where(eq(committees.id, item.committeeId));
      const now = new Date();
      if (!decision) {
        await sendBack(tx, ctx, row, input.note!.trim(), now);
        return;
      }
      const text = (value: string | undefined) => (present(value) ? value.trim() : null);
      const letterId = await draftLetter(tx, ctx, row, property, committee!.name, {
        ...input,
        outcome: decision,
      });
      if (letterId) written.push(letterId);
      await tx
        .update(arcRequests)
        .set({
          status: 'decided',
          decision,
          conditions: decision === 'approve_with_conditions' ? text(input.conditions) : null,
          reasons: decision === 'deny' ? text(input.reasons) : null,
          rulesCited: decision === 'deny' ? text(input.rulesCited) : null,
          changesNeeded: decision === 'deny' ? text(input.changesNeeded) : null,
          appeal: decision === 'deny' ? text(input.appeal) : null,
          decidedAt: now,
          decisionLetterId: letterId,
          updatedAt: now,
        })
        .where(eq(arcRequests.id, row.id));
      const label = arcDecisionLabels[decision].toLowerCase();
      await ctx.notifier.notify(tx, [row.applicantId], {
        kind: 'arc.request-update',
        propertyId,
        title: `Your ${row.typeSnapshot.name.toLowerCase()} request was ${label}`,
        body: `The ${committee!.name} decided “${row.title}” for unit ${row.unitLabel}: ${label}.${decision === 'deny' ? ' The reasons, the rule relied on and how to ask again are in the request and in the decision letter.' : ' When the work is finished, report it with photos from the request.'}\n\nThe decision letter follows.`,
        link: ownerLink(row.id),
        dedupeKey: `arc-request:${row.id}:decided`,
      });
      await ctx.notifier.notify(
        tx,
        members.filter((member) => member !== ctx.actor.id),
        {
          kind: 'arc.review',
          propertyId,
          title: `Decided: ${describe(row)}`,
          body: `The ${committee!.name} decided “${row.title}” for unit ${row.unitLabel}, ${row.propertyName}: ${label}. Its letter is drafted for sending.`,
          link: reviewerLink(row),
          dedupeKey: `arc-request:${row.id}:decided`,
        },
      );
    });
  } catch (error) {
    // The transaction rolled back: a drafted letter's PDF must not stay behind without its record.
    await Promise.all(
      written.map((id) => ctx.storage.remove(`letters/${propertyId}/${id}.pdf`).catch(() => {})),
    );
    throw error;
  }
  return getRequest(ctx, propertyId, requestId);
}

/** More information: the request goes back to the owner, told what to send; the clock restarts when it is complete. */
async function sendBack(tx: Db, ctx: ServiceContext, row: RequestRow, note: string, now: Date) {
  await tx
    .update(arcRequests)
    .set({ status: 'more_information', moreInformationNote: note, updatedAt: now })
    .where(eq(arcRequests.id, row.id));
  await ctx.notifier.notify(tx, [row.applicantId], {
    kind: 'arc.request-update',
    propertyId: row.propertyId,
    title: `Your ${row.typeSnapshot.name.toLowerCase()} request needs more information`,
    body: `The committee reviewing “${row.title}” for unit ${row.unitLabel} asks for more information:\n\n${note}\n\nChange the request or add files from the resident portal; the review starts again, with a new due date, once you send it.`,
    link: ownerLink(row.id),
    dedupeKey: `arc-request:${row.id}:more-information:${now.toISOString()}`,
  });
}

/**
 * The decision letter, drafted from the association's current `arc-decision` template to the unit's
 * owners today (not approved again: the committee's vote was the decision). Returns its id, or null
 * when the unit has no owner today to write to.
 */
async function draftLetter(
  tx: Db,
  ctx: ArcDecideContext,
  row: RequestRow,
  property: ArcProperty,
  committeeName: string,
  input: Parameters<typeof decisionText>[3],
): Promise<string | null> {
  const template = await currentVersionOf(tx, row.propertyId, decisionLetterTemplateKey);
  if (!template)
    throw new AppError(
      409,
      'NO_DECISION_TEMPLATE',
      `The association has no “${decisionLetterTemplateKey}” letter template to write the decision with: publish one in Letters.`,
    );
  const owners = await currentOwners(tx, row.unitId, property.today);
  if (owners.length === 0) return null;
  const [unit] = await tx.select().from(units).where(eq(units.id, row.unitId));
  const [propertyRow] = await tx.select().from(properties).where(eq(properties.id, row.propertyId));
  const draft = await renderDraft(ctx.storage, {
    property: propertyRow!,
    template,
    unit: unit!,
    owners,
    sender: ctx.actor.fullName || ctx.actor.email,
    createdBy: ctx.actor.id,
    values: { 'decision.text': decisionText(row, committeeName, property.today, input) },
    requiresApproval: false,
  });
  await insertDraft(tx, draft);
  return draft.row.id;
}
