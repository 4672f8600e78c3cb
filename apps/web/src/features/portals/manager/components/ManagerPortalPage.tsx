import type { ManagerPortalOverview } from '@commonwise/contracts';
import { Alert, Button, Grid, Skeleton, Stack } from '@mantine/core';
import { IconChartBar, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../../components/ErrorState.tsx';
import { PageHeader } from '../../../../components/PageHeader.tsx';
import { getErrorMessage } from '../../../../lib/api.ts';
import { portals } from '../../../../lib/portals.ts';
import { PropertyHealthCard } from '../../../properties/index.ts';
import {
  CreateTaskDialog,
  NeedsAttentionCard,
  TaskDashboard,
  WorkOrderDrawer,
} from '../../../work-orders/index.ts';
import { RecentCommunicationsCard, RoomConversation } from '../../../work-rooms/index.ts';
import { useSignedInUser } from '../../../../lib/session.ts';
import { managerOverviewQueryOptions, managerPortalKeys } from '../api.ts';
import { ViolationsCard } from './ViolationsCard.tsx';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /manager-portal (SPEC §2 Manager portal, issue 9): the open tasks and work orders, health and
 * conversations of the properties the manager manages (an admin sees every property), and their open
 * violations by type.
 */
export function ManagerPortalPage({
  reviewCard,
  announcementsCard,
}: {
  /** Architectural review at a glance (the arc feature; the route file composes it). */
  reviewCard?: ReactNode;
  /** The way to the announcements the manager writes (the announcements feature). */
  announcementsCard?: ReactNode;
} = {}) {
  const overview = useQuery(managerOverviewQueryOptions);
  // null: closed; otherwise open, with the work order to preselect (if any).
  const [createTaskFor, setCreateTaskFor] = useState<{ workOrderId: string | null } | null>(null);
  // The work order open in the full view is in the address (?workOrder=…): the assistant's answers
  // and notifications can link straight to it, and Back closes it.
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('workOrder');
  const shownWorkOrderId = asked && uuidPattern.test(asked) ? asked : null;
  const setShownWorkOrderId = (id: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('workOrder', id);
      else next.delete('workOrder');
      return next;
    });
  const data = overview.data;
  const viewerId = useSignedInUser().id;

  return (
    <>
      <PageHeader
        title={portals.manager.name}
        description={
          data?.isAllProperties
            ? 'Open work, property health and conversations across every property (you are viewing as an admin).'
            : 'Open work, property health and conversations for the properties you manage.'
        }
        actions={
          <>
            <Button
              component={Link}
              to="/admin-portal/analytics"
              variant="default"
              leftSection={<IconChartBar size={18} aria-hidden />}
            >
              Assistant analytics
            </Button>
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setCreateTaskFor({ workOrderId: null })}
              disabled={!data}
            >
              Create Task
            </Button>
          </>
        }
      />
      <Stack gap="xl" maw={1280}>
        {data && !data.isAllProperties && data.properties.length === 0 ? (
          <Alert
            variant="light"
            color="blue"
            icon={<IconInfoCircle size={20} aria-hidden />}
            title="No properties yet"
          >
            You do not manage any properties yet. Once an admin assigns you to a property, its work orders,
            tasks and conversations appear here.
          </Alert>
        ) : null}
        {overview.isError && !data ? (
          <ErrorState
            title="Failed to load your properties"
            description={getErrorMessage(overview.error)}
            onRetry={() => void overview.refetch()}
            isRetrying={overview.isFetching}
          />
        ) : null}
        <Grid gap="xl">
          {/* Issue 26: what needs the manager today comes first, not a tab away. */}
          <LiveColumn span={12} data={data} isError={overview.isError} skeletonHeight={200}>
            {(live) => (
              <NeedsAttentionCard
                items={live.needsAttention}
                total={live.needsAttentionCount}
                onOpen={setShownWorkOrderId}
              />
            )}
          </LiveColumn>
          <LiveColumn span={8} data={data} isError={overview.isError} skeletonHeight={360}>
            {(live) => (
              <TaskDashboard
                data={live}
                onShowWorkOrder={setShownWorkOrderId}
                onCreateTask={(workOrderId) => setCreateTaskFor({ workOrderId })}
              />
            )}
          </LiveColumn>
          <LiveColumn span={4} data={data} isError={overview.isError} skeletonHeight={360}>
            {(live) => <RecentCommunicationsCard communications={live.communications} />}
          </LiveColumn>
          <LiveColumn span={8} data={data} isError={overview.isError} skeletonHeight={220}>
            {(live) => <PropertyHealthCard properties={live.properties} />}
          </LiveColumn>
          <LiveColumn span={4} data={data} isError={overview.isError} skeletonHeight={220}>
            {(live) => <ViolationsCard counts={live.openViolationsByCategory} />}
          </LiveColumn>
          {reviewCard ? <Grid.Col span={{ base: 12, lg: 4 }}>{reviewCard}</Grid.Col> : null}
          {announcementsCard ? <Grid.Col span={{ base: 12, lg: 4 }}>{announcementsCard}</Grid.Col> : null}
        </Grid>
      </Stack>
      <CreateTaskDialog
        opened={createTaskFor !== null}
        onClose={() => setCreateTaskFor(null)}
        workOrders={data?.openWorkOrders ?? []}
        initialWorkOrderId={createTaskFor?.workOrderId ?? null}
        alsoRefresh={managerPortalKeys.overview}
      />
      <WorkOrderDrawer
        workOrderId={shownWorkOrderId}
        onClose={() => setShownWorkOrderId(null)}
        alsoRefresh={managerPortalKeys.overview}
        renderConversation={(roomId) => <RoomConversation roomId={roomId} viewerId={viewerId} />}
      />
    </>
  );
}

/** A column of live data: its card once loaded, a placeholder while loading, nothing if loading failed. */
function LiveColumn({
  span,
  data,
  isError,
  skeletonHeight,
  children,
}: {
  span: number;
  data: ManagerPortalOverview | undefined;
  isError: boolean;
  skeletonHeight: number;
  children: (data: ManagerPortalOverview) => ReactNode;
}) {
  if (!data && isError) return null;
  return (
    <Grid.Col span={{ base: 12, lg: span }}>
      {data ? (
        children(data)
      ) : (
        <Skeleton height={skeletonHeight} radius="lg" role="status" aria-label="Loading" />
      )}
    </Grid.Col>
  );
}
