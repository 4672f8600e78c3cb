import { workOrderPriorities, type WorkOrderDetail } from '@commonwise/contracts';
import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../lib/api.ts';
import { RequestBidsButton } from '../../bids/index.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useUpdateWorkOrder, type OnWorkOrderSaved } from '../api.ts';
import { priorityLabels } from '../labels.ts';
import { EmergencyNoticeActions } from './EmergencyNoticeActions.tsx';
import { VendorAssignField } from './VendorAssignField.tsx';
import { WorkOrderStatusField } from './WorkOrderStatusField.tsx';

const priorityOptions = workOrderPriorities.map((priority) => ({
  value: priority,
  label: priorityLabels[priority],
}));

/**
 * For the property's managers (issue 26): the work order's status, priority, due date and vendor,
 * each saved as it is chosen. Assigning a vendor also brings them into the work order's room.
 */
export function ManageWorkOrder({ detail, onSaved }: { detail: WorkOrderDetail; onSaved: OnWorkOrderSaved }) {
  const { workOrder, vendor } = detail;
  const update = useUpdateWorkOrder(workOrder.id, onSaved);
  const [dueDate, setDueDate] = useState(workOrder.dueDate ?? '');

  const saveDueDate = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { dueDate: dueDate || null },
      { onSuccess: () => showSuccessToast(dueDate ? 'Due date saved' : 'Due date removed') },
    );
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="manage-work-order-title">
      <Title order={3} size="h5" id="manage-work-order-title">
        Manage work order
      </Title>
      <WorkOrderStatusField workOrder={workOrder} onSaved={onSaved} />
      <Select
        label="Priority"
        data={priorityOptions}
        value={workOrder.priority}
        allowDeselect={false}
        disabled={update.isPending}
        onChange={(value) => {
          if (!value || value === workOrder.priority) return;
          update.mutate(
            { priority: value as WorkOrderDetail['workOrder']['priority'] },
            { onSuccess: () => showSuccessToast('Priority saved') },
          );
        }}
        comboboxProps={{ withinPortal: true, zIndex: 400 }}
      />
      <EmergencyNoticeActions workOrder={workOrder} />
      <Group component="form" onSubmit={saveDueDate} gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          type="date"
          label="Due date"
          value={dueDate}
          onChange={(event) => setDueDate(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          type="submit"
          variant="default"
          loading={update.isPending}
          disabled={(workOrder.dueDate ?? '') === dueDate}
        >
          Save due date
        </Button>
      </Group>
      {update.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {getErrorMessage(update.error)}
        </Text>
      ) : null}
      <VendorAssignField
        workOrder={workOrder}
        vendor={vendor}
        onSaved={onSaved}
        description="The vendor assigned joins the work order's room."
        assignedMessage="Vendor assigned and added to the room"
      />
      {/* Issue 24 item 2: quotes from several companies before choosing one; the award assigns the winner. */}
      {workOrder.status !== 'completed' && workOrder.status !== 'cancelled' ? (
        <Group>
          <RequestBidsButton workOrderId={workOrder.id} propertyId={workOrder.propertyId} />
        </Group>
      ) : null}
    </Stack>
  );
}
