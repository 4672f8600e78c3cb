import { OwnerBalancesPage } from '../../features/finance/components/OwnerBalancesPage.tsx';
import { FinanceSubpage } from '../FinanceSubpage.tsx';

/** A property's owner balances by age (issue 20). */
export function Component() {
  return (
    <FinanceSubpage title="owner balances">
      {(propertyId) => <OwnerBalancesPage propertyId={propertyId} />}
    </FinanceSubpage>
  );
}
