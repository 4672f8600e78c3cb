import type { WorkOrderDetail } from '@commonwise/contracts';
import { Badge, Drawer, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { workOrderKeys, workOrderQueryOptions, type OnWorkOrderSaved } from '../api.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { useWorkOrderActivity } from '../hooks/use-work-order-pages.ts';
import { formatWorkOrderNumber, getCategoryLabel, shortWorkOrderId } from '../labels.ts';
import { PagedSection } from './PagedSection.tsx';
import { InternalNotes } from './InternalNotes.tsx';
import { ManageWorkOrder } from './ManageWorkOrder.tsx';
import { TaskList } from './TaskList.tsx';
import { WorkOrderRatingSection } from './WorkOrderRatingSection.tsx';
import { RelatedWorkOrdersRow, WorkOrderDetailRow } from './WorkOrderSummary.tsx';
import { PriorityBadge, WorkOrderStatusBadge } from './WorkOrderBadges.tsx';
import { WorkOrderPhotos } from '../../attachments/index.ts';
import { useLiveWorkOrder } from '../hooks/use-live-work-orders.ts';

interface WorkOrderDrawerProps {
  workOrderId: string | null;
  onClose: () => void;
  /** The conversation of the work order's room, from the screen that has it (the work-rooms feature). */
  renderConversation?: ((roomId: string) => ReactNode) | undefined;
  /** The screen's own data that shows work orders, reloaded after a change made here. */
  alsoRefresh?: QueryKey | undefined;
}

/**
 * A work order in full beside a portal (a full-width sheet on phones): who asked and where, who does
 * it, its tasks, the room's conversation and its activity. What it offers follows what the server says
 * the viewer may do with it (issue 26): the vendor works on its tasks; the property's managers also
 * change its status, priority, due date and vendor, plan its tasks and keep internal notes.
 */
export function WorkOrderDrawer({
  workOrderId,
  onClose,
  renderConversation,
  alsoRefresh,
}: WorkOrderDrawerProps) {
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
              renderConversation={renderConversation}
              alsoRefresh={alsoRefresh}
            />
          ) : null}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

type ViewProps = Pick<WorkOrderDrawerProps, 'renderConversation' | 'alsoRefresh'>;

function WorkOrderDetails({ workOrderId, ...view }: { workOrderId: string } & ViewProps) {
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
  return <Details detail={detail.data} {...view} />;
}

function Details({ detail, renderConversation, alsoRefresh }: { detail: WorkOrderDetail } & ViewProps) {
  const { workOrder, resident, vendor, rooms } = detail;
  const viewerId = useSignedInUser().id;
  useLiveWorkOrder(viewerId, workOrder.id);
  const queryClient = useQueryClient();
  const showSaved: OnWorkOrderSaved = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: workOrderKeys.detail(workOrder.id) }),
      alsoRefresh ? queryClient.invalidateQueries({ queryKey: alsoRefresh }) : null,
    ]);
  const activity = useWorkOrderActivity(workOrder.id);
  return (
    <Stack gap="lg">
      <section aria-label="Work order details">
        <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {workOrder.summary}
        </Title>
        {/* The association's own reference (issue 26), as people say it on the phone. */}
        <Text size="sm" c="dimmed" ff="monospace">
          {formatWorkOrderNumber(workOrder)}
        </Text>
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
        <Stack gap={6} component="dl" mt="sm" mb={0}>
          <WorkOrderDetailRow label="Resident">
            {resident
              ? `${resident.fullName}${resident.units.length ? ` · unit ${resident.units.join(', ')}` : ''}`
              : 'Unknown'}
          </WorkOrderDetailRow>
          <WorkOrderDetailRow label="Vendor">{vendor ? vendor.fullName : 'Not assigned'}</WorkOrderDetailRow>
          <WorkOrderDetailRow label="Created">{formatDate(workOrder.createdAt)}</WorkOrderDetailRow>
          <WorkOrderDetailRow label="Due date">
            {workOrder.dueDate ? formatDate(workOrder.dueDate) : 'Not set'}
          </WorkOrderDetailRow>
          <RelatedWorkOrdersRow related={detail.related} />
        </Stack>
      </section>

      <WorkOrderRatingSection workOrder={workOrder} />

      {detail.permissions.canManage ? (
        <ManageWorkOrder key={workOrder.id} detail={detail} onSaved={showSaved} />
      ) : null}

      <section aria-labelledby="drawer-tasks">
        <Title order={3} size="h5" id="drawer-tasks" mb="xs">
          Tasks
        </Title>
        <TaskList workOrder={workOrder} permissions={detail.permissions} viewerId={viewerId} />
      </section>

      <WorkOrderPhotos workOrderId={workOrder.id} />

      {detail.permissions.canManage ? <InternalNotes workOrderId={workOrder.id} /> : null}

      {renderConversation && rooms[0] ? (
        <section aria-labelledby="drawer-conversation">
          <Title order={3} size="h5" id="drawer-conversation" mb="xs">
            Conversation
          </Title>
          {renderConversation(rooms[0].id)}
        </section>
      ) : null}

      <section aria-labelledby="drawer-activity">
        <Title order={3} size="h5" id="drawer-activity" mb="xs">
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
            <Stack gap={8} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {activity.activity.map((entry) => (
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
        </PagedSection>
      </section>
    </Stack>
  );
}
