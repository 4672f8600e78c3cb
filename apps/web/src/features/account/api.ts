import type { ChangePassword, Profile, UpdateProfile } from '@commonwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { meQueryKey } from '../../lib/session.ts';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateProfile) => api.patch<Profile>('/api/me', values),
    // The answer is the new profile: the header and dashboard show the new name at once.
    onSuccess: (profile) => queryClient.setQueryData(meQueryKey, profile),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (values: ChangePassword) => api.post<{ ok: true }>('/api/me/password', values),
  });
}
