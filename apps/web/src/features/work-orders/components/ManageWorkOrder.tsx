import { workOrderPriorities, type WorkOrderDetail } from '@commonwise/contracts';
import { Button, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import {
  useAssignVendor,
  useUpdateWorkOrder,
  vendorOptionsQueryOptions,
  type OnWorkOrderSaved,
} from '../api.ts';
import { priorityLabels } from '../labels.ts';
import { EmergencyNoticeActions } from './EmergencyNoticeActions.tsx';
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
  const assignVendor = useAssignVendor(workOrder.id, onSaved);
  const vendors = useQuery(vendorOptionsQueryOptions(workOrder.id));
  const [dueDate, setDueDate] = useState(workOrder.dueDate ?? '');

  const vendorOptions = (vendors.data ?? []).map((option) => ({
    value: option.id,
    label: option.fullName || option.email,
  }));
  // The assigned vendor stays named even if the options no longer list them.
  if (vendor && !vendorOptions.some((option) => option.value === vendor.id))
    vendorOptions.unshift({ value: vendor.id, label: vendor.fullName });

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
      <Select
        label="Vendor"
        description="The vendor assigned joins the work order's room."
        placeholder={vendors.isPending ? 'Loading vendors...' : 'Not assigned'}
        data={vendorOptions}
        value={workOrder.vendorId}
        clearable
        searchable
        nothingFoundMessage="No vendors found"
        disabled={assignVendor.isPending || vendors.isPending}
        rightSection={assignVendor.isPending ? <Loader size={14} /> : undefined}
        error={
          assignVendor.isError
            ? getErrorMessage(assignVendor.error)
            : vendors.isError
              ? `The vendors could not be loaded: ${getErrorMessage(vendors.error)}`
              : undefined
        }
        onChange={(value) => {
          if (value === workOrder.vendorId) return;
          assignVendor.mutate(value, {
            onSuccess: (updated) =>
              showSuccessToast(
                updated.vendorId
                  ? 'Vendor assigned and added to the room'
                  : 'Vendor removed from the work order',
              ),
          });
        }}
        comboboxProps={{ withinPortal: true, zIndex: 400 }}
      />
    </Stack>
  );
}
