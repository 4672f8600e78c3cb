import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { boardHandoverPagePath, boardHandoversQueryOptions } from '../api.ts';

/**
 * "Hand-over from the developer" (issue 25 item 4): for each association whose board the person sits on
 * and whose developer has made a hand-over report, the way to read it and acknowledge its items. Nothing
 * at all when there is none (most boards never have one), nor for someone the server does not let ask.
 */
export function BoardHandoversCard() {
  const handovers = useQuery(boardHandoversQueryOptions);
  if (handovers.isPending) return null;
  if (handovers.isError) {
    // Refused (not on any board) or not there: nothing to show. A failure to load is said, with a retry.
    if (isApiRequestError(handovers.error) && handovers.error.status >= 400 && handovers.error.status < 500)
      return null;
    return (
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="board-handovers">
        <Title order={2} size="h4" id="board-handovers" mb="xs">
          Hand-over from the developer
        </Title>
        <ErrorState
          headingOrder={3}
          title="Failed to load the hand-over reports"
          onRetry={() => void handovers.refetch()}
          isRetrying={handovers.isFetching}
        />
      </Card>
    );
  }
  if (handovers.data.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="board-handovers">
      <Title order={2} size="h4" id="board-handovers" mb="xs">
        Hand-over from the developer
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        The developer hands the association to its owners with a report of each item: documents, finances,
        warranties, contracts and insurance. Read each one and acknowledge what the board received.
      </Text>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {handovers.data.map((handover) => (
          <Group component="li" key={handover.propertyId} justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={boardHandoverPagePath(handover.propertyId)} fw={600}>
                Hand-over of {handover.communityName}
              </Anchor>
              <Text size="sm" c="dimmed">
                Report of {formatDate(handover.generatedAt)}: {handover.acknowledgedItemCount} of{' '}
                {handover.itemCount} items acknowledged
              </Text>
            </Stack>
            <ToneBadge
              color={handover.isFullyAcknowledged ? 'green' : 'orange'}
              style={{ textTransform: 'none' }}
            >
              {handover.isFullyAcknowledged ? 'All acknowledged' : 'Waiting for the board'}
            </ToneBadge>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
