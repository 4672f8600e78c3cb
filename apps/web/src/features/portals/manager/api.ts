import type { ManagerPortalOverview } from '@commonwise/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const managerPortalKeys = {
  overview: ['manager-portal', 'overview'] as const,
};

export const managerOverviewQueryOptions = queryOptions({
  queryKey: managerPortalKeys.overview,
  queryFn: ({ signal }) => api.get<ManagerPortalOverview>('/api/manager-portal/overview', { signal }),
});
