import { arcVoteOptions, type DecisionKind, type DecisionOption } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { decisionItems } from '../../db/schema/index.ts';

/**
 * Puts an item before a committee (inside the caller's transaction) and returns its id. Other domains
 * open their items here: an architectural request when it is complete (its options are the committee's
 * four answers), and later a contract award or a collections step.
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
      createdBy: input.createdBy,
    })
    .returning({ id: decisionItems.id });
  return row!.id;
}

/** The options of an architectural request's item: approve, approve with conditions, deny, more information. */
export const arcDecisionOptions: DecisionOption[] = arcVoteOptions.map((option) => ({ ...option }));
