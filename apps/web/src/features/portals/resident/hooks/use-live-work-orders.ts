import { realtimeChannels, type RealtimeEvent, type WorkOrder } from '@commonwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeChannel } from '../../../../lib/realtime.ts';
import { patchCachedWorkOrder, residentPortalKeys } from '../api.ts';

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
      if (!patchCachedWorkOrder(queryClient, event.data as WorkOrder)) {
        void queryClient.invalidateQueries({ queryKey: residentPortalKeys.workOrders });
        void queryClient.invalidateQueries({ queryKey: residentPortalKeys.roomLinks });
      }
    },
    {
      onResync: () => void queryClient.invalidateQueries({ queryKey: ['resident-portal'] }),
    },
  );
}
