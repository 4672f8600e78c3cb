import { ArcRequestsPage } from '../../features/arc/components/ArcRequestsPage.tsx';

/** The architectural requests of the person's associations: managers, the board, the committee (issue 22). */
export function Component() {
  return <ArcRequestsPage />;
}
