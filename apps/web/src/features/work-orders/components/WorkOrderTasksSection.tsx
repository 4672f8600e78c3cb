import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getErrorMessage } from '../../../lib/api.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { workOrderQueryOptions } from '../api.ts';
import { useLiveWorkOrder } from '../hooks/use-live-work-orders.ts';
import { TaskList } from './TaskList.tsx';

/**
 * A work order's tasks where its work is discussed (a work room's details): with the controls the
 * server says the viewer may use on this work order. Live like every open work order (issue 26): a
 * task someone else starts, completes or is given shows here without a reload.
 */
export function WorkOrderTasksSection({ workOrderId }: { workOrderId: string }) {
  const viewerId = useSignedInUser().id;
  const detail = useQuery(workOrderQueryOptions(workOrderId));
  useLiveWorkOrder(viewerId, workOrderId);
  return (
    <Stack gap="sm" component="section" aria-labelledby={`tasks-of-${workOrderId}`}>
      <Title order={3} size="h5" id={`tasks-of-${workOrderId}`}>
        Tasks
      </Title>
      {detail.isPending ? (
        <Group justify="center" py="sm">
          <Loader size="sm" role="status" aria-label="Loading tasks" />
        </Group>
      ) : detail.isError ? (
        <Text size="sm" c="dimmed">
          The tasks could not be loaded: {getErrorMessage(detail.error)}
        </Text>
      ) : (
        <TaskList
          workOrder={detail.data.workOrder}
          permissions={detail.data.permissions}
          viewerId={viewerId}
        />
      )}
    </Stack>
  );
}
