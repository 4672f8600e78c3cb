import type { VendorWorkOrder } from '@commonwise/contracts';
import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconClipboardList, IconListCheck, IconMessages } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { vendorPortalPageSize, vendorPortalQueryOptions, workOrderKeys } from '../api.ts';
import { useReloadOnWorkOrderChange } from '../hooks/use-live-work-orders.ts';
import { workRoomPath } from '../../work-rooms/api.ts';
import { daysUntil, isOpen } from '../due-dates.ts';
import { PriorityBadge, WorkOrderStatusBadge } from './WorkOrderBadges.tsx';
import { WorkOrderDrawer } from './WorkOrderDrawer.tsx';

function DueDate({ order }: { order: VendorWorkOrder }) {
  if (!order.dueDate)
    return (
      <Text span c="dimmed" size="sm">
        No due date
      </Text>
    );
  const isOverdue = isOpen(order.status) && daysUntil(order.dueDate) < 0;
  return (
    <Text span size="sm" c={isOverdue ? 'red.8' : undefined} fw={isOverdue ? 600 : undefined}>
      {formatDate(order.dueDate)}
      {isOverdue ? ' (overdue)' : ''}
    </Text>
  );
}

function Description({ order }: { order: VendorWorkOrder }) {
  if (!order.roomId)
    return (
      <Stack gap={0}>
        <Text span size="sm" fw={500}>
          {order.description}
        </Text>
        <Text span size="xs" c="dimmed">
          No work room yet
        </Text>
      </Stack>
    );
  return (
    <Anchor component={Link} to={workRoomPath(order.roomId)} size="sm" fw={500}>
      {order.description}
      <IconMessages size={14} aria-hidden style={{ marginLeft: 4, verticalAlign: -2 }} />
    </Anchor>
  );
}

function columnsFor(showVendor: boolean, onShowTasks: (id: string) => void): Column<VendorWorkOrder>[] {
  return [
    { key: 'description', label: 'Description', render: (order) => <Description order={order} /> },
    {
      key: 'property',
      label: 'Property',
      render: (order) => (
        <Stack gap={0}>
          <Text span size="sm">
            {order.property.name}
          </Text>
          <Text span size="xs" c="dimmed">
            {order.property.address}
          </Text>
        </Stack>
      ),
    },
    ...(showVendor
      ? [
          {
            key: 'vendor',
            label: 'Vendor',
            render: (order: VendorWorkOrder) => (
              <Text span size="sm">
                {order.vendor?.fullName || order.vendor?.email || '—'}
              </Text>
            ),
          },
        ]
      : []),
    {
      key: 'status',
      label: 'Status',
      // Never squeezed to "PEND…" by the table's narrow columns.
      render: (order) => <WorkOrderStatusBadge status={order.status} miw="max-content" />,
    },
    { key: 'due', label: 'Due Date', render: (order) => <DueDate order={order} /> },
    {
      key: 'priority',
      label: 'Priority',
      render: (order) => <PriorityBadge priority={order.priority} variant="outline" miw="max-content" />,
    },
    {
      key: 'tasks',
      label: 'Tasks',
      render: (order) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconListCheck size={14} aria-hidden />}
          onClick={() => onShowTasks(order.id)}
          aria-label={`Tasks: ${order.description}`}
        >
          Tasks
        </Button>
      ),
    },
  ];
}

interface VendorWorkOrdersCardProps {
  showVendor: boolean;
  page: number;
  onPageChange: (page: number) => void;
}

/**
 * Live (issue 9): the work orders assigned to this vendor, each opening its work room, a page at a
 * time (issue 19).
 */
export function VendorWorkOrdersCard({ showVendor, page, onPageChange }: VendorWorkOrdersCardProps) {
  const query = useQuery(vendorPortalQueryOptions(page));
  // Issue 26: the vendor starts, completes and flags the tasks of a work order from here, on a phone too.
  const [shownWorkOrderId, setShownWorkOrderId] = useState<string | null>(null);
  // Live like the other work order lists (an admin here sees every vendor's).
  useReloadOnWorkOrderChange(useSignedInUser().id, workOrderKeys.vendorList);
  let body: ReactNode;
  if (query.isPending)
    body = (
      <Group gap="sm" py="md" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading work orders...</Text>
      </Group>
    );
  else if (query.isError)
    body = (
      <ErrorState
        title="Failed to load work orders"
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        headingOrder={3}
      />
    );
  else if (query.data.total === 0)
    body = (
      <Stack gap={4} py="sm">
        <Text fw={500}>No work orders assigned to you</Text>
        <Text size="sm" c="dimmed">
          When a manager assigns you a work order, it appears here with its work room.
        </Text>
      </Stack>
    );
  else
    body = (
      <Stack gap="sm">
        <ResponsiveTable
          caption="Work orders assigned to you"
          columns={columnsFor(showVendor, setShownWorkOrderId)}
          rows={query.data.workOrders}
          rowKey={(order) => order.id}
          titleColumn="description"
        />
        <ListPager
          noun="work orders"
          page={page}
          pageSize={vendorPortalPageSize}
          total={query.data.total}
          onChange={onPageChange}
        />
      </Stack>
    );

  return (
    <PortalSectionCard
      title="Work Orders"
      icon={<IconClipboardList size={20} aria-hidden />}
      action={
        <Button
          component={Link}
          to="/work-rooms"
          variant="subtle"
          size="compact-sm"
          rightSection={<IconArrowRight size={14} aria-hidden />}
          aria-label="View all work orders in Work Rooms"
        >
          View All
        </Button>
      }
    >
      {body}
      <WorkOrderDrawer workOrderId={shownWorkOrderId} onClose={() => setShownWorkOrderId(null)} />
    </PortalSectionCard>
  );
}
