import {
  abstainChoice,
  decisionKindLabels,
  decisionKinds,
  decisionStatusLabels,
  decisionStatuses,
  manualDecisionKinds,
  type DecisionItemSummary,
  type DecisionOption,
  type DecisionStatus,
} from '@commonwise/contracts';
import type { MantineColor } from '@mantine/core';
import { format } from 'date-fns';
import { formatDate, humanize } from '../../lib/format.ts';

export const decisionKindOptions = decisionKinds.map((kind) => ({
  value: kind,
  label: decisionKindLabels[kind],
}));
export const manualDecisionKindOptions = manualDecisionKinds.map((kind) => ({
  value: kind,
  label: decisionKindLabels[kind],
}));
export const decisionStatusOptions = decisionStatuses.map((status) => ({
  value: status,
  label: decisionStatusLabels[status],
}));
export const decisionStatusColors: Record<DecisionStatus, MantineColor> = {
  open: 'blue',
  decided: 'green',
  withdrawn: 'gray',
};

/** When something was recorded, with the year: decisions are kept as a record ("Dec 10, 2025, 7:30 PM"). */
export const formatWhen = (iso: string) => format(new Date(iso), 'MMM d, yyyy, h:mm a');

/** Today as a calendar day ("2026-11-30"), in the person's own time zone. */
export const todayIso = (now = new Date()) => format(now, 'yyyy-MM-dd');

/** When an item is due, in words that do not rely on colour: "Overdue: was due Nov 3, 2026". */
export function dueText(item: Pick<DecisionItemSummary, 'dueOn' | 'status'>, today = todayIso()) {
  if (item.dueOn === null) return { text: 'No due date', isOverdue: false };
  const isOverdue = item.status === 'open' && item.dueOn < today;
  return {
    text: isOverdue ? `Overdue: was due ${formatDate(item.dueOn)}` : `Due ${formatDate(item.dueOn)}`,
    isOverdue,
  };
}

/** A choice as people read it: the option's label, or "Abstain". */
export function choiceLabel(choice: string, options?: readonly DecisionOption[]): string {
  if (choice === abstainChoice) return 'Abstain';
  return options?.find((option) => option.key === choice)?.label ?? humanize(choice);
}

/** "3 of 5 members voted". */
export const votesCastText = (item: Pick<DecisionItemSummary, 'votesCast' | 'membersServing'>) =>
  `${item.votesCast} of ${item.membersServing} ${item.membersServing === 1 ? 'member' : 'members'} voted`;

/** The caller's part in an item: their vote, a vote still needed, or nothing to do. */
export function myVoteText(
  item: Pick<DecisionItemSummary, 'myVote' | 'canVote' | 'status'>,
  options?: readonly DecisionOption[],
): { text: string; isNeeded: boolean } | null {
  if (item.myVote !== null)
    return {
      text:
        item.myVote === abstainChoice ? 'You abstained' : `You voted: ${choiceLabel(item.myVote, options)}`,
      isNeeded: false,
    };
  if (item.canVote && item.status === 'open') return { text: 'Your vote is needed', isNeeded: true };
  return null;
}
