import type { WorkOrderDetail } from '@commonwise/contracts';
import { Badge, Button, Drawer, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { workOrderQueryOptions } from '../api.ts';
import { formatAssignee, getCategoryLabel, shortWorkOrderId } from '../labels.ts';
import { PriorityBadge, TaskStatusBadge, WorkOrderStatusBadge } from './WorkOrderBadges.tsx';

interface WorkOrderDrawerProps {
  workOrderId: string | null;
  onClose: () => void;
  onCreateTask: (workOrderId: string) => void;
  /** Tasks go on open work orders only. */
  canCreateTask: (workOrderId: string) => boolean;
}

/** A work order's details, tasks and activity, beside the portal (a full-width sheet on phones). */
export function WorkOrderDrawer({ workOrderId, onClose, onCreateTask, canCreateTask }: WorkOrderDrawerProps) {
  const isNarrow = useMediaQuery('(max-width: 36em)');
  return (
    // Put together from parts so it passes axe: a plain header element (a <header> in the dialog counts
    // as a second banner landmark) and a named close button.
    <Drawer.Root
      opened={workOrderId !== null}
      onClose={onClose}
      position="right"
      size={isNarrow ? '100%' : 'lg'}
    >
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title>
            {workOrderId ? `Work order #${shortWorkOrderId(workOrderId)}` : 'Work order'}
          </Drawer.Title>
          <Drawer.CloseButton aria-label="Close" />
        </Drawer.Header>
        <Drawer.Body>
          {workOrderId ? (
            <WorkOrderDetails
              workOrderId={workOrderId}
              onCreateTask={canCreateTask(workOrderId) ? () => onCreateTask(workOrderId) : undefined}
            />
          ) : null}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

function WorkOrderDetails({ workOrderId, onCreateTask }: { workOrderId: string; onCreateTask?: () => void }) {
  const detail = useQuery(workOrderQueryOptions(workOrderId));
  if (detail.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading the work order">
        <Skeleton height={28} width="70%" />
        <Skeleton height={80} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (detail.isError) {
    return (
      <ErrorState
        title={
          isApiRequestError(detail.error) && detail.error.status === 404
            ? 'No work order details found'
            : 'Failed to load work order details'
        }
        description={getErrorMessage(detail.error)}
        onRetry={() => void detail.refetch()}
        isRetrying={detail.isFetching}
        headingOrder={3}
      />
    );
  }
  return <Details detail={detail.data} onCreateTask={onCreateTask} />;
}

function Details({
  detail,
  onCreateTask,
}: {
  detail: WorkOrderDetail;
  onCreateTask?: (() => void) | undefined;
}) {
  const { workOrder, tasks, activity } = detail;
  return (
    <Stack gap="lg">
      <section aria-label="Work order details">
        <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {workOrder.summary}
        </Title>
        <Group gap={6} mt="xs">
          <WorkOrderStatusBadge status={workOrder.status} isToned />
          <PriorityBadge priority={workOrder.priority} variant="tone" />
          <Badge color="gray" variant="default" tt="none">
            {getCategoryLabel(workOrder.mainCategory)}
          </Badge>
        </Group>
        <Text size="sm" mt="sm">
          {workOrder.property.name}
        </Text>
        <Text size="sm" c="dimmed">
          {workOrder.property.address}
        </Text>
        <Text size="sm" c="dimmed" mt={4}>
          Created {formatDate(workOrder.createdAt)}
          {workOrder.dueDate ? ` · due ${formatDate(workOrder.dueDate)}` : ''}
        </Text>
      </section>

      <section aria-labelledby="drawer-tasks">
        <Group justify="space-between" align="center" mb="xs">
          <Title order={3} size="h5" id="drawer-tasks">
            Tasks
          </Title>
          {onCreateTask ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={onCreateTask}
            >
              Add task
            </Button>
          ) : null}
        </Group>
        {tasks.length === 0 ? (
          <Text size="sm" c="dimmed">
            No tasks yet
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {tasks.map((task) => (
              <Paper key={task.id} component="li" withBorder radius="md" p="sm">
                <Group justify="space-between" align="flex-start" gap="xs">
                  <Text size="sm" fw={500} style={{ flex: '1 1 12rem', overflowWrap: 'anywhere' }}>
                    {task.taskDescription}
                  </Text>
                  <TaskStatusBadge status={task.taskStatus} size="sm" isToned />
                </Group>
                <Text size="xs" c="dimmed" mt={4}>
                  {formatAssignee(task)} · created {formatDate(task.createdAt)}
                  {task.completedAt ? ` · completed ${formatDate(task.completedAt)}` : ''}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </section>

      <section aria-labelledby="drawer-activity">
        <Title order={3} size="h5" id="drawer-activity" mb="xs">
          Activity
        </Title>
        {activity.length === 0 ? (
          <Text size="sm" c="dimmed">
            No activities yet
          </Text>
        ) : (
          <Stack gap={8} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {activity.map((entry) => (
              <li key={entry.id}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {entry.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {entry.actorName ? `${entry.actorName} · ` : ''}
                  {formatDateTime(entry.createdAt)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}
