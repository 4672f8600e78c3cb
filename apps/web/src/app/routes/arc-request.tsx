import { useParams } from 'react-router';
import { ArcRequestDetail } from '../../features/arc/components/ArcRequestDetail.tsx';

/** One architectural request with its guideline check (issue 22). */
export function Component() {
  const { propertyId = '', requestId = '' } = useParams();
  return <ArcRequestDetail key={requestId} propertyId={propertyId} requestId={requestId} />;
}
