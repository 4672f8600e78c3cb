import type {
  ChatMessage,
  ChatThread,
  ChatThreadList,
  MessagePage,
  WorkflowSummary,
} from '@commonwise/contracts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, getAllPages } from '../../lib/api.ts';
import { isAwaitingReply, mergeMessages } from './messages.ts';

const threadPath = (threadId: string) => `/api/chat/threads/${encodeURIComponent(threadId)}`;

/** While an answer is awaited and no live connection brings it, the thread is asked again this often. */
export const replyPollMs = 1000;

export const chatKeys = {
  threads: ['chat', 'threads'] as const,
  thread: (threadId: string) => ['chat', 'thread', threadId] as const,
  messages: (threadId: string) => ['chat', 'thread', threadId, 'messages'] as const,
  workflow: (threadId: string) => ['chat', 'thread', threadId, 'workflow'] as const,
};

export const threadsQueryOptions = queryOptions({
  queryKey: chatKeys.threads,
  queryFn: ({ signal }) =>
    getAllPages('/api/chat/threads', (list: ChatThreadList): ChatThread[] => list.threads, { signal }),
});

/**
 * The thread's messages. While the assistant's answer is awaited they are asked for again every
 * `pollMs` (every second when no live connection delivers them), until it is there.
 */
export function messagesQueryOptions(threadId: string, pollMs: number | false = replyPollMs) {
  return queryOptions({
    queryKey: chatKeys.messages(threadId),
    queryFn: ({ signal }) => getWholeThread(threadId, signal),
    refetchInterval: (query) => (pollMs !== false && isAwaitingReply(query.state.data) ? pollMs : false),
  });
}

/** Every message of a thread, read backwards a page at a time (the server pages them), oldest first. */
async function getWholeThread(threadId: string, signal: AbortSignal): Promise<ChatMessage[]> {
  const messages: ChatMessage[] = [];
  let before: string | undefined;
  for (;;) {
    const query = before ? `?${new URLSearchParams({ before }).toString()}` : '';
    const page = await api.get<MessagePage>(`${threadPath(threadId)}/messages${query}`, { signal });
    messages.unshift(...page.messages);
    before = page.messages[0]?.id;
    if (!page.hasMore || !before) return messages;
  }
}

export function workflowQueryOptions(threadId: string) {
  return queryOptions({
    queryKey: chatKeys.workflow(threadId),
    queryFn: async ({ signal }) =>
      (await api.get<{ workflow: WorkflowSummary | null }>(`${threadPath(threadId)}/workflow`, { signal }))
        .workflow,
  });
}

const createThread = () => api.post<ChatThread>('/api/chat/threads');

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createThread,
    onSuccess: (thread) => {
      // SPEC §4: a new thread goes on top.
      queryClient.setQueryData(chatKeys.threads, (threads: ChatThread[] | undefined) => [
        thread,
        ...(threads ?? []).filter((candidate) => candidate.id !== thread.id),
      ]);
      queryClient.setQueryData(chatKeys.messages(thread.id), []);
      queryClient.setQueryData(chatKeys.workflow(thread.id), null);
    },
  });
}

export function useDeleteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threadId: string) => api.delete<void>(threadPath(threadId)),
    onSuccess: (_result, threadId) => {
      removeCachedThread(queryClient, threadId);
    },
  });
}

export function removeCachedThread(queryClient: QueryClient, threadId: string) {
  queryClient.setQueryData(chatKeys.threads, (threads: ChatThread[] | undefined) =>
    threads?.filter((thread) => thread.id !== threadId),
  );
  queryClient.removeQueries({ queryKey: chatKeys.thread(threadId) });
}

/**
 * Puts a newer copy of a thread (a new title, a later time) into the list, most recent first; a
 * thread the list does not have is added only when `add` says it is new (not one deleted meanwhile).
 */
export function upsertCachedThread(queryClient: QueryClient, thread: ChatThread, options: { add: boolean }) {
  queryClient.setQueryData(chatKeys.threads, (threads: ChatThread[] | undefined) => {
    if (!threads) return threads;
    const others = threads.filter((candidate) => candidate.id !== thread.id);
    if (!thread.isActive || (!options.add && others.length === threads.length)) return others;
    return [thread, ...others].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  });
}

export function addCachedMessages(queryClient: QueryClient, threadId: string, messages: ChatMessage[]) {
  queryClient.setQueryData(chatKeys.messages(threadId), (current: ChatMessage[] | undefined) =>
    mergeMessages(current, messages),
  );
}

export function useSendMessage(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api.post<ChatMessage>(`${threadPath(threadId)}/messages`, { content }),
    onSuccess: (message) => {
      addCachedMessages(queryClient, threadId, [message]);
      // The thread moved to the top (and its title changes once the assistant has read it).
      void queryClient.invalidateQueries({ queryKey: chatKeys.threads });
    },
  });
}

/**
 * Starts a conversation from outside the chat (the resident portal's 'Submit a request'): the chat
 * screen, opened next, loads its list itself.
 */
export function useStartConversation() {
  return useMutation({ mutationFn: createThread });
}
