import { CollectionsPage } from '../../features/finance/components/CollectionsPage.tsx';
import { FinanceSubpage } from '../FinanceSubpage.tsx';

/** A property's collections (issue 20, item 8): its managers keep them, its board records its decisions. */
export function Component() {
  return (
    <FinanceSubpage title="collections">
      {(propertyId) => <CollectionsPage propertyId={propertyId} />}
    </FinanceSubpage>
  );
}
