import { decisionStatusLabels, type DecisionItemSummary, type DecisionStatus } from '@commonwise/contracts';
import { Anchor, Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { fetchFileLink } from '../../../lib/document-links.ts';
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

/**
 * A document of the association, opened in a new tab. The tab opens at once (a browser blocks a window
 * opened after a wait); the signed link, good for an hour, is asked for on the click.
 */
export function DocumentLink({ documentId, title }: { documentId: string; title: string }) {
  const [isFailed, setIsFailed] = useState(false);
  async function open() {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const { url } = await fetchFileLink(documentId);
      if (tab) tab.location.href = url;
      else window.location.href = url;
      setIsFailed(false);
    } catch {
      tab?.close();
      setIsFailed(true);
    }
  }
  return (
    <Group gap="xs" wrap="wrap">
      <Anchor component="button" type="button" size="sm" onClick={() => void open()} ta="left">
        <IconExternalLink size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
        {title}
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </Anchor>
      {isFailed ? (
        <Text size="xs" c="red.8" role="alert">
          The document could not be opened. Try again.
        </Text>
      ) : null}
    </Group>
  );
}
