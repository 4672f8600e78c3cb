import type {
  ChatMessage,
  ChatThread,
  ChatThreadList,
  MessagePage,
  WorkflowSummary,
} from '@commonwise/contracts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, getAllPages } from '../../lib/api.ts';
import {
  addMessages,
  mergeNewestPage,
  prependEarlierPage,
  type LoadedMessages,
} from '../../lib/message-pages.ts';
import { isAwaitingReply } from './messages.ts';
import { unreadQueryKey } from './unread.ts';

const threadPath = (threadId: string) => `/api/chat/threads/${encodeURIComponent(threadId)}`;

/** While an answer is awaited and no live connection brings it, the thread is asked again this often. */
export const replyPollMs = 1000;

export const chatKeys = {
  threads: ['chat', 'threads'] as const,
  thread: (threadId: string) => ['chat', 'thread', threadId] as const,
  messages: (threadId: string) => ['chat', 'thread', threadId, 'messages'] as const,
  workflow: (threadId: string) => ['chat', 'thread', threadId, 'workflow'] as const,
  unread: unreadQueryKey,
};

/** Records that the person has read the thread up to now. */
export function markThreadSeen(threadId: string) {
  return api.post<void>(`${threadPath(threadId)}/seen`);
}

export const threadsQueryOptions = queryOptions({
  queryKey: chatKeys.threads,
  queryFn: ({ signal }) =>
    getAllPages('/api/chat/threads', (list: ChatThreadList): ChatThread[] => list.threads, { signal }),
});

const messagesPath = (threadId: string, before?: string) =>
  `${threadPath(threadId)}/messages${before ? `?${new URLSearchParams({ before }).toString()}` : ''}`;

/**
 * The thread's newest page of messages; "Load earlier messages", sending and live events add to it,
 * and asking again keeps what was loaded (mergeNewestPage). While the assistant's answer is awaited it
 * is asked for again every `pollMs` (every second when no live connection delivers it), until it is there.
 */
export function messagesQueryOptions(threadId: string, pollMs: number | false = replyPollMs) {
  return queryOptions({
    queryKey: chatKeys.messages(threadId),
    queryFn: async ({ signal, client, queryKey }): Promise<LoadedMessages> =>
      mergeNewestPage(
        client.getQueryData<LoadedMessages>(queryKey),
        await api.get<MessagePage>(messagesPath(threadId), { signal }),
      ),
    refetchInterval: (query) =>
      pollMs !== false && isAwaitingReply(query.state.data?.messages) ? pollMs : false,
  });
}

/** Fetches the page before the first loaded message and puts it in front. */
export function useLoadEarlierMessages(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (firstMessageId: string) => api.get<MessagePage>(messagesPath(threadId, firstMessageId)),
    onSuccess: (page) => {
      queryClient.setQueryData(chatKeys.messages(threadId), (current: LoadedMessages | undefined) =>
        prependEarlierPage(current, page),
      );
    },
  });
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
      queryClient.setQueryData<LoadedMessages>(chatKeys.messages(thread.id), {
        messages: [],
        hasEarlier: false,
      });
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
    // An update that does not say whether it has unread replies keeps what the list said.
    const previous = threads.find((candidate) => candidate.id === thread.id);
    const merged =
      thread.hasUnread === undefined && previous?.hasUnread !== undefined
        ? { ...thread, hasUnread: previous.hasUnread }
        : thread;
    return [merged, ...others].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  });
}

/** The person has read a thread: its unread mark goes. */
export function markCachedThreadRead(queryClient: QueryClient, threadId: string) {
  queryClient.setQueryData(chatKeys.threads, (threads: ChatThread[] | undefined) =>
    threads?.map((thread) =>
      thread.id === threadId && thread.hasUnread ? { ...thread, hasUnread: false } : thread,
    ),
  );
}

export function addCachedMessages(queryClient: QueryClient, threadId: string, messages: ChatMessage[]) {
  queryClient.setQueryData(chatKeys.messages(threadId), (current: LoadedMessages | undefined) =>
    addMessages(current, messages),
  );
}

export function useSendMessage(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: { content: string; attachmentIds?: string[] }) =>
      api.post<ChatMessage>(`${threadPath(threadId)}/messages`, message),
    onSuccess: (message) => {
      addCachedMessages(queryClient, threadId, [message]);
      // The thread moved to the top (and its title changes once the assistant has read it).
      void queryClient.invalidateQueries({ queryKey: chatKeys.threads });
    },
  });
}

/**
 * Starts a conversation from outside the chat (the resident portal's 'Submit Request'): the newest
 * empty one when there is one, so clicking again does not make another. The chat screen, opened
 * next, loads its list itself.
 */
export function useStartConversation() {
  return useMutation({ mutationFn: () => api.post<ChatThread>('/api/chat/threads?reuse=empty') });
}
