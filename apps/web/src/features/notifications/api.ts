import type {
  Notification,
  NotificationPage,
  NotificationSettings,
  UpdateNotificationSettings,
} from '@commonwise/contracts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** How many the bell shows; the notification centre has the rest. */
export const bellListSize = 8;
export const centrePageSize = 20;

export const notificationKeys = {
  /** The count and every list: what a created or read event makes stale. */
  all: ['notifications'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  lists: ['notifications', 'list'] as const,
  list: (query: { page: number; limit: number; isUnreadOnly: boolean }) =>
    ['notifications', 'list', query] as const,
  // Not under ['notifications']: a new notification does not change anyone's settings.
  settings: ['notification-settings'] as const,
};

export const unreadCountQueryOptions = queryOptions({
  queryKey: notificationKeys.unreadCount,
  queryFn: async ({ signal }) =>
    (await api.get<{ unreadCount: number }>('/api/notifications/unread-count', { signal })).unreadCount,
  // A safety net only: events keep it current while the realtime connection is up.
  refetchInterval: 2 * 60 * 1000,
});

export function notificationsQueryOptions(query: { page: number; limit: number; isUnreadOnly: boolean }) {
  const search = new URLSearchParams({
    page: String(query.page),
    limit: String(query.limit),
    unread: String(query.isUnreadOnly),
  });
  return queryOptions({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => api.get<NotificationPage>(`/api/notifications?${search.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every cached list shows these as read at once; the server's answer and events confirm it. */
function markCachedRead(queryClient: QueryClient, ids: string[] | 'all'): void {
  const readAt = new Date().toISOString();
  const isMarked = (notification: Notification) => ids === 'all' || ids.includes(notification.id);
  queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.lists }, (page) =>
    page
      ? {
          ...page,
          rows: page.rows.map((row) => (row.readAt === null && isMarked(row) ? { ...row, readAt } : row)),
        }
      : page,
  );
}

function afterMarking(queryClient: QueryClient, unreadCount: number): Promise<void> {
  queryClient.setQueryData(notificationKeys.unreadCount, unreadCount);
  return queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ unreadCount: number }>(`/api/notifications/${encodeURIComponent(id)}/read`),
    onMutate: (id) => markCachedRead(queryClient, [id]),
    onSuccess: ({ unreadCount }) => afterMarking(queryClient, unreadCount),
    onError: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ unreadCount: number }>('/api/notifications/read-all'),
    onMutate: () => markCachedRead(queryClient, 'all'),
    onSuccess: ({ unreadCount }) => afterMarking(queryClient, unreadCount),
    onError: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const notificationSettingsQueryOptions = queryOptions({
  queryKey: notificationKeys.settings,
  queryFn: ({ signal }) => api.get<NotificationSettings>('/api/notifications/settings', { signal }),
});

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: UpdateNotificationSettings) =>
      api.put<NotificationSettings>('/api/notifications/settings', update),
    onSuccess: (settings) => queryClient.setQueryData(notificationKeys.settings, settings),
  });
}

/** From the link in an e-mail; works signed out. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<{ kind: Notification['kind']; label: string }>('/api/notifications/unsubscribe', { token }),
  });
}
