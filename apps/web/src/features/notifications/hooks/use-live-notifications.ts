import { realtimeChannels } from '@commonwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeChannel } from '../../../lib/realtime.ts';
import { notificationKeys } from '../api.ts';

/**
 * Keeps the bell and the notification centre current: a notification created for this person, or
 * read in another tab or on another device, arrives on their notifications channel and reloads the
 * count and the lists (each event is small; the lists are short pages).
 */
export function useLiveNotifications(userId: string): void {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  useRealtimeChannel(
    realtimeChannels.userNotifications(userId),
    (event) => {
      if (event.type === 'notification.created' || event.type === 'notification.read') reload();
    },
    { onResync: reload },
  );
}
