import type { DemoAccounts, Me, RequestSignInCode, SignIn, SignInWithCode } from '@commonwise/contracts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
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

/** A first sign-in step either signs the person in or, with two-factor on, asks for a second factor. */
export type SignInOutcome = { kind: 'signed-in'; user: Me } | { kind: 'two-factor' };

/**
 * Asks /api/me again after a sign-in: the cached user is what the rest of the app (and the guard on
 * /auth, which then leaves the page) relies on, so it must be fresh before we report success.
 */
async function readSignedInUser(queryClient: QueryClient): Promise<Me> {
  const user = await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
  if (!user) throw new SessionNotStartedError();
  return user;
}

/** With two-factor on, the server starts no session yet: it answers `twoFactorRedirect` instead. */
async function finishFirstStep(queryClient: QueryClient, answer: unknown): Promise<SignInOutcome> {
  const needsSecondFactor =
    typeof answer === 'object' &&
    answer !== null &&
    'twoFactorRedirect' in answer &&
    answer.twoFactorRedirect;
  if (needsSecondFactor) return { kind: 'two-factor' };
  return { kind: 'signed-in', user: await readSignedInUser(queryClient) };
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: SignIn): Promise<SignInOutcome> =>
      finishFirstStep(queryClient, await api.post<unknown>('/api/auth/sign-in/email', values)),
  });
}

/** "Email me a code": sends a 6-digit sign-in code (at most one a minute per address). */
export function useRequestSignInCode() {
  return useMutation({
    mutationFn: (values: RequestSignInCode) =>
      api.post<unknown>('/api/auth/email-otp/send-verification-otp', values),
  });
}

export function useSignInWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: SignInWithCode): Promise<SignInOutcome> =>
      finishFirstStep(queryClient, await api.post<unknown>('/api/auth/sign-in/email-otp', values)),
  });
}

export type SecondFactor = { method: 'totp' | 'backup-code'; code: string };

/** The second sign-in step: a code from the authenticator app, or one of the backup codes. */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ method, code }: SecondFactor): Promise<Me> => {
      await api.post<unknown>(
        method === 'totp' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code',
        { code },
      );
      return readSignedInUser(queryClient);
    },
  });
}

/** "Forgot password?": the answer is the same whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (values: { email: string }) => api.post<unknown>('/api/auth/request-password-reset', values),
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { token: string; newPassword: string }) =>
      api.post<unknown>('/api/auth/reset-password', values),
    // Every session of that person has ended; if this browser had one, it is gone too, and /auth must
    // not send the visitor on as the old user.
    onSuccess: async () => {
      await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 }).catch(() => undefined);
    },
  });
}
