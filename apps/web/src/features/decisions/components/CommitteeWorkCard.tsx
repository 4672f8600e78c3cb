import { decisionKindLabels } from '@commonwise/contracts';
import { Anchor, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { decisionPagePath, decisionsPagePath, decisionsQueryOptions } from '../api.ts';
import { DecisionDue } from './DecisionBits.tsx';

const shownItems = 5;
const needsMyVoteQueryOptions = decisionsQueryOptions({
  propertyId: null,
  status: 'open',
  kind: null,
  mine: true,
  q: '',
  page: 1,
  limit: shownItems,
});

/**
 * What waits for the person's vote on a committee they serve on (an architectural review committee,
 * say): residents serve too, so the resident portal shows it. Nothing is shown to someone with nothing
 * to vote on.
 */
export function CommitteeWorkCard() {
  const decisions = useQuery(needsMyVoteQueryOptions);
  // Most residents serve on no committee: nothing is shown until there is something to show.
  if (decisions.isPending) return null;
  if (decisions.isError)
    return (
      <ErrorState
        title="Failed to load what waits for your vote"
        description={getErrorMessage(decisions.error)}
        onRetry={() => void decisions.refetch()}
        isRetrying={decisions.isFetching}
        headingOrder={2}
      />
    );
  if (decisions.data.total === 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="committee-work">
      <Group justify="space-between" align="center" gap="xs" mb="md" wrap="wrap">
        <Title order={2} size="h4" id="committee-work">
          Waiting for your vote
        </Title>
        <Anchor component={Link} to={decisionsPagePath({ status: 'open', mine: 'true' })} size="sm">
          {decisions.data.total > shownItems ? `All ${decisions.data.total}` : 'All decisions'}
        </Anchor>
      </Group>
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {decisions.data.items.map((item) => (
          <Paper key={item.id} withBorder radius="md" p="md" component="li">
            <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {item.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {item.propertyName} · {item.committeeName} · {decisionKindLabels[item.kind]}
                </Text>
                <DecisionDue item={item} />
              </Stack>
              <Button
                component={Link}
                to={decisionPagePath(item.propertyId, item.id)}
                variant="light"
                size="xs"
                aria-label={`Vote: ${item.title}`}
              >
                Vote
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Card>
  );
}
