import { useParams } from 'react-router';
import { BoardHandoverPage } from '../../features/projects/index.ts';

export function Component() {
  const { propertyId = '' } = useParams();
  return <BoardHandoverPage propertyId={propertyId} />;
}
