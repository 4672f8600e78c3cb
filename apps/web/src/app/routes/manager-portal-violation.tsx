import { useParams } from 'react-router';
import { ViolationDetail } from '../../features/violations/components/ViolationDetail.tsx';

/** One violation with its clause, photos and timeline (issue 21). */
export function Component() {
  const { violationId = '' } = useParams();
  return <ViolationDetail violationId={violationId} />;
}
