import { useMatch, useParams } from 'react-router';
import { BidRequestPage } from '../../features/bids/components/BidRequestPage.tsx';
import { BidRequestsPage } from '../../features/bids/components/BidRequestsPage.tsx';
import { NewBidRequestPage } from '../../features/bids/components/NewBidRequestPage.tsx';

/**
 * Bids (issue 24 item 2): the association's requests, a new request, and one request. The three routes
 * load this one chunk.
 */
export function Component() {
  const { propertyId, requestId } = useParams();
  const isNew = useMatch('/bids/new') !== null;
  if (isNew) return <NewBidRequestPage />;
  return propertyId && requestId ? (
    <BidRequestPage key={requestId} propertyId={propertyId} requestId={requestId} />
  ) : (
    <BidRequestsPage />
  );
}
