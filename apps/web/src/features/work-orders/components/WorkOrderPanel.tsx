import {
  hasPermission,
  type Role,
  type WorkOrder,
  type WorkOrderDetail,
  type WorkOrderTask,
} from '@commonwise/contracts';
import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { IconDoorEnter, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { assigneesQueryOptions, useCreateTask, useUpdateTaskStatus, workOrderQueryOptions } from '../api.ts';
import { workRoomPath } from '../../work-rooms/api.ts';
import { formatAssignee, shortWorkOrderId, taskStatusOptions } from '../labels.ts';
import { showTaskCreatedToast } from '../toasts.ts';
import { AssigneeTypeSelect } from './AssigneeTypeSelect.tsx';
import { TaskStatusBadge } from './WorkOrderBadges.tsx';
import { WorkOrderDetailRow, WorkOrderSummary } from './WorkOrderSummary.tsx';
import panes from '../../../components/ThreePaneLayout.module.css';

interface WorkOrderPanelProps {
  /** The conversation's work orders, newest first. */
  workOrderIds: string[];
  /** The one to show; the newest when null or not one of them. */
  selectedId: string | null;
  onSelect: (workOrderId: string) => void;
  viewer: { id: string; role: Role };
  onClose: () => void;
}

/** SPEC §2: the work order a conversation led to — details, activity feed and tasks. */
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
              <Loader size="sm" aria-label="Loading work order details" />
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
  const { workOrder, tasks, activity, rooms } = detail;
  const canCreateTask = hasPermission(viewer.role, 'tasks:write');
  const canUpdateTasks = hasPermission(viewer.role, 'tasks:update-status');
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
      <Stack gap="sm" component="section" aria-labelledby="work-order-activity-title">
        <Title order={3} size="h5" id="work-order-activity-title">
          Activity
        </Title>
        {activity.length === 0 ? (
          <Text size="sm" c="dimmed">
            No activities yet
          </Text>
        ) : (
          <Timeline bulletSize={12} lineWidth={2}>
            {activity.map((entry) => (
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
      </Stack>

      <Divider />
      <Stack gap="sm" component="section" aria-labelledby="work-order-tasks-title">
        <Title order={3} size="h5" id="work-order-tasks-title">
          Tasks
        </Title>
        {tasks.length === 0 ? (
          <Text size="sm" c="dimmed">
            No tasks yet
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {tasks.map((task) => (
              <TaskItem key={task.id} task={task} workOrderId={workOrder.id} canUpdate={canUpdateTasks} />
            ))}
          </Stack>
        )}
        {canCreateTask ? <CreateTaskForm workOrder={workOrder} /> : null}
      </Stack>
    </>
  );
}

function TaskItem({
  task,
  workOrderId,
  canUpdate,
}: {
  task: WorkOrderTask;
  workOrderId: string;
  canUpdate: boolean;
}) {
  const update = useUpdateTaskStatus(workOrderId);
  const assignee = formatAssignee(task);
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {task.taskDescription}
      </Text>
      <Group justify="space-between" mt={6} gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" style={{ minWidth: 0 }} truncate="end">
          {assignee}
        </Text>
        {canUpdate ? (
          <Select
            size="xs"
            w={130}
            aria-label={`Status of task: ${task.taskDescription}`}
            data={taskStatusOptions}
            value={task.taskStatus}
            allowDeselect={false}
            disabled={update.isPending}
            onChange={(value) => {
              if (!value || value === task.taskStatus) return;
              update.mutate(
                { taskId: task.id, taskStatus: value as WorkOrderTask['taskStatus'] },
                {
                  onSuccess: () => showSuccessToast('Task status updated'),
                  onError: (error) => showFailureToast('Failed to update task status', error),
                },
              );
            }}
          />
        ) : (
          <TaskStatusBadge status={task.taskStatus} size="sm" />
        )}
      </Group>
      {task.completedAt ? (
        <Text size="xs" c="dimmed" mt={4}>
          Completed {formatDateTime(task.completedAt)}
        </Text>
      ) : null}
    </Paper>
  );
}

function CreateTaskForm({ workOrder }: { workOrder: WorkOrder }) {
  const create = useCreateTask();
  const [description, setDescription] = useState('');
  const [assignedToType, setAssignedToType] = useState<WorkOrderTask['assignedToType']>('vendor');
  const [assignedToId, setAssignedToId] = useState<string | null>(null);
  const [descriptionError, setDescriptionError] = useState<string | null>(null);
  const people = useQuery(assigneesQueryOptions(workOrder, assignedToType));
  const peopleOptions = (people.data ?? []).map((person) => ({ value: person.id, label: person.name }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) {
      setDescriptionError('Describe the task');
      return;
    }
    create.mutate(
      {
        workOrderId: workOrder.id,
        input: { taskDescription: description.trim(), assignedToType, assignedToId },
      },
      {
        onSuccess: () => {
          showTaskCreatedToast();
          setDescription('');
          setAssignedToId(null);
        },
        onError: (error) => showFailureToast('Failed to create task', error),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="sm" component="form" onSubmit={submit} aria-label="Create task">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          New task
        </Text>
        <Textarea
          label="Task description"
          value={description}
          onChange={(event) => {
            setDescription(event.currentTarget.value);
            setDescriptionError(null);
          }}
          error={descriptionError ?? (create.error ? getErrorMessage(create.error) : undefined)}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={1000}
        />
        <Group grow gap="xs" align="flex-start">
          <AssigneeTypeSelect
            value={assignedToType}
            onChange={(type) => {
              setAssignedToType(type);
              setAssignedToId(null);
            }}
          />
          {people.isError ? null : (
            <Select
              label="Person"
              placeholder="Optional"
              data={peopleOptions}
              value={assignedToId}
              onChange={setAssignedToId}
              clearable
              searchable
              nothingFoundMessage="Nobody found"
            />
          )}
        </Group>
        <Button type="submit" loading={create.isPending} size="sm">
          Create Task
        </Button>
      </Stack>
    </Paper>
  );
}
