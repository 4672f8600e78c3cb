import { decisionKindLabels, type DecisionItemSummary } from '@commonwise/contracts';
import { Anchor, Button, Card, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconGavel, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { decisionPagePath, decisionsPagePath, upcomingDecisionsQueryOptions } from '../api.ts';
import { votesCastText } from '../labels.ts';
import { DecisionDue, MyVoteState } from './DecisionBits.tsx';
import { canPutDecisions, NewDecisionDialog } from './NewDecisionDialog.tsx';

/** How many items the card shows; the rest are a link away. */
const shownItems = 6;

/**
 * The board's own items first (architectural requests are the review committee's, which the board
 * oversees), then the soonest due; items without a due date last.
 */
export function sortBoardFirst(items: readonly DecisionItemSummary[]): DecisionItemSummary[] {
  const rank = (item: DecisionItemSummary) => (item.kind === 'arc_request' ? 1 : 0);
  return [...items].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.dueOn ?? '9999-12-31').localeCompare(b.dueOn ?? '9999-12-31') ||
      a.title.localeCompare(b.title),
  );
}

/**
 * The board portal's 'Upcoming Decisions' (issue 22 item 5): the open items of the person's
 * associations, with how many members voted and the person's own part; Review opens the item. Board
 * members and managers put a new item to the board from here.
 */
export function UpcomingDecisionsCard() {
  const user = useSignedInUser();
  const decisions = useQuery(upcomingDecisionsQueryOptions);
  const [isCreating, setIsCreating] = useState(false);

  let body: ReactNode;
  if (decisions.isPending)
    body = (
      <Stack gap="sm" role="status" aria-label="Loading the upcoming decisions">
        <Skeleton height={84} radius="md" />
        <Skeleton height={84} radius="md" />
        <Skeleton height={84} radius="md" />
      </Stack>
    );
  else if (decisions.isError)
    body = (
      <ErrorState
        title="Failed to load the upcoming decisions"
        description={getErrorMessage(decisions.error)}
        onRetry={() => void decisions.refetch()}
        isRetrying={decisions.isFetching}
        headingOrder={3}
      />
    );
  else if (decisions.data.items.length === 0)
    body = (
      <StatusMessage
        headingOrder={3}
        icon={<IconGavel size={32} aria-hidden />}
        title="No decisions waiting for the board"
        description="Items put to the board appear here with their due dates and votes."
      />
    );
  else {
    const items = sortBoardFirst(decisions.data.items).slice(0, shownItems);
    body = (
      <Stack gap="sm">
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <UpcomingDecisionRow key={item.id} item={item} />
          ))}
        </Stack>
        {decisions.data.total > items.length ? (
          <Anchor component={Link} to={decisionsPagePath({ status: 'open' })} size="sm">
            See all {decisions.data.total} open decisions
          </Anchor>
        ) : null}
      </Stack>
    );
  }

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="board-decisions"
      style={{ minWidth: 0 }}
    >
      <Group justify="space-between" align="center" gap="xs" mb="md" wrap="wrap">
        <Title order={2} size="h4" id="board-decisions">
          Upcoming Decisions
        </Title>
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to={decisionsPagePath()} size="sm">
            All decisions
          </Anchor>
          {canPutDecisions(user.role) ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setIsCreating(true)}
            >
              New decision
            </Button>
          ) : null}
        </Group>
      </Group>
      {body}
      <NewDecisionDialog opened={isCreating} onClose={() => setIsCreating(false)} />
    </Card>
  );
}

function UpcomingDecisionRow({ item }: { item: DecisionItemSummary }) {
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <ThemeIcon variant="light" color="grape" radius="md" size={36} style={{ flexShrink: 0 }}>
            <IconGavel size={20} aria-hidden />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {item.title}
            </Text>
            <Text size="sm" c="dimmed">
              {item.propertyName} · {decisionKindLabels[item.kind]}
              {item.kind === 'arc_request' ? ` · ${item.committeeName}` : ''}
            </Text>
            <DecisionDue item={item} />
            <Group gap="xs" wrap="wrap">
              <Text size="sm">{votesCastText(item)}</Text>
              <MyVoteState item={item} />
            </Group>
          </Stack>
        </Group>
        <Button
          component={Link}
          to={decisionPagePath(item.propertyId, item.id)}
          variant="light"
          size="xs"
          aria-label={`Review: ${item.title}`}
          style={{ flexShrink: 0 }}
        >
          Review
        </Button>
      </Group>
    </Paper>
  );
}
