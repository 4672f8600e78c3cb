import { EventsPage } from '../../features/events/components/EventsPage.tsx';

/** The events addressed to the person, with RSVPs and their calendar feed (issue 23 item 4). */
export function Component() {
  return <EventsPage />;
}
