import type {
  AcceptInvitation,
  ChangeRole,
  Invitation,
  InviteUser,
  User,
  UserList,
} from '@commonwise/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { meQueryKey } from '../../lib/session.ts';

export const usersQueryKey = ['users'] as const;

export const usersPageSize = 50;

/** One page of user management's list, searched on the server by e-mail or name. */
export function usersQueryOptions(search: string, page = 1, limit = usersPageSize) {
  const term = search.trim();
  return queryOptions({
    queryKey: [...usersQueryKey, { search: term, page, limit }],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), limit: String(limit) });
      if (term) params.set('search', term);
      return api.get<UserList>(`/api/users?${params.toString()}`, { signal });
    },
    // Keep the current rows on screen while the next search loads, instead of flashing 'Loading users...'.
    placeholderData: keepPreviousData,
  });
}

const userPath = (id: string) => `/api/users/${encodeURIComponent(id)}`;

/**
 * After any change to a person: every list of users (this page's, and the properties' pick lists)
 * is refreshed; so is the signed-in user, whose own role may just have changed.
 */
function useRefreshUsers() {
  const queryClient = useQueryClient();
  return async (changedId?: string) => {
    await queryClient.invalidateQueries({ queryKey: usersQueryKey });
    const me = queryClient.getQueryData<{ id: string } | null>(meQueryKey);
    if (changedId && me?.id === changedId) await queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
}

export function useChangeRole() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & ChangeRole) =>
      api.patch<User>(`${userPath(userId)}/role`, { role }),
    onSettled: (_data, _error, { userId }) => refresh(userId),
  });
}

export function useInviteUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (input: InviteUser) => api.post<User>('/api/users/invitations', input),
    // Also after a failure: when only the e-mail failed (502) the person exists and can be re-sent.
    onSettled: () => refresh(),
  });
}

export function useResendInvitation() {
  return useMutation({
    mutationFn: (userId: string) => api.post<{ ok: true }>(`${userPath(userId)}/invitation`),
  });
}

export function useSetUserActive() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ userId, isActive }: { userId: string; isActive: boolean }) =>
      api.post<User>(`${userPath(userId)}/${isActive ? 'reactivate' : 'deactivate'}`),
    onSettled: (_data, _error, { userId }) => refresh(userId),
  });
}

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitations', token],
    queryFn: ({ signal }) => api.get<Invitation>(`/api/invitations/${encodeURIComponent(token)}`, { signal }),
    // The link is used up by accepting it: never show a cached answer as still valid.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (input: AcceptInvitation) =>
      api.post<{ email: string }>(`/api/invitations/${encodeURIComponent(token)}/accept`, input),
  });
}
