import type { UnreadConversations } from '@commonwise/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

// Apart from api.ts so that the dashboard (through ./index.ts) and the navigation's badges, which need
// only this, do not download the chat's queries and mutations (docs/decisions/0063-shell-bundle.md).

/** The query key of what the person has not read (also `chatKeys.unread`). */
export const unreadQueryKey = ['chat', 'unread'] as const;

/**
 * What the person has not read: replies in their conversations, messages in their work rooms (the
 * navigation's badges and the dashboard's Community Updates). Realtime events and marking a thread or
 * room read reload it.
 */
export const unreadQueryOptions = queryOptions({
  queryKey: unreadQueryKey,
  queryFn: ({ signal }) => api.get<UnreadConversations>('/api/chat/unread', { signal }),
  staleTime: 30_000,
});
