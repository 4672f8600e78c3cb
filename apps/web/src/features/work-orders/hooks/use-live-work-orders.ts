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
