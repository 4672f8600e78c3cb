import type { UserList } from '@commonwise/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export function usersQueryOptions(search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: ['users', { search: term }],
    queryFn: ({ signal }) => {
      const query = term ? `?${new URLSearchParams({ search: term }).toString()}` : '';
      return api.get<UserList>(`/api/users${query}`, { signal });
    },
    // Keep the current rows on screen while the next search loads, instead of flashing 'Loading users...'.
    placeholderData: keepPreviousData,
  });
}
