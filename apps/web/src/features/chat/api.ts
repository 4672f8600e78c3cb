import type {
  ChatMessage,
  ChatThread,
  CreateTask,
  PropertyManager,
  PropertyResident,
  UserList,
  WorkflowSummary,
  WorkOrder,
  WorkOrderDetail,
  WorkOrderTask,
} from '@commonwise/contracts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { isAwaitingReply, mergeMessages } from './messages.ts';

const threadPath = (threadId: string) => `/api/chat/threads/${encodeURIComponent(threadId)}`;

/** While an answer is awaited and no live connection brings it, the thread is asked again this often. */
export const replyPollMs = 1000;

export const chatKeys = {
  threads: ['chat', 'threads'] as const,
  thread: (threadId: string) => ['chat', 'thread', threadId] as const,
  messages: (threadId: string) => ['chat', 'thread', threadId, 'messages'] as const,
  workflow: (threadId: string) => ['chat', 'thread', threadId, 'workflow'] as const,
  workOrder: (workOrderId: string) => ['work-orders', workOrderId] as const,
};

export const threadsQueryOptions = queryOptions({
  queryKey: chatKeys.threads,
  queryFn: async ({ signal }) =>
    (await api.get<{ threads: ChatThread[] }>('/api/chat/threads', { signal })).threads,
});

/**
 * The thread's messages. While the assistant's answer is awaited they are asked for again every
 * `pollMs` (every second when no live connection delivers them), until it is there.
 */
export function messagesQueryOptions(threadId: string, pollMs: number | false = replyPollMs) {
  return queryOptions({
    queryKey: chatKeys.messages(threadId),
    queryFn: async ({ signal }) =>
      (await api.get<{ messages: ChatMessage[] }>(`${threadPath(threadId)}/messages`, { signal })).messages,
    refetchInterval: (query) => (pollMs !== false && isAwaitingReply(query.state.data) ? pollMs : false),
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

export function workOrderQueryOptions(workOrderId: string) {
  return queryOptions({
    queryKey: chatKeys.workOrder(workOrderId),
    queryFn: ({ signal }) =>
      api.get<WorkOrderDetail>(`/api/work-orders/${encodeURIComponent(workOrderId)}`, { signal }),
  });
}

export type Assignee = { id: string; name: string };

/**
 * Who a task of this type can be given to on this work order — its property's managers, its
 * property's active residents, or its vendor — the only people the server accepts.
 */
export function assigneesQueryOptions(workOrder: WorkOrder, type: WorkOrderTask['assignedToType']) {
  const property = `/api/properties/${encodeURIComponent(workOrder.propertyId)}`;
  return queryOptions({
    // With the vendor in the key: a work order given to another vendor offers that one.
    queryKey: ['work-order-assignees', workOrder.id, type, workOrder.vendorId],
    queryFn: async ({ signal }): Promise<Assignee[]> => {
      if (type === 'manager') {
        const { managers } = await api.get<{ managers: PropertyManager[] }>(`${property}/managers`, {
          signal,
        });
        return managers.map((manager) => ({ id: manager.userId, name: manager.fullName || manager.email }));
      }
      if (type === 'resident') {
        const { residents } = await api.get<{ residents: PropertyResident[] }>(`${property}/residents`, {
          signal,
        });
        return residents
          .filter((resident) => resident.status === 'active')
          .map((resident) => ({ id: resident.userId, name: resident.fullName || resident.email }));
      }
      if (!workOrder.vendorId) return [];
      const { users } = await api.get<UserList>('/api/users?role=vendor', { signal });
      return users
        .filter((user) => user.id === workOrder.vendorId && user.isActive)
        .map((user) => ({ id: user.id, name: user.fullName || user.email }));
    },
    staleTime: 60_000,
  });
}

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ChatThread>('/api/chat/threads'),
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

export function useCreateTask(workOrderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTask) =>
      api.post<WorkOrderTask>(`/api/work-orders/${encodeURIComponent(workOrderId)}/tasks`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.workOrder(workOrderId) }),
  });
}

export function useUpdateTaskStatus(workOrderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, taskStatus }: { taskId: string; taskStatus: WorkOrderTask['taskStatus'] }) =>
      api.patch<WorkOrderTask>(`/api/tasks/${encodeURIComponent(taskId)}`, { taskStatus }),
    onSuccess: (task) => {
      queryClient.setQueryData(
        chatKeys.workOrder(workOrderId),
        (detail: WorkOrderDetail | undefined) =>
          detail && {
            ...detail,
            tasks: detail.tasks.map((candidate) => (candidate.id === task.id ? task : candidate)),
          },
      );
      // The activity feed has a new entry.
      return queryClient.invalidateQueries({ queryKey: chatKeys.workOrder(workOrderId) });
    },
  });
}
