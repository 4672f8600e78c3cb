import type { WorkOrder, WorkOrderDetail, WorkOrderTask } from '@commonwise/contracts';
import {
  Alert,
  Box,
  Button,
  Group,
  NativeSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import {
  taskAssigneesQueryOptions,
  useCreateTask,
  useFlagTask,
  useUpdateTaskDetails,
  useUpdateTaskStatus,
} from '../api.ts';
import { daysUntil, isOpen } from '../due-dates.ts';
import { useWorkOrderTasks } from '../hooks/use-work-order-pages.ts';
import { formatAssignee, taskStatusOptions } from '../labels.ts';
import { showTaskCreatedToast } from '../toasts.ts';
import { PagedSection } from './PagedSection.tsx';
import { TaskStatusBadge } from './WorkOrderBadges.tsx';
import {
  AttachButton,
  AttachmentGallery,
  AttachmentTray,
  useAttachmentDraft,
} from '../../attachments/index.ts';

type Permissions = WorkOrderDetail['permissions'];

interface TaskListProps {
  workOrder: WorkOrder;
  /** What the server says the viewer may do here (by membership): only those controls are offered. */
  permissions: Permissions;
  /** The signed-in person, named "you" among the people a task can be given to. */
  viewerId: string;
}

/**
 * Issue 26: a work order's tasks for whoever looks at them. The people who do the work (the vendor,
 * the property's managers) start, complete with a note and flag them; the managers also add, assign,
 * re-assign and date them; everyone else (the resident, the board) reads them, with no control.
 */
export function TaskList({ workOrder, permissions, viewerId }: TaskListProps) {
  const tasks = useWorkOrderTasks(workOrder.id);
  return (
    <Stack gap="sm">
      <PagedSection
        query={tasks.query}
        loadingLabel="Loading tasks"
        failedLabel="The tasks could not be loaded"
        moreLabel="Show more tasks"
        shown={`${tasks.tasks.length} of ${tasks.total}`}
      >
        {tasks.tasks.length === 0 ? (
          <Text size="sm" c="dimmed">
            No tasks yet
          </Text>
        ) : (
          <Stack gap="xs" component="ul" aria-label="Tasks" m={0} p={0} style={{ listStyle: 'none' }}>
            {tasks.tasks.map((task) => (
              <TaskCard
                key={task.id}
                task={task}
                workOrder={workOrder}
                permissions={permissions}
                viewerId={viewerId}
              />
            ))}
          </Stack>
        )}
      </PagedSection>
      {permissions.canManage && isOpen(workOrder.status) ? (
        <NewTaskForm workOrder={workOrder} viewerId={viewerId} />
      ) : null}
    </Stack>
  );
}

type Mode = 'complete' | 'flag' | 'edit' | null;

function TaskCard({
  task,
  workOrder,
  permissions,
  viewerId,
}: {
  task: WorkOrderTask;
  workOrder: WorkOrder;
  permissions: Permissions;
  viewerId: string;
}) {
  const [mode, setMode] = useState<Mode>(null);
  const status = useUpdateTaskStatus(workOrder.id);
  const isActive = task.taskStatus === 'pending' || task.taskStatus === 'in_progress';
  const isOverdue = isActive && task.dueDate !== null && daysUntil(task.dueDate) < 0;

  const start = () =>
    status.mutate(
      { taskId: task.id, taskStatus: 'in_progress' },
      {
        onSuccess: () => showSuccessToast('Task started'),
        onError: (error) => showFailureToast('Failed to start the task', error),
      },
    );

  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={`Task: ${task.taskDescription}`}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text
          size="sm"
          fw={500}
          style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        >
          {task.taskDescription}
        </Text>
        <TaskStatusBadge status={task.taskStatus} size="sm" isToned style={{ flexShrink: 0 }} />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {formatAssignee(task)}
        {task.dueDate ? (
          <Text span size="xs" c={isOverdue ? 'red.8' : undefined} fw={isOverdue ? 600 : undefined}>
            {' '}
            · due {formatDate(task.dueDate)}
            {isOverdue ? ' (overdue)' : ''}
          </Text>
        ) : null}
        {task.completedAt ? ` · completed ${formatDateTime(task.completedAt)}` : ''}
      </Text>
      {task.attachments?.length ? (
        <Box mt={6}>
          <AttachmentGallery attachments={task.attachments} size={64} />
        </Box>
      ) : null}
      {task.completionNote ? (
        <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          <Text span fw={600} size="sm">
            Note:{' '}
          </Text>
          {task.completionNote}
        </Text>
      ) : null}
      {task.flagReason ? (
        <Alert
          mt="xs"
          p="xs"
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={16} aria-hidden />}
          title="Problem flagged"
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {task.flagReason}
          </Text>
        </Alert>
      ) : null}

      {permissions.canWorkOnTasks && mode === null ? (
        <Group gap="xs" mt="xs">
          {task.taskStatus === 'pending' ? (
            <Button size="xs" variant="light" onClick={start} loading={status.isPending}>
              Start
            </Button>
          ) : null}
          {isActive ? (
            <Button size="xs" variant="light" color="green" onClick={() => setMode('complete')}>
              Complete
            </Button>
          ) : null}
          {task.flagReason ? (
            <ClearFlagButton task={task} workOrderId={workOrder.id} />
          ) : isActive ? (
            <Button size="xs" variant="subtle" color="orange" onClick={() => setMode('flag')}>
              Flag a problem
            </Button>
          ) : null}
          {permissions.canManage ? (
            <Button size="xs" variant="subtle" onClick={() => setMode('edit')}>
              Edit
            </Button>
          ) : null}
        </Group>
      ) : null}
      {mode === 'complete' ? (
        <CompleteForm task={task} workOrderId={workOrder.id} onDone={() => setMode(null)} />
      ) : null}
      {mode === 'flag' ? (
        <FlagForm task={task} workOrderId={workOrder.id} onDone={() => setMode(null)} />
      ) : null}
      {mode === 'edit' ? (
        <EditForm task={task} workOrder={workOrder} viewerId={viewerId} onDone={() => setMode(null)} />
      ) : null}
    </Paper>
  );
}

function CompleteForm({
  task,
  workOrderId,
  onDone,
}: {
  task: WorkOrderTask;
  workOrderId: string;
  onDone: () => void;
}) {
  const [note, setNote] = useState('');
  const status = useUpdateTaskStatus(workOrderId);
  const photos = useAttachmentDraft({ taskId: task.id });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (photos.isUploading) return;
    status.mutate(
      { taskId: task.id, taskStatus: 'completed', note: note.trim() || undefined, attachmentIds: photos.ids },
      {
        onSuccess: () => {
          photos.clear();
          showSuccessToast('Task completed');
          onDone();
        },
      },
    );
  };
  return (
    <Stack gap="xs" mt="xs" component="form" onSubmit={submit} aria-label="Complete the task">
      <Textarea
        label="What was done"
        description="Optional: the resident and the manager see this note."
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        error={status.isError ? getErrorMessage(status.error) : undefined}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={2000}
        data-autofocus
        autoFocus
      />
      <AttachmentTray draft={photos} />
      <Group gap="xs">
        <AttachButton draft={photos} disabled={status.isPending} />
        <Text size="xs" c="dimmed">
          Before and after photos
        </Text>
      </Group>
      <Group gap="xs">
        <Button
          type="submit"
          size="xs"
          color="green"
          loading={status.isPending}
          disabled={photos.isUploading}
        >
          Mark complete
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

function FlagForm({
  task,
  workOrderId,
  onDone,
}: {
  task: WorkOrderTask;
  workOrderId: string;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const flag = useFlagTask(workOrderId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Say what the problem is');
      return;
    }
    flag.mutate(
      { taskId: task.id, reason: reason.trim() },
      {
        onSuccess: () => {
          showSuccessToast('Problem flagged: the manager is told');
          onDone();
        },
        onError: (failure) => setError(getErrorMessage(failure)),
      },
    );
  };
  return (
    <Stack gap="xs" mt="xs" component="form" onSubmit={submit} aria-label="Flag a problem">
      <Textarea
        label="What is the problem?"
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setError(null);
        }}
        error={error}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={1000}
        autoFocus
      />
      <Group gap="xs">
        <Button type="submit" size="xs" color="orange" loading={flag.isPending}>
          Flag
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

function ClearFlagButton({ task, workOrderId }: { task: WorkOrderTask; workOrderId: string }) {
  const flag = useFlagTask(workOrderId);
  return (
    <Button
      size="xs"
      variant="subtle"
      color="orange"
      loading={flag.isPending}
      onClick={() =>
        flag.mutate(
          { taskId: task.id, reason: null },
          {
            onSuccess: () => showSuccessToast('Problem cleared'),
            onError: (error) => showFailureToast('Failed to clear the problem', error),
          },
        )
      }
    >
      Clear problem
    </Button>
  );
}

/** "Assign to": the property's managers (the viewer named "you") and the work order's vendor. */
function useAssigneeOptions(workOrder: WorkOrder, viewerId: string) {
  const people = useQuery(taskAssigneesQueryOptions(workOrder));
  const options = (people.data ?? []).map((person) => ({
    value: `${person.assignedToType}:${person.id}`,
    label:
      person.id === viewerId
        ? `${person.fullName} (you)`
        : `${person.fullName} (${person.assignedToType === 'vendor' ? 'vendor' : 'manager'})`,
  }));
  return { people, options };
}

/**
 * "Assign to" as the device's own list (a native select): on a phone it opens the system picker, and
 * inside the work order sheet it never floats away from its field.
 */
function AssigneeSelect({
  options,
  isLoading,
  error,
  value,
  onChange,
}: {
  options: { value: string; label: string }[];
  isLoading: boolean;
  error: string | undefined;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  return (
    <NativeSelect
      label="Assign to"
      data={[{ value: '', label: isLoading ? 'Loading people...' : 'Nobody in particular' }, ...options]}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      error={error}
    />
  );
}

function parseAssignee(value: string | null) {
  if (!value) return null;
  const [type, ...rest] = value.split(':');
  return { assignedToType: type as WorkOrderTask['assignedToType'], assignedToId: rest.join(':') };
}

function EditForm({
  task,
  workOrder,
  viewerId,
  onDone,
}: {
  task: WorkOrderTask;
  workOrder: WorkOrder;
  viewerId: string;
  onDone: () => void;
}) {
  const { people, options } = useAssigneeOptions(workOrder, viewerId);
  const [description, setDescription] = useState(task.taskDescription);
  const [assignee, setAssignee] = useState<string | null>(
    task.assignedToId ? `${task.assignedToType}:${task.assignedToId}` : null,
  );
  const [dueDate, setDueDate] = useState(task.dueDate ?? '');
  const [taskStatus, setTaskStatus] = useState<WorkOrderTask['taskStatus']>(task.taskStatus);
  const details = useUpdateTaskDetails(workOrder.id);
  const status = useUpdateTaskStatus(workOrder.id);
  // A task given to someone no longer offered (they left the property) keeps its name in the list.
  if (assignee && !options.some((option) => option.value === assignee))
    options.unshift({ value: assignee, label: task.assignedToName ?? 'Current assignee' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = parseAssignee(assignee);
    try {
      await details.mutateAsync({
        taskId: task.id,
        input: {
          taskDescription: description,
          ...(chosen ? chosen : { assignedToType: task.assignedToType, assignedToId: null }),
          dueDate: dueDate || null,
        },
      });
      if (taskStatus !== task.taskStatus) await status.mutateAsync({ taskId: task.id, taskStatus });
      showSuccessToast('Task saved');
      onDone();
    } catch (error) {
      showFailureToast('Failed to save the task', error);
    }
  };
  const error = details.error ?? status.error;
  return (
    <Stack gap="xs" mt="xs" component="form" onSubmit={(event) => void submit(event)} aria-label="Edit task">
      <Textarea
        label="Task description"
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={5}
        maxLength={1000}
      />
      <AssigneeSelect
        options={options}
        isLoading={people.isPending}
        error={
          people.isError ? `The people could not be loaded: ${getErrorMessage(people.error)}` : undefined
        }
        value={assignee}
        onChange={setAssignee}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <TextInput
          type="date"
          label="Due date"
          value={dueDate}
          onChange={(event) => setDueDate(event.currentTarget.value)}
        />
        <Select
          label="Status"
          data={taskStatusOptions}
          value={taskStatus}
          allowDeselect={false}
          onChange={(value) => value && setTaskStatus(value as WorkOrderTask['taskStatus'])}
          comboboxProps={{ withinPortal: true, zIndex: 400 }}
        />
      </SimpleGrid>
      {error ? (
        <Text size="sm" c="red.8" role="alert">
          {getErrorMessage(error)}
        </Text>
      ) : null}
      <Group gap="xs">
        <Button type="submit" size="xs" loading={details.isPending || status.isPending}>
          Save task
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

function NewTaskForm({ workOrder, viewerId }: { workOrder: WorkOrder; viewerId: string }) {
  const create = useCreateTask();
  const { people, options } = useAssigneeOptions(workOrder, viewerId);
  const [description, setDescription] = useState('');
  const [assignee, setAssignee] = useState<string | null>(null);
  const [dueDate, setDueDate] = useState('');
  const [descriptionError, setDescriptionError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) {
      setDescriptionError('Describe the task');
      return;
    }
    const chosen = parseAssignee(assignee);
    create.mutate(
      {
        workOrderId: workOrder.id,
        input: {
          taskDescription: description.trim(),
          // A task for nobody in particular is the vendor's job by default, as on the portal's form.
          assignedToType: chosen?.assignedToType ?? 'vendor',
          assignedToId: chosen?.assignedToId ?? null,
          dueDate: dueDate || null,
        },
      },
      {
        onSuccess: () => {
          showTaskCreatedToast();
          setDescription('');
          setAssignee(null);
          setDueDate('');
        },
        onError: (error) => showFailureToast('Failed to create task', error),
      },
    );
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Create task"
    >
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
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <AssigneeSelect
            options={options}
            isLoading={people.isPending}
            error={
              people.isError ? `The people could not be loaded: ${getErrorMessage(people.error)}` : undefined
            }
            value={assignee}
            onChange={setAssignee}
          />
          <TextInput
            type="date"
            label="Due date"
            value={dueDate}
            onChange={(event) => setDueDate(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Button type="submit" loading={create.isPending} size="sm">
          Create Task
        </Button>
      </Stack>
    </Paper>
  );
}
