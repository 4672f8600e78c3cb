import type { AssistantAnalytics } from '@commonwise/contracts';
import { Card, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDurationMs, formatShare } from '../format.ts';

function Tile({ id, title, value, detail }: { id: string; title: string; value: string; detail: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} withBorder radius="lg" padding="lg">
      <Title order={2} size="h6" c="dimmed" fw={600} id={id}>
        {title}
      </Title>
      <Text fz={32} fw={700} lh={1.2} mt={6} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {detail}
      </Text>
    </Card>
  );
}

const noFigure = '—';

/**
 * The four figures the product's claims rest on ('89% of tasks', '2 min'), each with what it was
 * measured over, so a share is never shown without its counts.
 */
export function HeadlineTiles({ data }: { data: AssistantAnalytics }) {
  const { conversations, firstReply, timeToWorkOrder } = data;
  const replies = `${firstReply.count} ${firstReply.count === 1 ? 'reply' : 'replies'}`;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <Tile
        id="tile-resolved"
        title="Resolved without a person"
        value={conversations.resolvedShare === null ? noFigure : formatShare(conversations.resolvedShare)}
        detail={
          conversations.total === 0
            ? 'No conversations in this period'
            : `${conversations.resolvedWithoutPerson} of ${conversations.total} ${
                conversations.total === 1 ? 'conversation' : 'conversations'
              }`
        }
      />
      <Tile
        id="tile-median-reply"
        title="Median time to first reply"
        value={firstReply.medianMs === null ? noFigure : formatDurationMs(firstReply.medianMs)}
        detail={
          firstReply.count === 0
            ? 'No replies in this period'
            : firstReply.count === 1
              ? 'From 1 reply'
              : `Half of ${replies} took at most this long`
        }
      />
      <Tile
        id="tile-p95-reply"
        title="p95 time to first reply"
        value={firstReply.p95Ms === null ? noFigure : formatDurationMs(firstReply.p95Ms)}
        detail={
          firstReply.count === 0
            ? 'No replies in this period'
            : firstReply.count === 1
              ? 'From 1 reply'
              : `95% of ${replies} took at most this long`
        }
      />
      <Tile
        id="tile-work-order"
        title="Median time to a work order"
        value={timeToWorkOrder.medianMs === null ? noFigure : formatDurationMs(timeToWorkOrder.medianMs)}
        detail={
          timeToWorkOrder.count === 0 || timeToWorkOrder.p95Ms === null
            ? 'No work orders opened by the assistant'
            : `Over ${timeToWorkOrder.count} ${
                timeToWorkOrder.count === 1 ? 'work order' : 'work orders'
              } · p95 ${formatDurationMs(timeToWorkOrder.p95Ms)}`
        }
      />
    </SimpleGrid>
  );
}

export function HeadlineTilesSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" role="status" aria-label="Loading figures">
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} height={128} radius="lg" />
      ))}
    </SimpleGrid>
  );
}
