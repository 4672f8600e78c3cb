import { workOrderStatusLabels, type BoardWorkOrderOverview } from '@commonwise/contracts';
import { Card, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDateTime, formatDuration } from '../../../lib/format.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { boardOverviewQueryOptions, workOrderKeys } from '../api.ts';
import { useReloadOnWorkOrderChange } from '../hooks/use-live-work-orders.ts';
import { getCategoryLabel, workOrderStatusColors } from '../labels.ts';

/** The live part of the board portal: figures from the association's own work orders. */
export function WorkOrderOverviewSection() {
  const overview = useQuery(boardOverviewQueryOptions);
  // Live like the other work order lists: a status change anywhere in the association shows here.
  useReloadOnWorkOrderChange(useSignedInUser().id, workOrderKeys.boardOverview);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="board-work-orders">
      <Group justify="space-between" align="baseline" gap="xs" mb="md">
        <Title order={2} size="h4" id="board-work-orders">
          Work order overview
        </Title>
        {overview.data ? (
          <Text size="sm" c="dimmed">
            {overview.data.propertyCount} {overview.data.propertyCount === 1 ? 'property' : 'properties'} ·
            updated {formatDateTime(overview.data.generatedAt)}
          </Text>
        ) : null}
      </Group>
      {overview.data ? (
        <OverviewFigures overview={overview.data} />
      ) : overview.isError ? (
        <ErrorState
          title="Failed to load the work order overview"
          description={getErrorMessage(overview.error)}
          onRetry={() => void overview.refetch()}
          isRetrying={overview.isFetching}
          headingOrder={3}
        />
      ) : (
        <Stack gap="md" role="status" aria-label="Loading the work order overview">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Skeleton height={92} radius="md" />
            <Skeleton height={92} radius="md" />
            <Skeleton height={92} radius="md" />
          </SimpleGrid>
          <Skeleton height={140} radius="md" />
        </Stack>
      )}
    </Card>
  );
}

function OverviewFigures({ overview }: { overview: BoardWorkOrderOverview }) {
  const { completion } = overview;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Figure label="Open work orders" value={String(overview.openCount)}>
          New, pending or in progress
        </Figure>
        <Figure
          label={`Completed in the last ${completion.windowDays} days`}
          value={String(completion.completedCount)}
        >
          Work orders marked completed
        </Figure>
        <Figure
          label="Average time to completion"
          value={completion.averageHours === null ? '—' : formatDuration(completion.averageHours)}
        >
          {completion.averageHours === null
            ? `No work orders completed in the last ${completion.windowDays} days`
            : `From creation to completion, for the work orders completed in the last ${completion.windowDays} days`}
        </Figure>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Breakdown
          title="Open by status"
          total={overview.openCount}
          rows={overview.openByStatus.map((row) => ({
            key: row.status,
            label: workOrderStatusLabels[row.status],
            count: row.count,
            color: workOrderStatusColors[row.status],
          }))}
        />
        <Breakdown
          title="Open by category"
          total={overview.openCount}
          rows={overview.openByCategory.map((row) => ({
            key: row.category,
            label: getCategoryLabel(row.category),
            count: row.count,
            color: 'indigo',
          }))}
        />
        <Breakdown
          title="Open by property"
          total={overview.openCount}
          rows={overview.openByProperty.map((row) => ({
            key: row.propertyId,
            label: row.name,
            count: row.count,
            color: 'teal',
          }))}
        />
      </SimpleGrid>
    </Stack>
  );
}

function Figure({ label, value, children }: { label: string; value: string; children: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {children}
      </Text>
    </Paper>
  );
}

interface BreakdownRow {
  key: string;
  label: string;
  count: number;
  color: string;
}

function Breakdown({ title, total, rows }: { title: string; total: number; rows: BreakdownRow[] }) {
  const headingId = `board-breakdown-${title.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h6" id={headingId}>
        {title}
      </Title>
      {rows.length === 0 || total === 0 ? (
        <Text size="sm" c="dimmed">
          No open work orders
        </Text>
      ) : (
        <Stack gap={10} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <li key={row.key}>
              <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
                <ToneBadge color={row.color} tt="none" style={{ minWidth: 0 }}>
                  {row.label}
                </ToneBadge>
                <Text size="sm" fw={600}>
                  {row.count}
                </Text>
              </Group>
              <Progress
                value={(row.count / total) * 100}
                color={row.color}
                size="sm"
                radius="xl"
                aria-label={`${row.label}: ${row.count} of ${total} open`}
              />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
