import type { EventOccurrence, EventOccurrenceList } from '@commonwise/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

// Apart from api.ts so that the resident portal's Community Events card (through ./index.ts) loads only
// this: the events pages, forms and mutations stay in their own lazy chunks (docs/decisions/0063-shell-bundle.md).

/** Everything a reader's screens show of events: an RSVP or a feed change reloads it. */
export const eventReaderKey = ['events', 'reader'] as const;

/** The reader's page of upcoming events. */
export const eventsPagePath = '/events';

/** The reader's routes: the events addressed to the signed-in person. */
export const eventReaderApiBase = '/api/me/events';

export const upcomingEventsLimit = 4;

/** The next few occurrences of the person's events (the resident portal's Community Events card). */
export const upcomingEventsQueryOptions = queryOptions({
  queryKey: [...eventReaderKey, 'upcoming'],
  queryFn: ({ signal }) =>
    api.get<EventOccurrenceList>(`${eventReaderApiBase}?limit=${upcomingEventsLimit}`, { signal }),
  staleTime: 60_000,
});

/**
 * When an occurrence is, on its association's clock ("Sat, Dec 12 · 4:00 PM"), whatever the reader's
 * device zone: the association's events happen there.
 */
export function formatOccurrenceWhen(occurrence: Pick<EventOccurrence, 'startsAt' | 'timeZone'>): string {
  const at = new Date(occurrence.startsAt);
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: occurrence.timeZone,
  }).format(at);
  const time = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: occurrence.timeZone,
  }).format(at);
  return `${day} · ${time}`;
}
