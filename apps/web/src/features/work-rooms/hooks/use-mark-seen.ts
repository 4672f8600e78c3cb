import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { chatKeys } from '../../chat/api.ts';
import { clearCachedUnread, markRoomSeen } from '../api.ts';

/** Messages arriving in a burst are marked read once, this long after the last one. */
export const seenDebounceMs = 800;

/**
 * Tells the server the person has read the open room (its participants' last_seen_at): at once when
 * it opens, then again shortly after messages arrive while it is open. The sidebar's unread badge
 * goes at once: the person is looking at the room.
 */
export function useMarkRoomSeen(roomId: string, lastMessageId: string | undefined, isEnabled: boolean) {
  const queryClient = useQueryClient();
  const markedRoomId = useRef<string | null>(null);
  useEffect(() => {
    if (!isEnabled) return;
    clearCachedUnread(queryClient, roomId);
    const delay = markedRoomId.current === roomId ? seenDebounceMs : 0;
    const timer = window.setTimeout(() => {
      markedRoomId.current = roomId;
      markRoomSeen(roomId)
        .then(() => queryClient.invalidateQueries({ queryKey: chatKeys.unread }))
        .catch((error: unknown) => {
          // Not worth interrupting anyone for: at worst the badge comes back on the next load.
          console.warn('Marking the room as read failed', error);
        });
    }, delay);
    return () => window.clearTimeout(timer);
  }, [queryClient, roomId, lastMessageId, isEnabled]);
}
