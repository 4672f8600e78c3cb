import type { WorkRoomDetail } from '@commonwise/contracts';
import { ActionIcon, Button, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconUserPlus, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RoleBadge } from '../../../components/RoleBadge.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { workOrderKeys, workOrderQueryOptions, type OnWorkOrderSaved } from '../../work-orders/api.ts';
import {
  RelatedWorkOrdersRow,
  VendorAssignField,
  WorkOrderDetailRow,
  WorkOrderRatingSection,
  WorkOrderStatusField,
  WorkOrderSummary,
  WorkOrderTasksSection,
} from '../../work-orders/index.ts';
import { roomDetailQueryOptions, useAddRoomParticipant, useShowSavedWorkOrder } from '../api.ts';
import panes from '../../../components/ThreePaneLayout.module.css';

interface RoomDetailsPanelProps {
  roomId: string;
  /** Closes the panel; on phones it is a screen of its own and this goes back to the chat. */
  onClose: () => void;
  isScreen?: boolean;
}

/** SPEC §2: the right-hand panel — the work order, what a manager can change, and who is in the room. */
export function RoomDetailsPanel({ roomId, onClose, isScreen = false }: RoomDetailsPanelProps) {
  const query = useQuery(roomDetailQueryOptions(roomId));
  return (
    <Stack gap={0} h="100%" component="section" aria-labelledby="room-details-title">
      <Group justify="space-between" p="md" pb="sm" wrap="nowrap" className={panes.header}>
        <Group gap="xs" wrap="nowrap">
          {isScreen ? (
            <ActionIcon variant="default" size="lg" aria-label="Back to the room" onClick={onClose}>
              <IconArrowLeft size={18} aria-hidden />
            </ActionIcon>
          ) : null}
          <Title order={2} size="h4" id="room-details-title">
            Room details
          </Title>
        </Group>
        {isScreen ? null : (
          <ActionIcon variant="subtle" color="gray" aria-label="Close room details" onClick={onClose}>
            <IconX size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      <div className={panes.scroll}>
        {query.isPending ? (
          <Group justify="center" py="xl">
            <Loader size="sm" role="status" aria-label="Loading room details" />
          </Group>
        ) : query.data ? (
          <Stack gap="lg" p="md">
            <WorkOrderSection detail={query.data} />
            {/* The resident rates completed work here, as their notification says; staff read it. */}
            <WorkOrderRatingSection workOrder={query.data.workOrder} withDivider />
            {query.data.permissions.canManage ? (
              <>
                <Divider />
                <ManageSection key={query.data.workOrder.id} detail={query.data} roomId={roomId} />
              </>
            ) : null}
            <Divider />
            <WorkOrderTasksSection workOrderId={query.data.workOrder.id} />
            <Divider />
            <ParticipantsSection detail={query.data} />
          </Stack>
        ) : (
          <Stack align="center" gap="xs" py="xl" px="md" ta="center">
            <Text c="dimmed">Room details not found</Text>
            {query.isError && !(isApiRequestError(query.error) && query.error.status === 404) ? (
              <Button
                size="xs"
                variant="light"
                onClick={() => void query.refetch()}
                loading={query.isFetching}
              >
                Try again
              </Button>
            ) : null}
          </Stack>
        )}
      </div>
    </Stack>
  );
}

function WorkOrderSection({ detail }: { detail: WorkRoomDetail }) {
  const { workOrder, resident, vendor } = detail;
  // The requests linked to this one (issue 26) are in the work order's details, which the tasks
  // below read too: one request for both, kept live with them.
  const related = useQuery({
    ...workOrderQueryOptions(workOrder.id),
    select: (workOrderDetail) => workOrderDetail.related,
  }).data;
  return (
    <WorkOrderSummary
      workOrder={workOrder}
      rows={
        <>
          <WorkOrderDetailRow label="Resident">
            {resident ? resident.fullName : 'Unknown User'}
          </WorkOrderDetailRow>
          <WorkOrderDetailRow label="Vendor">{vendor ? vendor.fullName : 'Not assigned'}</WorkOrderDetailRow>
          <WorkOrderDetailRow label="Created">{formatDate(workOrder.createdAt)}</WorkOrderDetailRow>
          <WorkOrderDetailRow label="Due date">
            {workOrder.dueDate ? formatDate(workOrder.dueDate) : 'Not set'}
          </WorkOrderDetailRow>
          <RelatedWorkOrdersRow related={related} />
        </>
      }
    />
  );
}

/** For the property's managers and admins: the status, the vendor, and bringing the vendor in. */
function ManageSection({ detail, roomId }: { detail: WorkRoomDetail; roomId: string }) {
  const { workOrder, vendor, participants } = detail;
  const queryClient = useQueryClient();
  const showSavedInRoom = useShowSavedWorkOrder(roomId);
  // The tasks below read the work order's own details (whether a task can still be added): reloaded
  // too, whether or not this person's realtime event follows.
  const showSaved: OnWorkOrderSaved = (saved) =>
    Promise.all([
      showSavedInRoom(saved),
      queryClient.invalidateQueries({ queryKey: workOrderKeys.detail(saved.id) }),
    ]);
  const addParticipant = useAddRoomParticipant(roomId);
  const isVendorInRoom =
    vendor !== null && participants.some((person) => person.userId === vendor.id && person.isActive);

  return (
    <Stack gap="sm" component="section" aria-labelledby="room-manage-title">
      <Title order={3} size="h5" id="room-manage-title">
        Manage work order
      </Title>
      <WorkOrderStatusField workOrder={workOrder} onSaved={showSaved} />
      <VendorAssignField
        workOrder={workOrder}
        vendor={vendor}
        onSaved={showSaved}
        assignedMessage="Vendor assigned"
      />
      {vendor && !isVendorInRoom ? (
        <Button
          variant="light"
          leftSection={<IconUserPlus size={16} aria-hidden />}
          loading={addParticipant.isPending}
          onClick={() =>
            addParticipant.mutate(vendor.id, {
              onSuccess: () => showSuccessToast(`${vendor.fullName} joined the room`),
              onError: (error) => showFailureToast(`Failed to add ${vendor.fullName} to the room`, error),
            })
          }
        >
          Add {vendor.fullName} to this room
        </Button>
      ) : null}
    </Stack>
  );
}

function ParticipantsSection({ detail }: { detail: WorkRoomDetail }) {
  const active = detail.participants.filter((person) => person.isActive);
  const former = detail.participants.filter((person) => !person.isActive);
  return (
    <Stack gap="sm" component="section" aria-labelledby="room-participants-title">
      <Title order={3} size="h5" id="room-participants-title">
        Participants ({active.length})
      </Title>
      {detail.participants.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody has joined this room yet.
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          aria-label="Participants"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {[...active, ...former].map((person) => (
            <Group key={person.id} component="li" gap="sm" wrap="nowrap" opacity={person.isActive ? 1 : 0.6}>
              <RoleBadge role={person.role} size="sm" style={{ flexShrink: 0 }} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate="end">
                  {person.fullName ?? 'Unknown User'}
                  {person.isActive ? '' : ' (left)'}
                </Text>
                {person.email ? (
                  <Text size="xs" c="dimmed" truncate="end">
                    {person.email}
                  </Text>
                ) : null}
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
