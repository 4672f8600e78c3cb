import { useParams } from 'react-router';
import { OwnerArcRequestPage } from '../../features/arc/components/OwnerArcRequestPage.tsx';

/** One of the owner's architectural requests: its files, what is missing, its due date (issue 22). */
export function Component() {
  const { requestId = '' } = useParams();
  return <OwnerArcRequestPage key={requestId} requestId={requestId} />;
}
