import {
  realtimeChannels,
  type ChatMessage,
  type RealtimeEvent,
  type WorkOrder,
} from '@commonwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeChannel } from '../../../lib/realtime.ts';
import { addCachedRoomMessages, patchCachedWorkOrder, updateCachedRoom, workRoomKeys } from '../api.ts';

/**
 * Keeps Work Rooms current over the realtime connection (decision 0013): the person's work channel
 * patches the sidebar (status changes, unread counts of their other rooms), the open room's channel
 * brings its messages and tells the detail panel to reload. A resync reloads what it covers.
 */
export function useWorkRoomsLive(userId: string, openRoomId: string | null) {
  const queryClient = useQueryClient();

  useRealtimeChannel(
    realtimeChannels.userWork(userId),
    (event: RealtimeEvent) => {
      if (event.type === 'work-order.updated') {
        patchCachedWorkOrder(queryClient, event.data as WorkOrder);
      } else if (event.type === 'room.activity') {
        const { roomId } = event.data as { roomId: string };
        // The open room counts its own messages as they arrive on its channel.
        if (roomId === openRoomId) return;
        const isKnown = updateCachedRoom(queryClient, roomId, { messageAt: event.at, isUnread: true });
        // A room the list does not have yet (a new work order): load the list again.
        if (!isKnown) void queryClient.invalidateQueries({ queryKey: workRoomKeys.list });
      }
    },
    { onResync: () => void queryClient.invalidateQueries({ queryKey: workRoomKeys.list }) },
  );

  useRealtimeChannel(
    openRoomId ? realtimeChannels.room(openRoomId) : null,
    (event: RealtimeEvent) => {
      if (!openRoomId) return;
      if (event.type === 'message.created') {
        addCachedRoomMessages(queryClient, openRoomId, [event.data as ChatMessage]);
      } else if (event.type === 'room.updated') {
        void queryClient.invalidateQueries({ queryKey: workRoomKeys.detail(openRoomId) });
      }
    },
    {
      onResync: () => {
        if (openRoomId) void queryClient.invalidateQueries({ queryKey: workRoomKeys.room(openRoomId) });
      },
    },
  );
}
