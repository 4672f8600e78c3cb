import type { AccountSession, ChangePassword, Profile, UpdateProfile } from '@commonwise/contracts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { meQueryKey, meQueryOptions } from '../../lib/session.ts';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateProfile) => api.patch<Profile>('/api/me', values),
    // The answer is the new profile: the header and dashboard show the new name at once.
    onSuccess: (profile) =>
      queryClient.setQueryData(meQueryKey, (current: object | null | undefined) => ({
        ...current,
        ...profile,
      })),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ChangePassword) => api.post<{ ok: true }>('/api/me/password', values),
    // Every other session ended.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}

// Not under ['me']: signing out keeps only ['me'] and drops every other query of the old user.
export const accountSessionsQueryKey = ['account', 'sessions'] as const;

export const accountSessionsQueryOptions = queryOptions({
  queryKey: accountSessionsQueryKey,
  queryFn: async ({ signal }) =>
    (await api.get<{ sessions: AccountSession[] }>('/api/me/sessions', { signal })).sessions,
});

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.delete<void>(`/api/me/sessions/${encodeURIComponent(sessionId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ signedOut: number }>('/api/me/sessions/revoke-others', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}

/**
 * Turning two-factor on or off changes who this person is to the server (and renews this browser's
 * session), so the signed-in user and the session list are read again before the change is reported.
 */
async function refreshAfterTwoFactorChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 }).catch(() => undefined),
    queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  ]);
}

export interface TwoFactorSetup {
  /** otpauth://totp/…?secret=…: what the QR code holds. */
  totpURI: string;
  backupCodes: string[];
}

/** The first step of turning two-factor on: needs the password; it is not on until a code confirms it. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: (password: string) => api.post<TwoFactorSetup>('/api/auth/two-factor/enable', { password }),
  });
}

/** The code from the authenticator app proves it was set up; this turns two-factor on. */
export function useConfirmTwoFactorSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<unknown>('/api/auth/two-factor/verify-totp', { code }),
    onSuccess: () => refreshAfterTwoFactorChange(queryClient),
  });
}

export function useTurnOffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.post<unknown>('/api/auth/two-factor/disable', { password }),
    onSuccess: () => refreshAfterTwoFactorChange(queryClient),
  });
}

/** New backup codes replace the old ones, which stop working. */
export function useGenerateBackupCodes() {
  return useMutation({
    mutationFn: (password: string) =>
      api.post<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', { password }),
  });
}
