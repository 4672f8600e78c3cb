import type {
  JobRunList,
  JobRunListQuery,
  RunScheduleInput,
  RunScheduleResult,
  ScheduleList,
  SchedulePreview,
  ScheduleTargetQuery,
} from '@commonwise/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const jobRunsPageSize = 25;

/** The filters as a query string, leaving out the empty ones. */
function searchOf(query: Record<string, unknown>): string {
  return new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) =>
      value === undefined || value === '' ? [] : [[key, String(value)]],
    ),
  ).toString();
}

export const schedulesQueryOptions = () =>
  queryOptions({
    queryKey: ['schedules'],
    queryFn: ({ signal }) => api.get<ScheduleList>('/api/schedules', { signal }),
  });

export const jobRunsQueryOptions = (query: JobRunListQuery) =>
  queryOptions({
    queryKey: ['schedule-runs', query],
    queryFn: ({ signal }) => api.get<JobRunList>(`/api/schedule-runs?${searchOf(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const schedulePreviewQueryOptions = (name: string, target: ScheduleTargetQuery) =>
  queryOptions({
    queryKey: ['schedules', name, 'preview', target],
    queryFn: ({ signal }) =>
      api.get<SchedulePreview>(`/api/schedules/${encodeURIComponent(name)}/preview?${searchOf(target)}`, {
        signal,
      }),
    // A preview is of the data as it is now: read again each time the dialog asks.
    staleTime: 0,
    gcTime: 0,
  });

/** "Run now": the run of a period, queued once; a period run before answers with that run. */
export const runSchedule = ({ name, ...input }: RunScheduleInput & { name: string }) =>
  api.post<RunScheduleResult>(`/api/schedules/${encodeURIComponent(name)}/runs`, input);
