import type { Me } from '@commonwise/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isUnauthenticatedError } from './api.ts';

export const meQueryKey = ['me'] as const;

/** Who is signed in, asked of the server; `null` means signed out (a 401 is an answer, not a failure). */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get<Me>('/api/me', { signal });
  } catch (error) {
    if (isUnauthenticatedError(error)) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  staleTime: 5 * 60 * 1000,
  // A 401 already resolves to null; retry only real failures, and only once, to not delay the first screen.
  retry: 1,
});

export function useCurrentUser() {
  return useQuery(meQueryOptions);
}

/**
 * The signed-in user, for screens rendered inside the signed-in guard (which only renders them
 * once the user is known), so they need no loading or signed-out branch of their own.
 */
export function useSignedInUser(): Me {
  const { data } = useQuery(meQueryOptions);
  if (!data) throw new Error('useSignedInUser must be used inside the signed-in layout');
  return data;
}

/**
 * Ends the session. The guard around signed-in pages sees the user become null and goes to /auth;
 * every other cached query belonged to the old user, so it is dropped first.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  // A plain callback rather than useMutation: the signed-in shell is within a tight size budget and
  // sign-out is its only write; TanStack's mutation code loads with the pages that need it.
  return async () => {
    try {
      await api.post<unknown>('/api/auth/sign-out', {});
    } catch (error) {
      // A session that already ended is as signed out as we want it to be.
      if (!isUnauthenticatedError(error)) throw error;
    }
    await queryClient.cancelQueries();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    queryClient.setQueryData(meQueryKey, null);
  };
}
