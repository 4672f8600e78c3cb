import type { ResidentPortal } from '@commonwise/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// The document links in the answer last an hour (fileLinkSeconds): refreshed well before they expire,
// and on returning to the tab after half an hour.
const linkRefreshMs = 30 * 60 * 1000;

/** Where the resident lives and their property's processed documents; shared by the resident cards. */
export const residentPortalQueryOptions = queryOptions({
  queryKey: ['resident-portal'],
  queryFn: async ({ signal }) =>
    (await api.get<ResidentPortal>('/api/resident-portal', { signal })).residences,
  staleTime: linkRefreshMs,
  refetchInterval: linkRefreshMs,
});
