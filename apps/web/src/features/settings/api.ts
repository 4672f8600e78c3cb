import type { SecuritySettings } from '@commonwise/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const securitySettingsQueryKey = ['settings', 'security'] as const;

/** Admins only: the server answers 403 to everyone else. */
export const securitySettingsQueryOptions = queryOptions({
  queryKey: securitySettingsQueryKey,
  queryFn: ({ signal }) => api.get<SecuritySettings>('/api/settings/security', { signal }),
});

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SecuritySettings) => api.put<SecuritySettings>('/api/settings/security', values),
    onSuccess: (settings) => queryClient.setQueryData(securitySettingsQueryKey, settings),
  });
}
