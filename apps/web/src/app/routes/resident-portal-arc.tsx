import { useParams } from 'react-router';
import { NewArcRequestPage } from '../../features/arc/components/NewArcRequestPage.tsx';
import { OwnerArcRequestPage } from '../../features/arc/components/OwnerArcRequestPage.tsx';

/**
 * An owner's new architectural request (`new`), or one of theirs (issue 22 item 1). Both routes load
 * this one chunk (DESIGN.md §6 budget).
 */
export function Component() {
  const { requestId } = useParams();
  return requestId ? <OwnerArcRequestPage key={requestId} requestId={requestId} /> : <NewArcRequestPage />;
}
