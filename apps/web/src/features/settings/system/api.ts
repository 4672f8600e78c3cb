import type { AssistantCheck, PropertyDefaults, SystemSettings, TestMailResult } from '@commonwise/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { propertyDefaultsQueryKey } from '../../properties/api.ts';

export const systemSettingsQueryKey = ['settings', 'system'] as const;

/** Admins only: the server answers 403 to everyone else. */
export const systemSettingsQueryOptions = queryOptions({
  queryKey: systemSettingsQueryKey,
  queryFn: ({ signal }) => api.get<SystemSettings>('/api/settings/system', { signal }),
});

export function useSendTestMail() {
  return useMutation({
    mutationFn: () => api.post<TestMailResult>('/api/settings/system/test-mail'),
  });
}

export function useCheckAssistant() {
  return useMutation({
    mutationFn: () => api.post<AssistantCheck>('/api/settings/system/assistant-check'),
  });
}

export function useUpdatePropertyDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PropertyDefaults) =>
      api.put<PropertyDefaults>('/api/settings/system/defaults', values),
    onSuccess: (defaults) => {
      queryClient.setQueryData(propertyDefaultsQueryKey, defaults);
      queryClient.setQueryData<SystemSettings>(systemSettingsQueryKey, (settings) =>
        settings ? { ...settings, defaults } : settings,
      );
    },
  });
}
