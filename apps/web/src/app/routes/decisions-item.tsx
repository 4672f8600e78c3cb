import { useParams } from 'react-router';
import { DecisionItemPage } from '../../features/decisions/components/DecisionItemPage.tsx';

/** One decision item: its background, votes and outcome (issue 22 item 5). */
export function Component() {
  const { propertyId = '', itemId = '' } = useParams();
  return <DecisionItemPage propertyId={propertyId} itemId={itemId} />;
}
