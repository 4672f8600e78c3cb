import { realtimeChannels, type RealtimeEvent, type WorkOrder } from '@commonwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeChannel } from '../../../lib/realtime.ts';
import { patchCachedMyWorkOrder, workOrderKeys } from '../api.ts';

/**
 * Keeps My Work Orders current (issue 8): a status change arrives on the person's work channel and
 * replaces the work order in the list; one the list does not have yet (the assistant just opened
 * it) reloads the list.
 */
export function useLiveWorkOrders(userId: string) {
  const queryClient = useQueryClient();
  useRealtimeChannel(
    realtimeChannels.userWork(userId),
    (event: RealtimeEvent) => {
      if (event.type !== 'work-order.updated') return;
      if (!patchCachedMyWorkOrder(queryClient, event.data as WorkOrder)) {
        void queryClient.invalidateQueries({ queryKey: workOrderKeys.residentList });
        void queryClient.invalidateQueries({ queryKey: workOrderKeys.residentRoomLinks });
      }
    },
    {
      // Everything the resident portal shows (its queries share this prefix): events may have been missed.
      onResync: () => void queryClient.invalidateQueries({ queryKey: ['resident-portal'] }),
    },
  );
}

/**
 * Reloads a list or figures made from work orders (the board's overview, the vendor portal's list)
 * when one of the person's work orders changes, or after events may have been missed.
 */
export function useReloadOnWorkOrderChange(userId: string, queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey });
  useRealtimeChannel(
    realtimeChannels.userWork(userId),
    (event: RealtimeEvent) => {
      if (event.type === 'work-order.updated') reload();
    },
    { onResync: reload },
  );
}

/**
 * Keeps an open work order current (issue 26): when it changes — its status, a task started or
 * completed by the vendor, a task given — its details, tasks, activity and photos are read again.
 */
export function useLiveWorkOrder(userId: string, workOrderId: string) {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: workOrderKeys.detail(workOrderId) });
  useRealtimeChannel(
    realtimeChannels.userWork(userId),
    (event: RealtimeEvent) => {
      if (event.type === 'work-order.updated' && (event.data as WorkOrder).id === workOrderId) reload();
    },
    { onResync: reload },
  );
}
