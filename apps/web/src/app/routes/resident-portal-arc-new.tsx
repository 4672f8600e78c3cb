import { NewArcRequestPage } from '../../features/arc/components/NewArcRequestPage.tsx';

/** An owner's new architectural request (issue 22 item 1). */
export function Component() {
  return <NewArcRequestPage />;
}
