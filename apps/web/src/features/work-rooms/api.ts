import type {
  ChatMessage,
  MessagePage,
  RoomParticipant,
  WorkOrder,
  WorkRoomDetail,
  WorkRoomList,
} from '@commonwise/contracts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, getAllPages } from '../../lib/api.ts';
import {
  addMessages,
  mergeNewestPage,
  prependEarlierPage,
  type LoadedMessages,
} from '../../lib/message-pages.ts';

const roomPath = (roomId: string) => `/api/work-rooms/${encodeURIComponent(roomId)}`;

/** Where a room opens: the Work Rooms screen reads ?room=. */
export const workRoomPath = (roomId: string) => `/work-rooms?room=${encodeURIComponent(roomId)}`;
/** The room with its details open, also on a phone (where the resident rates completed work). */
export const workRoomDetailsPath = (roomId: string) => `${workRoomPath(roomId)}&details=open`;

export const workRoomKeys = {
  list: ['work-rooms', 'list'] as const,
  room: (roomId: string) => ['work-rooms', 'room', roomId] as const,
  detail: (roomId: string) => ['work-rooms', 'room', roomId, 'detail'] as const,
  messages: (roomId: string) => ['work-rooms', 'room', roomId, 'messages'] as const,
};

/** Every work order the person may see with its rooms, newest first, gathered from the server's pages. */
export async function getAllWorkRooms(signal?: AbortSignal): Promise<WorkRoomList> {
  const workOrders = await getAllPages('/api/work-rooms', (list: WorkRoomList) => list.workOrders, {
    signal,
  });
  return { workOrders, total: workOrders.length, page: 1, limit: workOrders.length };
}

export const workRoomListQueryOptions = queryOptions({
  queryKey: workRoomKeys.list,
  queryFn: ({ signal }) => getAllWorkRooms(signal),
});

export function roomDetailQueryOptions(roomId: string) {
  return queryOptions({
    queryKey: workRoomKeys.detail(roomId),
    queryFn: ({ signal }) => api.get<WorkRoomDetail>(roomPath(roomId), { signal }),
  });
}

/** The part of a room's conversation loaded so far (oldest first), and whether older messages remain. */
export type LoadedRoomMessages = LoadedMessages;

/**
 * The room's newest page of messages; live events and "Load earlier messages" add to it, and a reload
 * (after a missed event) keeps the earlier pages loaded, so the conversation keeps its place.
 */
export function roomMessagesQueryOptions(roomId: string) {
  return queryOptions({
    queryKey: workRoomKeys.messages(roomId),
    queryFn: async ({ signal, client, queryKey }): Promise<LoadedRoomMessages> =>
      mergeNewestPage(
        client.getQueryData<LoadedRoomMessages>(queryKey),
        await api.get<MessagePage>(`${roomPath(roomId)}/messages`, { signal }),
      ),
  });
}

/** Fetches the page before the first loaded message and puts it in front. */
export function useLoadEarlierRoomMessages(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (firstMessageId: string) =>
      api.get<MessagePage>(
        `${roomPath(roomId)}/messages?${new URLSearchParams({ before: firstMessageId }).toString()}`,
      ),
    onSuccess: (page) => {
      queryClient.setQueryData(workRoomKeys.messages(roomId), (current: LoadedRoomMessages | undefined) =>
        prependEarlierPage(current, page),
      );
    },
  });
}

/** Adds messages to a room (kept oldest first), each once, and counts them in the sidebar. */
export function addCachedRoomMessages(queryClient: QueryClient, roomId: string, incoming: ChatMessage[]) {
  const before = queryClient.getQueryData<LoadedRoomMessages>(workRoomKeys.messages(roomId));
  // Without the room's messages in the cache, the count cannot tell new ones from known ones.
  if (!before) return;
  const known = new Set(before.messages.map((message) => message.id));
  const added = incoming.filter((message) => !known.has(message.id));
  queryClient.setQueryData(workRoomKeys.messages(roomId), addMessages(before, incoming));
  for (const message of added) updateCachedRoom(queryClient, roomId, { messageAt: message.createdAt });
}

/**
 * The sidebar's copy of a room after a new message: one more, at `messageAt`; unread when it is for
 * someone who takes part and is not looking at the room.
 */
export function updateCachedRoom(
  queryClient: QueryClient,
  roomId: string,
  change: { messageAt: string; isUnread?: boolean },
): boolean {
  let found = false;
  queryClient.setQueryData(workRoomKeys.list, (list: WorkRoomList | undefined) => {
    if (!list) return list;
    return {
      workOrders: list.workOrders.map((entry) => ({
        ...entry,
        rooms: entry.rooms.map((room) => {
          if (room.id !== roomId) return room;
          found = true;
          return {
            ...room,
            messageCount: room.messageCount + 1,
            lastMessageAt:
              room.lastMessageAt && room.lastMessageAt > change.messageAt
                ? room.lastMessageAt
                : change.messageAt,
            unreadCount: room.unreadCount === null ? null : room.unreadCount + (change.isUnread ? 1 : 0),
          };
        }),
      })),
    };
  });
  return found;
}

/** The room has been read: no unread badge. */
export function clearCachedUnread(queryClient: QueryClient, roomId: string) {
  queryClient.setQueryData(workRoomKeys.list, (list: WorkRoomList | undefined) => {
    if (!list?.workOrders.some((entry) => entry.rooms.some((room) => room.id === roomId && room.unreadCount)))
      return list;
    return {
      workOrders: list.workOrders.map((entry) => ({
        ...entry,
        rooms: entry.rooms.map((room) => (room.id === roomId ? { ...room, unreadCount: 0 } : room)),
      })),
    };
  });
}

/** A newer copy of a work order (its status or vendor changed), wherever the cache shows it. */
export function patchCachedWorkOrder(queryClient: QueryClient, workOrder: WorkOrder) {
  queryClient.setQueryData(workRoomKeys.list, (list: WorkRoomList | undefined) => {
    if (!list?.workOrders.some((entry) => entry.workOrder.id === workOrder.id)) return list;
    return {
      workOrders: list.workOrders.map((entry) =>
        entry.workOrder.id === workOrder.id ? { ...entry, workOrder } : entry,
      ),
    };
  });
  for (const [key, detail] of queryClient.getQueriesData<WorkRoomDetail>({
    queryKey: ['work-rooms', 'room'],
  })) {
    if (key[3] === 'detail' && detail?.workOrder.id === workOrder.id)
      queryClient.setQueryData<WorkRoomDetail>(key, { ...detail, workOrder });
  }
}

export function markRoomSeen(roomId: string) {
  return api.post<void>(`${roomPath(roomId)}/seen`);
}

export function useSendRoomMessage(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: { content: string; attachmentIds?: string[] }) =>
      api.post<ChatMessage>(`${roomPath(roomId)}/messages`, message),
    onSuccess: (message) => {
      addCachedRoomMessages(queryClient, roomId, [message]);
      // A manager or admin joins the room with their first message: the participants changed.
      void queryClient.invalidateQueries({ queryKey: workRoomKeys.detail(roomId) });
    },
  });
}

/**
 * After the work order changed: the room's notice and its detail panel (the vendor's name, the
 * people in the room) come from the server. Events bring them too; this covers a dead connection.
 */
function refreshRoom(queryClient: QueryClient, roomId: string) {
  return queryClient.invalidateQueries({ queryKey: workRoomKeys.room(roomId) });
}

/**
 * What a room does with a work order a manager changed in it (its status, its vendor): shows the new
 * copy wherever the cache has it, and reloads the room.
 */
export function useShowSavedWorkOrder(roomId: string) {
  const queryClient = useQueryClient();
  return (workOrder: WorkOrder) => {
    patchCachedWorkOrder(queryClient, workOrder);
    return refreshRoom(queryClient, roomId);
  };
}

export function useAddRoomParticipant(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.post<RoomParticipant>(`${roomPath(roomId)}/participants`, { userId }),
    onSuccess: () => refreshRoom(queryClient, roomId),
  });
}
