import type { Property } from '@commonwise/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const propertiesQueryOptions = queryOptions({
  queryKey: ['properties'],
  queryFn: async ({ signal }) =>
    (await api.get<{ properties: Property[] }>('/api/properties', { signal })).properties,
});
