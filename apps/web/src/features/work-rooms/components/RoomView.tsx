import { ActionIcon, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { AttachingComposer } from '../../attachments/index.ts';
import { MessagesLoadState } from '../../../components/MessagesLoadState.tsx';
import { WorkOrderStatusBadge } from '../../work-orders/index.ts';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import {
  roomDetailQueryOptions,
  roomMessagesQueryOptions,
  useLoadEarlierRoomMessages,
  useSendRoomMessage,
} from '../api.ts';
import { useMarkRoomSeen } from '../hooks/use-mark-seen.ts';
import { RoomMessageList } from './RoomMessageList.tsx';
import { RoomNotFound } from './RoomNotFound.tsx';
import panes from '../../../components/ThreePaneLayout.module.css';
import classes from './WorkRoomsPage.module.css';

interface RoomViewProps {
  roomId: string;
  /** What the sidebar knows of the room, shown while its details load. */
  fallback: { roomName: string; status: string } | undefined;
  viewerId: string;
  /** Phones: back to the list of work orders. */
  onBack?: (() => void) | undefined;
  details: { isOpen: boolean; onToggle: () => void; controlsId: string };
}

/** The centre of Work Rooms: the room's header, its conversation and the box to write in. */
export function RoomView({ roomId, fallback, viewerId, onBack, details }: RoomViewProps) {
  const detailQuery = useQuery(roomDetailQueryOptions(roomId));
  const messagesQuery = useQuery(roomMessagesQueryOptions(roomId));
  const send = useSendRoomMessage(roomId);
  const loadEarlier = useLoadEarlierRoomMessages(roomId);
  const detail = detailQuery.data;
  const messages = messagesQuery.data?.messages;
  const firstMessageId = messages?.[0]?.id;
  useMarkRoomSeen(roomId, messages?.at(-1)?.id, detail !== undefined);

  const isNotFound = isApiRequestError(detailQuery.error) && detailQuery.error.status === 404;
  if (isNotFound && !detail) return <RoomNotFound onBack={onBack} />;

  const roomName = detail?.room.roomName ?? fallback?.roomName;
  const status = detail?.workOrder.status ?? fallback?.status;

  const handleSend = async (content: string, attachmentIds: string[]) => {
    try {
      await send.mutateAsync({ content, ...(attachmentIds.length ? { attachmentIds } : {}) });
      return true;
    } catch {
      // The text stays in the box to try again; the reason shows under it.
      return false;
    }
  };

  return (
    <Stack gap={0} h="100%">
      <Group justify="space-between" wrap="nowrap" gap="xs" p="sm" px="md" className={panes.header}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {onBack ? (
            <ActionIcon variant="default" size="lg" aria-label="Back to work orders" onClick={onBack}>
              <IconArrowLeft size={18} aria-hidden />
            </ActionIcon>
          ) : null}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" lineClamp={1} title={roomName}>
              {roomName ?? 'Work room'}
            </Title>
            {status ? (
              <Group gap={6}>
                <WorkOrderStatusBadge status={status} size="sm" />
              </Group>
            ) : null}
          </Stack>
        </Group>
        <Tooltip label={details.isOpen ? 'Hide room details' : 'Show room details'} openDelay={400}>
          {onBack ? (
            // Phones: the room's name needs the width more than the button's label does.
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Details"
              aria-pressed={details.isOpen}
              aria-controls={details.controlsId}
              onClick={details.onToggle}
            >
              <IconInfoCircle size={18} aria-hidden />
            </ActionIcon>
          ) : (
            <Button
              variant={details.isOpen ? 'light' : 'default'}
              size="sm"
              leftSection={<IconInfoCircle size={18} aria-hidden />}
              aria-pressed={details.isOpen}
              aria-controls={details.controlsId}
              onClick={details.onToggle}
              style={{ flexShrink: 0 }}
            >
              Details
            </Button>
          )}
        </Tooltip>
      </Group>

      <MessagesLoadState
        isPending={messagesQuery.isPending}
        failed={messagesQuery.isError && !messages}
        onRetry={() => void messagesQuery.refetch()}
      >
        <RoomMessageList
          messages={messages ?? []}
          participants={detail?.participants ?? []}
          viewerId={viewerId}
          earlier={
            messagesQuery.data?.hasEarlier && firstMessageId
              ? {
                  onLoad: () => loadEarlier.mutate(firstMessageId),
                  isLoading: loadEarlier.isPending,
                  error: loadEarlier.isError ? getErrorMessage(loadEarlier.error) : null,
                }
              : undefined
          }
        />
      </MessagesLoadState>

      {detail?.permissions.canPost ? (
        <AttachingComposer
          target={{ roomId }}
          onSend={handleSend}
          isSending={send.isPending}
          error={send.isError ? `Your message was not sent: ${getErrorMessage(send.error)}` : null}
          placeholder="Write to the room..."
        />
      ) : detail ? (
        <Group gap="xs" p="md" className={classes.readOnly} wrap="nowrap">
          <IconLock size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" c="dimmed">
            You can read this room but not post in it.
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
