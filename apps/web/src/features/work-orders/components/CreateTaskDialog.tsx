import type { ManagerWorkOrder, WorkOrderTask } from '@commonwise/contracts';
import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { showFailureToast } from '../../../lib/toasts.ts';
import { useCreateTask } from '../api.ts';
import { assigneeTypeLabels, formatWorkOrderNumber } from '../labels.ts';
import { showTaskCreatedToast } from '../toasts.ts';
import { AssigneeTypeSelect } from './AssigneeTypeSelect.tsx';

interface CreateTaskDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The open work orders a task can be added to. */
  workOrders: ManagerWorkOrder[];
  initialWorkOrderId: string | null;
  /** The page's own data that counts tasks, reloaded with the work order once the task is made. */
  alsoRefresh?: QueryKey | undefined;
}

/** Create Task: a real task on a chosen open work order, optionally given to one of its people. */
export function CreateTaskDialog({
  opened,
  onClose,
  workOrders,
  initialWorkOrderId,
  alsoRefresh,
}: CreateTaskDialogProps) {
  return (
    // Above the work order drawer, which can open it.
    <PortalModal opened={opened} onClose={onClose} title="Create Task" size="lg" zIndex={300}>
      {/* Rendered only while open, so every opening starts with a fresh form. */}
      {opened ? (
        <CreateTaskForm
          workOrders={workOrders}
          initialWorkOrderId={initialWorkOrderId}
          onClose={onClose}
          alsoRefresh={alsoRefresh}
        />
      ) : null}
    </PortalModal>
  );
}

type Errors = Partial<Record<'workOrderId' | 'taskDescription' | 'assignedToId', string>>;

/** Who a task of this type can go to on this work order: its managers, its vendor or its resident. */
function peopleFor(workOrder: ManagerWorkOrder | undefined, type: WorkOrderTask['assignedToType']) {
  if (!workOrder) return [];
  if (type === 'manager') return workOrder.managers;
  const person = type === 'vendor' ? workOrder.vendor : workOrder.resident;
  return person ? [person] : [];
}

function CreateTaskForm({
  workOrders,
  initialWorkOrderId,
  onClose,
  alsoRefresh,
}: Omit<CreateTaskDialogProps, 'opened'>) {
  const create = useCreateTask({ alsoRefresh });
  const [workOrderId, setWorkOrderId] = useState<string | null>(initialWorkOrderId);
  const [description, setDescription] = useState('');
  const [assignedToType, setAssignedToType] = useState<WorkOrderTask['assignedToType']>('vendor');
  const [assignedToId, setAssignedToId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  const workOrder = workOrders.find((candidate) => candidate.id === workOrderId);
  const people = peopleFor(workOrder, assignedToType);

  if (workOrders.length === 0) {
    return (
      <Stack gap="md">
        <Text>There are no open work orders to add a task to.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!workOrderId) found.workOrderId = 'Choose a work order';
    if (!description.trim()) found.taskDescription = 'Describe the task';
    setErrors(found);
    if (Object.keys(found).length > 0 || !workOrderId) return;
    create.mutate(
      { workOrderId, input: { taskDescription: description.trim(), assignedToType, assignedToId } },
      {
        onSuccess: () => {
          showTaskCreatedToast();
          onClose();
        },
        onError: (error) => {
          if (isApiRequestError(error) && error.fields) setErrors(error.fields as Errors);
          showFailureToast('Failed to create task', error);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create task">
      <Stack gap="md">
        <Select
          label="Work order"
          placeholder="Choose a work order"
          required
          searchable
          data={workOrders.map((candidate) => ({
            value: candidate.id,
            label: `${candidate.summary} (${formatWorkOrderNumber(candidate)}, ${candidate.propertyName})`,
          }))}
          value={workOrderId}
          onChange={(value) => {
            setWorkOrderId(value);
            setAssignedToId(null);
            setErrors((current) => ({ ...current, workOrderId: undefined }));
          }}
          error={errors.workOrderId}
          nothingFoundMessage="No work order matches"
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Task description"
          required
          value={description}
          onChange={(event) => {
            setDescription(event.currentTarget.value);
            setErrors((current) => ({ ...current, taskDescription: undefined }));
          }}
          error={errors.taskDescription}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={1000}
        />
        <Group grow gap="sm" align="flex-start" wrap="wrap">
          <AssigneeTypeSelect
            value={assignedToType}
            onChange={(type) => {
              setAssignedToType(type);
              setAssignedToId(null);
            }}
            style={{ minWidth: '10rem' }}
          />
          <Select
            label="Person"
            placeholder={people.length ? 'Optional' : 'Nobody to choose'}
            description={
              workOrder && people.length === 0
                ? `This work order has no ${assigneeTypeLabels[assignedToType].toLowerCase()}`
                : undefined
            }
            data={people.map((person) => ({ value: person.id, label: person.name }))}
            value={assignedToId}
            onChange={setAssignedToId}
            disabled={people.length === 0}
            clearable
            error={errors.assignedToId}
            style={{ minWidth: '10rem' }}
          />
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Task
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
