import type { ChatThread, WorkOrder, WorkRoomList } from '@commonwise/contracts';
import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const residentPortalKeys = {
  workOrders: ['resident-portal', 'work-orders'] as const,
  roomLinks: ['resident-portal', 'room-links'] as const,
};

/** SPEC §7: the resident's own work orders with their property, newest first (the server scopes them). */
export const myWorkOrdersQueryOptions = queryOptions({
  queryKey: residentPortalKeys.workOrders,
  queryFn: async ({ signal }) =>
    (await api.get<{ workOrders: WorkOrder[] }>('/api/work-orders', { signal })).workOrders,
});

/** The room each work order is discussed in (its first active room), to link the list to Work Rooms. */
export const roomLinksQueryOptions = queryOptions({
  queryKey: residentPortalKeys.roomLinks,
  queryFn: async ({ signal }) => {
    const list = await api.get<WorkRoomList>('/api/work-rooms', { signal });
    const links = new Map<string, string>();
    for (const { workOrder, rooms } of list.workOrders) {
      if (rooms[0]) links.set(workOrder.id, rooms[0].id);
    }
    return links;
  },
});

/** A newer copy of a work order (its status changed): replaced in place, the list stays newest first. */
export function patchCachedWorkOrder(queryClient: QueryClient, workOrder: WorkOrder): boolean {
  let found = false;
  queryClient.setQueryData(residentPortalKeys.workOrders, (workOrders: WorkOrder[] | undefined) =>
    workOrders?.map((candidate) => {
      if (candidate.id !== workOrder.id) return candidate;
      found = true;
      return workOrder;
    }),
  );
  return found;
}

/** Starts a conversation with the AI assistant, which takes the request (SPEC §2 'AI Assistant'). */
export function useStartRequest() {
  return useMutation({ mutationFn: () => api.post<ChatThread>('/api/chat/threads') });
}
