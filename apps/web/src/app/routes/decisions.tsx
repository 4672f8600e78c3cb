import { useParams } from 'react-router';
import { DecisionItemPage } from '../../features/decisions/components/DecisionItemPage.tsx';
import { DecisionsPage } from '../../features/decisions/components/DecisionsPage.tsx';

/**
 * What the person's boards and committees decide, and one item (issue 22 item 5). Both routes load this
 * one chunk: each lazy chunk adds its imports' names to the first download (DESIGN.md §6 budget).
 */
export function Component() {
  const { propertyId, itemId } = useParams();
  return propertyId && itemId ? (
    <DecisionItemPage propertyId={propertyId} itemId={itemId} />
  ) : (
    <DecisionsPage />
  );
}
