// The events feature's entry for what the resident portal's Community Events card needs: the upcoming
// query and how to say when an occurrence is. Add nothing heavy (docs/decisions/0063-shell-bundle.md).
// Route files import the pages from ./components.
export { eventsPagePath, formatOccurrenceWhen, upcomingEventsQueryOptions } from './upcoming.ts';
