import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isTwoFactorRequiredError, isUnauthenticatedError } from '../lib/api.ts';
import { meQueryKey } from '../lib/session.ts';

export function createQueryClient(): QueryClient {
  // A 401 from any call means the session ended (signed out elsewhere, password changed, expired):
  // asking /api/me again turns the user into null, and the signed-in guard takes it from there.
  // TWO_FACTOR_REQUIRED means an admin has just required two-factor for this role: /api/me then says
  // so, and the signed-in layout sends the person to set it up.
  const handleError = (error: unknown, queryKey?: readonly unknown[]) => {
    if (!isUnauthenticatedError(error) && !isTwoFactorRequiredError(error)) return;
    if (queryKey?.[0] === meQueryKey[0]) return;
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => handleError(error) }),
    defaultOptions: {
      queries: {
        staleTime: 30 * 1000,
        refetchOnWindowFocus: true,
        // Client errors (4xx) will not change on retry; network and server errors might.
        retry: (failureCount, error) => {
          const status = (error as { status?: number }).status ?? 0;
          return status >= 400 && status < 500 ? false : failureCount < 2;
        },
      },
    },
  });
  return queryClient;
}
