import type { PersonProfile } from '@commonwise/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** A person's units and memberships across associations, as far as the caller may see them. */
export function personProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['people', userId],
    queryFn: ({ signal }) => api.get<PersonProfile>(`/api/people/${encodeURIComponent(userId)}`, { signal }),
  });
}
