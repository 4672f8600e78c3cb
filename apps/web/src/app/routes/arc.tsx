import { useParams } from 'react-router';
import { ArcRequestDetail } from '../../features/arc/components/ArcRequestDetail.tsx';
import { ArcRequestsPage } from '../../features/arc/components/ArcRequestsPage.tsx';

/**
 * The architectural requests of the person's associations, and one with its guideline check (issue 22).
 * Both routes load this one chunk (DESIGN.md §6 budget).
 */
export function Component() {
  const { propertyId, requestId } = useParams();
  return propertyId && requestId ? (
    <ArcRequestDetail key={requestId} propertyId={propertyId} requestId={requestId} />
  ) : (
    <ArcRequestsPage />
  );
}
