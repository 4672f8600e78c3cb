import type { CommunitySetup, DeveloperCommunityList } from '@commonwise/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const communitiesQueryOptions = queryOptions({
  queryKey: ['developer-portal', 'communities'],
  queryFn: async ({ signal }) =>
    (await api.get<DeveloperCommunityList>('/api/developer-portal/communities', { signal })).communities,
});

export function communitySetupQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: ['developer-portal', 'communities', propertyId, 'setup'],
    queryFn: ({ signal }) =>
      api.get<CommunitySetup>(`/api/developer-portal/communities/${encodeURIComponent(propertyId)}/setup`, {
        signal,
      }),
  });
}
