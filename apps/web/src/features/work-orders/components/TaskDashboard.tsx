import type { ManagerPortalOverview, ManagerTask, ManagerWorkOrder } from '@commonwise/contracts';
import { Anchor, Button, Card, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { formatAssignee, formatWorkOrderNumber, getCategoryLabel } from '../labels.ts';
import { PriorityBadge, TaskStatusBadge, WorkOrderStatusBadge } from './WorkOrderBadges.tsx';

interface TaskDashboardProps {
  data: ManagerPortalOverview;
  onShowWorkOrder: (workOrderId: string) => void;
  onCreateTask: (workOrderId: string) => void;
}

/** The open tasks and open work orders of the properties in view, newest first. */
export function TaskDashboard({ data, onShowWorkOrder, onCreateTask }: TaskDashboardProps) {
  const [tab, setTab] = useState<string | null>('tasks');
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="manager-task-dashboard">
      <Title order={2} size="h4" id="manager-task-dashboard" mb="sm">
        Task Dashboard
      </Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="tasks" rightSection={<CountBadge count={data.openTaskCount} />}>
            Open tasks
          </Tabs.Tab>
          <Tabs.Tab value="work-orders" rightSection={<CountBadge count={data.openWorkOrderCount} />}>
            Open work orders
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tasks">
          <RowList
            items={data.openTasks}
            total={data.openTaskCount}
            noun="tasks"
            empty="No open tasks. Tasks you create on a work order appear here until they are completed."
            render={(task) => <TaskRow key={task.id} task={task} onShowWorkOrder={onShowWorkOrder} />}
          />
        </Tabs.Panel>
        <Tabs.Panel value="work-orders">
          <RowList
            items={data.openWorkOrders}
            total={data.openWorkOrderCount}
            noun="work orders"
            empty="No open work orders in your properties."
            render={(workOrder) => (
              <WorkOrderRow
                key={workOrder.id}
                workOrder={workOrder}
                onShow={() => onShowWorkOrder(workOrder.id)}
                onCreateTask={() => onCreateTask(workOrder.id)}
              />
            )}
          />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}

function CountBadge({ count }: { count: number }) {
  return (
    <ToneBadge size="sm" color="gray" circle={count < 10}>
      {count}
    </ToneBadge>
  );
}

function RowList<T>({
  items,
  total,
  noun,
  empty,
  render,
}: {
  items: T[];
  total: number;
  noun: string;
  empty: string;
  render: (item: T) => ReactNode;
}) {
  if (items.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="md">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map(render)}
      </Stack>
      {total > items.length ? (
        <Text size="sm" c="dimmed">
          Showing the {items.length} newest of {total} open {noun}.
        </Text>
      ) : null}
    </Stack>
  );
}

function TaskRow({ task, onShowWorkOrder }: { task: ManagerTask; onShowWorkOrder: (id: string) => void }) {
  const assignee = formatAssignee(task);
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="manager-task">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Text fw={500} style={{ flex: '1 1 14rem', overflowWrap: 'anywhere' }}>
          {task.taskDescription}
        </Text>
        <TaskStatusBadge status={task.taskStatus} isToned />
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {assignee} · created {formatDate(task.createdAt)}
      </Text>
      <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          onClick={() => onShowWorkOrder(task.workOrderId)}
        >
          {formatWorkOrderNumber({ id: task.workOrderId, reference: task.workOrderReference })}{' '}
          {task.workOrderSummary}
        </Anchor>
        <Text span size="sm" c="dimmed">
          {' '}
          · {task.propertyName}
        </Text>
      </Text>
    </Paper>
  );
}

function WorkOrderRow({
  workOrder,
  onShow,
  onCreateTask,
}: {
  workOrder: ManagerWorkOrder;
  onShow: () => void;
  onCreateTask: () => void;
}) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="manager-work-order">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Text fw={500} style={{ flex: '1 1 14rem', overflowWrap: 'anywhere' }}>
          {workOrder.summary}{' '}
          <Text span c="dimmed" size="sm">
            {formatWorkOrderNumber(workOrder)}
          </Text>
        </Text>
        <Group gap={6}>
          <WorkOrderStatusBadge status={workOrder.status} isToned />
          {workOrder.priority === 'normal' ? null : (
            <PriorityBadge priority={workOrder.priority} variant="tone" />
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {workOrder.propertyName} · {getCategoryLabel(workOrder.mainCategory)} · created{' '}
        {formatDate(workOrder.createdAt)}
        {workOrder.dueDate ? ` · due ${formatDate(workOrder.dueDate)}` : ''}
      </Text>
      <Group justify="space-between" align="center" gap="xs" mt="xs">
        <Text size="sm">
          {workOrder.openTaskCount} open {workOrder.openTaskCount === 1 ? 'task' : 'tasks'}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={onShow}
            aria-label={`View work order: ${workOrder.summary}`}
          >
            View
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={onCreateTask}
            aria-label={`Add task: ${workOrder.summary}`}
          >
            Add task
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
