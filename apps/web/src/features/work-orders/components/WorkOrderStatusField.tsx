import {
  workOrderStatusLabels,
  workOrderTransitions,
  type WorkOrder,
  type WorkOrderStatus,
} from '@commonwise/contracts';
import { Loader, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useChangeWorkOrderStatus, type OnWorkOrderSaved } from '../api.ts';

/** Statuses after which nothing changes: asked about before they are chosen. */
const finalStatuses: ReadonlySet<WorkOrderStatus> = new Set(['completed', 'cancelled']);

interface WorkOrderStatusFieldProps {
  workOrder: Pick<WorkOrder, 'id' | 'status' | 'summary'>;
  /** Puts the changed work order where the screen shows it. */
  onSaved: OnWorkOrderSaved;
}

/**
 * A work order's status, changeable to the statuses workOrderTransitions allows; a final status
 * (completed, cancelled) is confirmed first. A final work order only says that it is final.
 */
export function WorkOrderStatusField({ workOrder, onSaved }: WorkOrderStatusFieldProps) {
  const changeStatus = useChangeWorkOrderStatus(workOrder.id, onSaved);
  const [finalChoice, setFinalChoice] = useState<WorkOrderStatus | null>(null);

  const nextStatuses = workOrderTransitions[workOrder.status];
  const statusOptions = [workOrder.status, ...nextStatuses].map((status) => ({
    value: status,
    label: workOrderStatusLabels[status],
  }));

  const applyStatus = (status: WorkOrderStatus) => {
    changeStatus.mutate(status, {
      onSuccess: () => {
        setFinalChoice(null);
        showSuccessToast(`Status changed to ${workOrderStatusLabels[status]}`);
      },
      onError: () => setFinalChoice(null),
    });
  };

  return (
    <>
      {nextStatuses.length === 0 ? (
        <Text size="sm" c="dimmed">
          {workOrderStatusLabels[workOrder.status]} work orders are final: the status no longer changes.
        </Text>
      ) : (
        <Select
          label="Status"
          data={statusOptions}
          value={workOrder.status}
          allowDeselect={false}
          disabled={changeStatus.isPending}
          rightSection={changeStatus.isPending ? <Loader size={14} /> : undefined}
          error={changeStatus.isError ? getErrorMessage(changeStatus.error) : undefined}
          comboboxProps={{ withinPortal: true }}
          onChange={(value) => {
            const status = value as WorkOrderStatus | null;
            if (!status || status === workOrder.status) return;
            if (finalStatuses.has(status)) setFinalChoice(status);
            else applyStatus(status);
          }}
        />
      )}
      <ConfirmDialog
        opened={finalChoice !== null}
        title={`Mark as ${finalChoice ? workOrderStatusLabels[finalChoice] : ''}?`}
        confirmLabel={`Mark as ${finalChoice ? workOrderStatusLabels[finalChoice] : ''}`}
        confirmColor={finalChoice === 'cancelled' ? 'red' : 'green'}
        isConfirming={changeStatus.isPending}
        onConfirm={() => finalChoice && applyStatus(finalChoice)}
        onClose={() => setFinalChoice(null)}
      >
        {`"${workOrder.summary}" will be ${finalChoice === 'cancelled' ? 'cancelled' : 'completed'}. This is final: its status cannot change afterwards. Everyone in the room is told.`}
      </ConfirmDialog>
    </>
  );
}
