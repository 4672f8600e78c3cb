import type {
  AssociationEvent,
  CalendarFeed,
  EventInput,
  EventList,
  EventOccurrence,
  EventOccurrenceList,
  RsvpInput,
} from '@commonwise/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { eventReaderApiBase, eventReaderKey } from './upcoming.ts';

export {
  eventReaderKey,
  eventsPagePath,
  formatOccurrenceWhen,
  upcomingEventsQueryOptions,
} from './upcoming.ts';

/** The authors' page: an association's events, and the form. */
export const manageEventsPath = '/community/events';
export const manageEventsPageSize = 20;
/** How many occurrences the readers' page shows at a time (the next 120 days). */
export const readerEventsLimit = 60;
export const readerWindowDays = 120;

export const eventKeys = {
  reader: eventReaderKey,
  occurrences: (propertyId: string | null) =>
    [...eventReaderKey, 'occurrences', propertyId ?? 'all'] as const,
  feed: ['events', 'calendar-feed'] as const,
  lists: (propertyId: string) => ['events', 'author', propertyId] as const,
  list: (propertyId: string, page: number) => ['events', 'author', propertyId, page] as const,
};

/** The occurrences of the person's events from now to 120 days on, soonest first. */
export function occurrencesQueryOptions(propertyId: string | null) {
  return queryOptions({
    queryKey: eventKeys.occurrences(propertyId),
    queryFn: ({ signal }) => {
      const from = new Date();
      const to = new Date(from.getTime() + readerWindowDays * 24 * 60 * 60 * 1000);
      const params = new URLSearchParams({
        from: from.toISOString(),
        to: to.toISOString(),
        limit: String(readerEventsLimit),
      });
      if (propertyId) params.set('propertyId', propertyId);
      return api.get<EventOccurrenceList>(`${eventReaderApiBase}?${params}`, { signal });
    },
    staleTime: 30_000,
  });
}

/** The `.ics` of one event: a link the browser downloads with the person's session. */
export const eventIcsPath = (eventId: string) =>
  `${eventReaderApiBase}/${encodeURIComponent(eventId)}/calendar.ics`;

/** Answers for one occurrence; what readers see then reloads (seats left change for everyone). */
export function useRsvp(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RsvpInput) =>
      api.put<EventOccurrence>(`${eventReaderApiBase}/${encodeURIComponent(eventId)}/rsvp`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.reader }),
  });
}

const feedApi = '/api/me/calendar-feed';

export const calendarFeedQueryOptions = queryOptions({
  queryKey: eventKeys.feed,
  queryFn: ({ signal }) => api.get<CalendarFeed>(feedApi, { signal }),
});

/** A new secret address (the old one stops working); the answer is the only time it is shown. */
export function useNewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeed>(feedApi),
    onSuccess: (feed) => queryClient.setQueryData(eventKeys.feed, { ...feed, url: null }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>(feedApi),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.feed }),
  });
}

// Authors.

const listApiPath = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}/events`;
const itemApiPath = (propertyId: string, eventId: string) =>
  `${listApiPath(propertyId)}/${encodeURIComponent(eventId)}`;

export function manageEventsQueryOptions(propertyId: string, page: number) {
  return queryOptions({
    queryKey: eventKeys.list(propertyId, page),
    queryFn: ({ signal }) =>
      api.get<EventList>(`${listApiPath(propertyId)}?page=${page}&limit=${manageEventsPageSize}`, { signal }),
    placeholderData: keepPreviousData,
    enabled: propertyId !== '',
  });
}

function refreshAfterWrite(queryClient: ReturnType<typeof useQueryClient>, propertyId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: eventKeys.lists(propertyId) }),
    queryClient.invalidateQueries({ queryKey: eventKeys.reader }),
  ]);
}

/** Schedules a new event, or changes one. */
export function useSaveEvent(propertyId: string, eventId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EventInput) =>
      eventId === null
        ? api.post<AssociationEvent>(listApiPath(propertyId), input)
        : api.put<AssociationEvent>(itemApiPath(propertyId, eventId), input),
    onSettled: () => refreshAfterWrite(queryClient, propertyId),
  });
}

export function useCancelEvent(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => api.post<AssociationEvent>(`${itemApiPath(propertyId, eventId)}/cancel`),
    onSettled: () => refreshAfterWrite(queryClient, propertyId),
  });
}
