import { useParams } from 'react-router';
import { VendorBidPage } from '../../features/bids/components/VendorBidPage.tsx';
import { VendorBidsPage } from '../../features/bids/components/VendorBidsList.tsx';

/** The vendor portal's bid invitations and one invitation (issue 24 items 2 and 4): one chunk. */
export function Component() {
  const { invitationId } = useParams();
  return invitationId ? <VendorBidPage key={invitationId} invitationId={invitationId} /> : <VendorBidsPage />;
}
