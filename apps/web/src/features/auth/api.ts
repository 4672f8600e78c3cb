import type { DemoAccounts, Profile, SignIn } from '@commonwise/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { meQueryOptions } from '../../lib/session.ts';

const disabledDemoAccounts: DemoAccounts = { enabled: false, accounts: [] };

export const demoAccountsQueryOptions = queryOptions({
  queryKey: ['demo-accounts'],
  // The list is a convenience of demo mode: if it cannot be read, the page works without it.
  queryFn: async ({ signal }) => {
    try {
      return await api.get<DemoAccounts>('/api/demo-accounts', { signal });
    } catch {
      return disabledDemoAccounts;
    }
  },
  staleTime: Infinity,
});

/** Thrown when sign-in answered 200 but /api/me still says signed out (e.g. the cookie was refused). */
export class SessionNotStartedError extends Error {
  constructor() {
    super('The session did not start');
    this.name = 'SessionNotStartedError';
  }
}

/**
 * Signs in, then asks /api/me again: the cached user is what the rest of the app (and the guard on
 * /auth, which then leaves the page) relies on, so it must be fresh before we report success.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: SignIn): Promise<Profile> => {
      await api.post<unknown>('/api/auth/sign-in/email', values);
      const user = await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
      if (!user) throw new SessionNotStartedError();
      return user;
    },
  });
}
