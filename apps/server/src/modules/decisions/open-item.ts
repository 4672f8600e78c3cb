import { arcVoteOptions, type DecisionKind, type DecisionOption } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { decisionItems } from '../../db/schema/index.ts';

/**
 * Puts an item before a committee (inside the caller's transaction) and returns its id. Other domains
 * open their items here: an architectural request when it is complete (its options are the committee's
 * four answers), a collection case held for the board's decision on a stage (its case and stage), and
 * a contract award above the association's limit (its request for bids).
 */
export async function openDecisionItem(
  tx: Db,
  input: {
    propertyId: string;
    committeeId: string;
    kind: DecisionKind;
    title: string;
    background: string;
    options: DecisionOption[];
    dueOn: string | null;
    published: boolean;
    arcRequestId?: string;
    collection?: { caseId: string; stage: number };
    /** A reconsideration: the architectural request whose decision is reconsidered. */
    reconsideredRequestId?: string;
    /** A contract award: the request for bids whose award the board decides (issue 24 item 2). */
    bidRequestId?: string;
    createdBy: string | null;
  },
): Promise<string> {
  const [row] = await tx
    .insert(decisionItems)
    .values({
      propertyId: input.propertyId,
      committeeId: input.committeeId,
      kind: input.kind,
      title: input.title,
      background: input.background,
      options: input.options,
      dueOn: input.dueOn,
      published: input.published,
      arcRequestId: input.arcRequestId ?? null,
      collectionCaseId: input.collection?.caseId ?? null,
      collectionStage: input.collection?.stage ?? null,
      reconsideredRequestId: input.reconsideredRequestId ?? null,
      bidRequestId: input.bidRequestId ?? null,
      createdBy: input.createdBy,
    })
    .returning({ id: decisionItems.id });
  return row!.id;
}

/** The options of an architectural request's item: approve, approve with conditions, deny, more information. */
export const arcDecisionOptions: DecisionOption[] = arcVoteOptions.map((option) => ({ ...option }));
