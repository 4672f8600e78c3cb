import { ManageEventsPage } from '../../features/events/components/ManageEventsPage.tsx';

/** The events an association's managers and board schedule (issue 23 item 4): the list and the form. */
export function Component() {
  return <ManageEventsPage />;
}
