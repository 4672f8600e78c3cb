import { realtimeChannels } from '@commonwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeChannel } from '../../../lib/realtime.ts';
import { announcementReaderKey } from '../../announcements/index.ts';
import { notificationKeys } from '../api.ts';

/**
 * Keeps the bell and the notification centre current: a notification created for this person, or
 * read in another tab or on another device, arrives on their notifications channel and reloads the
 * count and the lists (each event is small; the lists are short pages). A new notification may be an
 * announcement (community.announcement, community.notice): what the person reads of announcements (the
 * dashboard's Community Updates, the list) is reloaded too, so it shows within seconds.
 */
export function useLiveNotifications(userId: string): void {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const reloadAnnouncements = () => void queryClient.invalidateQueries({ queryKey: announcementReaderKey });
  useRealtimeChannel(
    realtimeChannels.userNotifications(userId),
    (event) => {
      if (event.type === 'notification.created') reloadAnnouncements();
      if (event.type === 'notification.created' || event.type === 'notification.read') reload();
    },
    {
      onResync: () => {
        reload();
        reloadAnnouncements();
      },
    },
  );
}
