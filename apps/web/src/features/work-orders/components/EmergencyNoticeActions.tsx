import type { EmergencyPrepared, WorkOrderDetail } from '@commonwise/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, getErrorMessage } from '../../../lib/api.ts';

/**
 * For an emergency work order (issue 23 item 2): the assistant drafts the notice to the people it
 * affects — the building of the reporter's unit, that unit, or everyone for a common area — and later
 * the all-clear to the same people. Each opens as a draft for the manager to check and send; nothing
 * is sent from here. (Posts to the announcements' API directly: the work-order drawer is part of pages
 * that should not download the announcement pages' code.)
 */
export function EmergencyNoticeActions({ workOrder }: { workOrder: WorkOrderDetail['workOrder'] }) {
  const navigate = useNavigate();
  const draft = useMutation({
    mutationFn: (stage: 'notice' | 'all-clear') =>
      api.post<EmergencyPrepared>(
        `/api/properties/${encodeURIComponent(workOrder.propertyId)}/emergencies/drafts`,
        { workOrderId: workOrder.id, stage },
      ),
    onSuccess: ({ announcement }) => {
      const place = `${encodeURIComponent(announcement.propertyId)}/${encodeURIComponent(announcement.id)}`;
      void navigate(
        announcement.kind === 'emergency'
          ? `/community/emergencies/${place}/edit`
          : `/community/announcements/${place}/edit`,
      );
    },
  });
  if (workOrder.priority !== 'emergency') return null;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Tell the people affected
      </Text>
      <Text size="xs" c="dimmed">
        The assistant drafts it from this work order; you check it, and you send it.
      </Text>
      <Group gap="xs">
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconAlertTriangle size={14} aria-hidden />}
          loading={draft.isPending && draft.variables === 'notice'}
          disabled={draft.isPending}
          onClick={() => draft.mutate('notice')}
        >
          Draft emergency notice
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconCircleCheck size={14} aria-hidden />}
          loading={draft.isPending && draft.variables === 'all-clear'}
          disabled={draft.isPending}
          onClick={() => draft.mutate('all-clear')}
        >
          Draft the all-clear
        </Button>
      </Group>
      {draft.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {getErrorMessage(draft.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
