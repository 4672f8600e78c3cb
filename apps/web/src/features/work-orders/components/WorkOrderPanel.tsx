import type { Role, WorkOrderDetail } from '@commonwise/contracts';
import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconDoorEnter, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { showFailureToast } from '../../../lib/toasts.ts';
import { workOrderQueryOptions } from '../api.ts';
import { workRoomPath } from '../../work-rooms/api.ts';
import { shortWorkOrderId } from '../labels.ts';
import { useWorkOrderActivity } from '../hooks/use-work-order-pages.ts';
import { PagedSection } from './PagedSection.tsx';
import { TaskList } from './TaskList.tsx';
import { RelatedWorkOrdersRow, WorkOrderDetailRow, WorkOrderSummary } from './WorkOrderSummary.tsx';
import panes from '../../../components/ThreePaneLayout.module.css';
import { WorkOrderPhotos } from '../../attachments/index.ts';
import { useLiveWorkOrder } from '../hooks/use-live-work-orders.ts';

interface WorkOrderPanelProps {
  /** The conversation's work orders, newest first. */
  workOrderIds: string[];
  /** The one to show; the newest when null or not one of them. */
  selectedId: string | null;
  onSelect: (workOrderId: string) => void;
  viewer: { id: string; role: Role };
  onClose: () => void;
}

/**
 * SPEC §2: the work order a conversation led to — details, activity feed and tasks, the last two a
 * page at a time.
 */
export function WorkOrderPanel({ workOrderIds, selectedId, onSelect, viewer, onClose }: WorkOrderPanelProps) {
  const workOrderId = selectedId && workOrderIds.includes(selectedId) ? selectedId : workOrderIds[0]!;
  const query = useQuery(workOrderQueryOptions(workOrderId));

  // SPEC §8: a failed load is a toast; the panel then says there is nothing to show.
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) showFailureToast('Failed to load work order details', error);
  }, [isError, error, errorUpdatedAt]);

  return (
    <Stack gap={0} h="100%" component="section" aria-labelledby="work-order-panel-title">
      <Group justify="space-between" p="md" pb="sm" wrap="nowrap" className={panes.header}>
        <Title order={2} size="h4" id="work-order-panel-title">
          Work Order
        </Title>
        <ActionIcon variant="subtle" color="gray" aria-label="Close work order panel" onClick={onClose}>
          <IconX size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <div className={panes.scroll}>
        <Stack gap="lg" p="md">
          {workOrderIds.length > 1 ? (
            <Select
              label="Work order of this conversation"
              data={workOrderIds.map((id) => ({ value: id, label: `#${shortWorkOrderId(id)}` }))}
              value={workOrderId}
              onChange={(value) => value && onSelect(value)}
              allowDeselect={false}
            />
          ) : null}
          {query.isPending ? (
            <Group justify="center" py="xl">
              <Loader size="sm" role="status" aria-label="Loading work order details" />
            </Group>
          ) : query.data ? (
            <WorkOrderDetails detail={query.data} viewer={viewer} />
          ) : (
            <Stack align="center" gap="xs" py="xl">
              <Text c="dimmed">No work order details found</Text>
              <Button
                size="xs"
                variant="light"
                onClick={() => void query.refetch()}
                loading={query.isFetching}
              >
                Try again
              </Button>
            </Stack>
          )}
        </Stack>
      </div>
    </Stack>
  );
}

function WorkOrderDetails({
  detail,
  viewer,
}: {
  detail: WorkOrderDetail;
  viewer: WorkOrderPanelProps['viewer'];
}) {
  const { workOrder, rooms } = detail;
  const activity = useWorkOrderActivity(workOrder.id);
  useLiveWorkOrder(viewer.id, workOrder.id);
  return (
    <>
      <WorkOrderSummary
        workOrder={workOrder}
        rows={
          <>
            <WorkOrderDetailRow label="Due date">
              {workOrder.dueDate ? formatDate(workOrder.dueDate) : 'Not set'}
            </WorkOrderDetailRow>
            <WorkOrderDetailRow label="Created">{formatDate(workOrder.createdAt)}</WorkOrderDetailRow>
            <RelatedWorkOrdersRow related={detail.related} />
          </>
        }
      >
        {rooms.length > 0 ? (
          <Stack gap={4}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              Work room
            </Text>
            {rooms.map((room) => (
              <Group key={room.id} gap="xs" wrap="nowrap">
                <IconDoorEnter size={16} aria-hidden />
                <Anchor component={Link} to={workRoomPath(room.id)} size="sm">
                  {room.roomName}
                </Anchor>
              </Group>
            ))}
          </Stack>
        ) : null}
      </WorkOrderSummary>

      <Divider />
      <WorkOrderPhotos workOrderId={workOrder.id} />
      <Divider />
      <Stack gap="sm" component="section" aria-labelledby="work-order-activity-title">
        <Title order={3} size="h5" id="work-order-activity-title">
          Activity
        </Title>
        <PagedSection
          query={activity.query}
          loadingLabel="Loading activity"
          failedLabel="The activity could not be loaded"
          moreLabel="Show older activity"
        >
          {activity.activity.length === 0 ? (
            <Text size="sm" c="dimmed">
              No activities yet
            </Text>
          ) : (
            <Timeline bulletSize={12} lineWidth={2}>
              {activity.activity.map((entry) => (
                <Timeline.Item key={entry.id}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                    {entry.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {entry.actorName ? `${entry.actorName} · ` : ''}
                    <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </PagedSection>
      </Stack>

      <Divider />
      <Stack gap="sm" component="section" aria-labelledby="work-order-tasks-title">
        <Title order={3} size="h5" id="work-order-tasks-title">
          Tasks
        </Title>
        <TaskList workOrder={workOrder} permissions={detail.permissions} viewerId={viewer.id} />
      </Stack>
    </>
  );
}
