import { realtimeChannels } from '@commonwise/contracts';
import type { ChatMessage, ChatThread, RealtimeEvent, WorkflowSummary } from '@commonwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRealtimeChannel } from '../../../lib/realtime.ts';
import { addCachedMessages, chatKeys, removeCachedThread, replyPollMs, upsertCachedThread } from '../api.ts';

/** With events arriving, polling is only a safety net for a connection that died without a word. */
export const livePollMs = 5000;

/**
 * Keeps the thread list and the open thread current over the realtime connection (decision 0013):
 * events patch the TanStack Query caches, a resync reloads them. Until an event has come through
 * for the open thread — no connection, or one that delivers nothing — the answer is polled for
 * every second instead.
 */
export function useChatLiveUpdates(userId: string, threadId: string | null): { replyPollMs: number } {
  const queryClient = useQueryClient();
  // The thread whose events have been seen arriving: proof that the connection delivers them.
  const [liveThreadId, setLiveThreadId] = useState<string | null>(null);

  useRealtimeChannel(
    realtimeChannels.userThreads(userId),
    (event: RealtimeEvent) => {
      if (event.type === 'thread.created' || event.type === 'thread.updated') {
        upsertCachedThread(queryClient, event.data as ChatThread, { add: event.type === 'thread.created' });
      } else if (event.type === 'thread.deleted') {
        removeCachedThread(queryClient, (event.data as { id: string }).id);
      }
    },
    { onResync: () => void queryClient.invalidateQueries({ queryKey: chatKeys.threads }) },
  );

  useRealtimeChannel(
    threadId ? realtimeChannels.thread(threadId) : null,
    (event: RealtimeEvent) => {
      if (!threadId) return;
      if (event.type === 'message.created') {
        addCachedMessages(queryClient, threadId, [event.data as ChatMessage]);
      } else if (event.type === 'workflow.updated') {
        queryClient.setQueryData(chatKeys.workflow(threadId), event.data as WorkflowSummary);
      }
      setLiveThreadId(threadId);
    },
    {
      onResync: () => {
        if (!threadId) return;
        void queryClient.invalidateQueries({ queryKey: chatKeys.thread(threadId) });
      },
    },
  );

  return { replyPollMs: threadId !== null && liveThreadId === threadId ? livePollMs : replyPollMs };
}
