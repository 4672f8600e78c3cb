import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chatKeys, markCachedThreadRead, markThreadSeen } from '../api.ts';

/** Replies arriving in a burst are marked read once, this long after the last one. */
export const threadSeenDebounceMs = 800;

/**
 * Tells the server the person has read the open thread: when it opens and shortly after each new
 * message, so the navigation's unread count leaves what they are looking at.
 */
export function useMarkThreadSeen(threadId: string, lastMessageId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!lastMessageId) return;
    const timer = window.setTimeout(() => {
      markThreadSeen(threadId)
        .then(() => {
          markCachedThreadRead(queryClient, threadId);
          return queryClient.invalidateQueries({ queryKey: chatKeys.unread });
        })
        .catch((error: unknown) => {
          // Not worth interrupting anyone for: at worst the count stays until the next visit.
          console.warn('Marking the conversation as read failed', error);
        });
    }, threadSeenDebounceMs);
    return () => window.clearTimeout(timer);
  }, [queryClient, threadId, lastMessageId]);
}
