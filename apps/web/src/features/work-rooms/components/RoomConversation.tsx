import { realtimeChannels, type ChatMessage, type RealtimeEvent } from '@commonwise/contracts';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AttachingComposer } from '../../attachments/index.ts';
import { MessagesLoadState } from '../../../components/MessagesLoadState.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useRealtimeChannel } from '../../../lib/realtime.ts';
import {
  addCachedRoomMessages,
  roomDetailQueryOptions,
  roomMessagesQueryOptions,
  useLoadEarlierRoomMessages,
  useSendRoomMessage,
  workRoomKeys,
  workRoomPath,
} from '../api.ts';
import { RoomMessageList } from './RoomMessageList.tsx';
import classes from './WorkRoomsPage.module.css';

/**
 * A work room's conversation where another screen shows its work order (issue 26: the manager portal's
 * work order view), live, with the box to write in for those who may post.
 */
export function RoomConversation({ roomId, viewerId }: { roomId: string; viewerId: string }) {
  const queryClient = useQueryClient();
  const detailQuery = useQuery(roomDetailQueryOptions(roomId));
  const messagesQuery = useQuery(roomMessagesQueryOptions(roomId));
  const send = useSendRoomMessage(roomId);
  const loadEarlier = useLoadEarlierRoomMessages(roomId);
  const messages = messagesQuery.data?.messages;
  const firstMessageId = messages?.[0]?.id;

  useRealtimeChannel(
    realtimeChannels.room(roomId),
    (event: RealtimeEvent) => {
      if (event.type === 'message.created')
        addCachedRoomMessages(queryClient, roomId, [event.data as ChatMessage]);
      else if (event.type === 'room.updated')
        void queryClient.invalidateQueries({ queryKey: workRoomKeys.detail(roomId) });
    },
    { onResync: () => void queryClient.invalidateQueries({ queryKey: workRoomKeys.room(roomId) }) },
  );

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
    <Stack gap="xs">
      <Stack gap={0} className={classes.embeddedConversation}>
        <MessagesLoadState
          isPending={messagesQuery.isPending}
          failed={messagesQuery.isError && !messages}
          onRetry={() => void messagesQuery.refetch()}
        >
          <RoomMessageList
            messages={messages ?? []}
            participants={detailQuery.data?.participants ?? []}
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
        {detailQuery.data?.permissions.canPost ? (
          <AttachingComposer
            target={{ roomId }}
            onSend={handleSend}
            isSending={send.isPending}
            error={send.isError ? `Your message was not sent: ${getErrorMessage(send.error)}` : null}
            placeholder="Write to the room..."
            // The work order view opens at its top, not scrolled down to this box.
            isFocusedOnOpen={false}
          />
        ) : detailQuery.data ? (
          <Group gap="xs" p="sm" wrap="nowrap">
            <IconLock size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" c="dimmed">
              You can read this room but not post in it.
            </Text>
          </Group>
        ) : null}
      </Stack>
      <Anchor component={Link} to={workRoomPath(roomId)} size="sm">
        Open in Work Rooms
      </Anchor>
    </Stack>
  );
}
