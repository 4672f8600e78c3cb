import type { AssistantAnalytics } from '@commonwise/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type AnalyticsRequest = {
  from: string;
  to: string;
  /** Absent: every property the caller may see. */
  propertyId?: string | undefined;
  timeZone: string;
};

export const analyticsKeys = {
  all: ['analytics'] as const,
  assistant: (request: AnalyticsRequest) => ['analytics', 'assistant', request] as const,
};

export function assistantAnalyticsQueryOptions(request: AnalyticsRequest) {
  const search = new URLSearchParams({ from: request.from, to: request.to, timeZone: request.timeZone });
  if (request.propertyId) search.set('propertyId', request.propertyId);
  return queryOptions({
    queryKey: analyticsKeys.assistant(request),
    queryFn: ({ signal }) => api.get<AssistantAnalytics>(`/api/analytics/assistant?${search}`, { signal }),
    // Changing the period or property keeps the last figures on screen (marked as updating) until
    // the new ones arrive, instead of flashing placeholders.
    placeholderData: keepPreviousData,
  });
}
