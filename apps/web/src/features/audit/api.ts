import type { AuditEventList, AuditListQuery } from '@commonwise/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const auditPageSize = 50;

/** The filters as a query string, leaving out the empty ones. */
export function auditSearch(query: AuditListQuery): string {
  return new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) =>
      value === undefined || value === '' ? [] : [[key, String(value)]],
    ),
  ).toString();
}

export function auditEventsQueryOptions(query: AuditListQuery) {
  return queryOptions({
    queryKey: ['audit-events', query],
    queryFn: ({ signal }) => api.get<AuditEventList>(`/api/audit-events?${auditSearch(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The export's address: the browser downloads it with the session cookie. */
export const auditExportUrl = (query: Omit<AuditListQuery, 'page' | 'limit'>) =>
  `/api/audit-events/export?${auditSearch(query)}`;
