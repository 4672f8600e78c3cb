import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  abstainChoice,
  carriedOption,
  ruleNeeds,
  type decideDecisionItemSchema,
  type DecisionOption,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  committeeMembers,
  committees,
  decisionItems,
  decisionVotes,
  properties,
  propertyDocuments,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { currentBetween } from '../access/memberships.ts';
import { dayIn } from '../letters/values.ts';

/**
 * Recording a decision item's outcome (issue 22, decision 0060): the one place that says whether an
 * outcome may be recorded — by the votes cast here, or by a vote taken at a meeting — under the
 * committee's decision rule (`carriedOption`, shared with the web). The decisions routes call it, and so
 * does the architectural review module inside its own transaction, where a request is decided with its
 * reasons or conditions.
 */

export type DecideInput = z.output<typeof decideDecisionItemSchema>;
export type DecisionItemRow = typeof decisionItems.$inferSelect;

/** The people serving on the committee today (each once, whatever their seats). */
export async function servingMemberIds(db: Db, committeeId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: committeeMembers.userId })
    .from(committeeMembers)
    .where(
      and(
        eq(committeeMembers.committeeId, committeeId),
        currentBetween(sql`${committeeMembers.startsOn}`, sql`${committeeMembers.endsOn}`),
      ),
    );
  return rows.map((row) => row.userId);
}

/**
 * The choices that count under the rule: the votes of the members serving today. A member whose term
 * ended keeps their vote on the record, but no longer counts towards a majority of today's members.
 */
export async function countedChoices(
  db: Db,
  itemId: string,
  memberIds: readonly string[],
): Promise<string[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .select({ choice: decisionVotes.choice })
    .from(decisionVotes)
    .where(and(eq(decisionVotes.itemId, itemId), inArray(decisionVotes.userId, [...memberIds])));
  return rows.map((row) => row.choice);
}

/** An option's label by its key ('abstain' reads "Abstain"). */
export function labelOf(options: readonly DecisionOption[], key: string): string {
  if (key === abstainChoice) return 'Abstain';
  return options.find((option) => option.key === key)?.label ?? key;
}

/** The 409 for anything done to an item that is no longer open. */
export function notOpen(item: Pick<DecisionItemRow, 'status'>): AppError {
  return new AppError(
    409,
    'ITEM_NOT_OPEN',
    item.status === 'decided'
      ? 'This item has been decided: nothing more can be recorded on it.'
      : 'This item was withdrawn: nothing more can be recorded on it.',
  );
}

/** The item, locked until the transaction ends (votes and the decision on it wait for each other). */
export async function lockDecisionItem(tx: Db, itemId: string): Promise<DecisionItemRow | undefined> {
  const [row] = await tx.select().from(decisionItems).where(eq(decisionItems.id, itemId)).for('update');
  return row;
}

const refuse = (status: 409 | 422, code: string, field: string, message: string) =>
  new AppError(status, code, message, { fields: { [field]: message } });

/**
 * Records the outcome of an open item, inside the caller's transaction: by `votes`, the votes recorded
 * here (of the members serving today) must carry `outcome` under the committee's rule; by `meeting`,
 * the counts taken at the meeting must (at most one vote per member serving today, keys among the
 * item's options and 'abstain', the meeting not later than today, its minutes a document of the
 * association). Refused with nothing written otherwise: 409 ITEM_NOT_OPEN, 422 for bad input, 409
 * VOTES_DO_NOT_CARRY saying what the rule needs. Who may record it is the caller's to check.
 */
export async function recordOutcome(
  tx: Db,
  ctx: Pick<ServiceContext, 'actor'>,
  item: Pick<DecisionItemRow, 'id'>,
  input: DecideInput,
): Promise<void> {
  const row = await lockDecisionItem(tx, item.id);
  if (!row) throw notFound('Decision');
  if (row.status !== 'open') throw notOpen(row);
  const [committee] = await tx.select().from(committees).where(eq(committees.id, row.committeeId));
  const members = await servingMemberIds(tx, row.committeeId);
  const keys = row.options.map((option) => option.key);
  if (!keys.includes(input.outcome))
    throw refuse(422, 'NOT_AN_OPTION', 'outcome', 'Choose one of the item’s options as its outcome.');

  let choices: string[];
  let meeting: Partial<typeof decisionItems.$inferInsert> = {};
  if (input.method === 'votes') {
    choices = await countedChoices(tx, row.id, members);
  } else {
    const unknown = Object.keys(input.counts).filter((key) => key !== abstainChoice && !keys.includes(key));
    if (unknown.length > 0)
      throw refuse(
        422,
        'NOT_AN_OPTION',
        'counts',
        `Count votes for the item’s options and abstentions only (not “${unknown[0]}”).`,
      );
    const total = Object.values(input.counts).reduce((sum, count) => sum + count, 0);
    if (total > members.length)
      throw refuse(
        422,
        'MORE_VOTES_THAN_MEMBERS',
        'counts',
        `The counts add up to ${total} votes, but the ${committee!.name} has ${members.length} members serving.`,
      );
    const [property] = await tx
      .select({ timeZone: properties.timeZone })
      .from(properties)
      .where(eq(properties.id, row.propertyId));
    if (input.heldOn > dayIn(new Date(), property!.timeZone))
      throw refuse(422, 'MEETING_IN_FUTURE', 'heldOn', 'The meeting date cannot be later than today.');
    if (input.minutesDocumentId) {
      const [minutes] = await tx
        .select({ id: propertyDocuments.id })
        .from(propertyDocuments)
        .where(
          and(
            eq(propertyDocuments.id, input.minutesDocumentId),
            eq(propertyDocuments.propertyId, row.propertyId),
          ),
        );
      if (!minutes)
        throw refuse(
          422,
          'NOT_A_DOCUMENT_OF_THE_ASSOCIATION',
          'minutesDocumentId',
          'Choose the minutes from this association’s documents.',
        );
    }
    choices = Object.entries(input.counts).flatMap(([key, count]) => Array<string>(count).fill(key));
    meeting = {
      meetingHeldOn: input.heldOn,
      meetingMinutesId: input.minutesDocumentId ?? null,
      meetingCounts: input.counts,
    };
  }

  const carried = carriedOption(committee!.decisionRule, committee!.quorum, members.length, choices);
  if (carried !== input.outcome) {
    const source = input.method === 'votes' ? 'The votes recorded' : 'The meeting’s votes';
    throw refuse(
      409,
      'VOTES_DO_NOT_CARRY',
      'outcome',
      carried === null
        ? `${source} do not carry any option yet: the ${committee!.name} needs ${ruleNeeds(committee!.decisionRule, committee!.quorum, members.length)}.`
        : `${source} carry “${labelOf(row.options, carried)}”, not “${labelOf(row.options, input.outcome)}”.`,
    );
  }
  const now = new Date();
  await tx
    .update(decisionItems)
    .set({
      status: 'decided',
      outcome: input.outcome,
      outcomeNote: input.note ? input.note : null,
      method: input.method,
      ...meeting,
      decidedBy: ctx.actor.id,
      decidedAt: now,
      updatedAt: now,
    })
    .where(eq(decisionItems.id, row.id));
}

/**
 * Withdraws a request's open item, if it has one, inside the caller's transaction (the architectural
 * review module: a request withdrawn by its owner, or sent back for more information). Returns whether
 * there was one.
 */
export async function withdrawOpenItemOfRequest(tx: Db, arcRequestId: string): Promise<boolean> {
  const rows = await tx
    .update(decisionItems)
    .set({ status: 'withdrawn', updatedAt: new Date() })
    .where(and(eq(decisionItems.arcRequestId, arcRequestId), eq(decisionItems.status, 'open')))
    .returning({ id: decisionItems.id });
  return rows.length > 0;
}
