import { decisionStatusLabels, type DecisionItemSummary, type DecisionStatus } from '@commonwise/contracts';
import { Badge, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { decisionStatusColors, dueText, myVoteText } from '../labels.ts';

/** The due date; an overdue one says so in words and an icon, red as well. */
export function DecisionDue({
  item,
  size = 'sm',
}: {
  item: Pick<DecisionItemSummary, 'dueOn' | 'status'>;
  size?: 'xs' | 'sm';
}) {
  const due = dueText(item);
  return (
    <Text size={size} c={due.isOverdue ? 'red.8' : 'dimmed'} fw={due.isOverdue ? 600 : undefined} span>
      {due.isOverdue ? (
        <IconAlertTriangle size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
      ) : null}
      {due.text}
    </Text>
  );
}

export function DecisionStatusBadge({ status }: { status: DecisionStatus }) {
  return (
    <Badge color={decisionStatusColors[status]} variant="light">
      {decisionStatusLabels[status]}
    </Badge>
  );
}

/** "You voted: …", or "Your vote is needed" as a badge (its words say it, the colour only adds). */
export function MyVoteState({ item }: { item: Pick<DecisionItemSummary, 'myVote' | 'canVote' | 'status'> }) {
  const state = myVoteText(item);
  if (!state) return null;
  return state.isNeeded ? (
    <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
      {state.text}
    </Badge>
  ) : (
    <Text size="sm" span>
      {state.text}
    </Text>
  );
}

export { DocumentLink } from '../../../components/DocumentLink.tsx';
