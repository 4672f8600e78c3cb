import { BudgetPage } from '../../features/finance/components/BudgetPage.tsx';
import { FinanceSubpage } from '../FinanceSubpage.tsx';

/** A property's budget by fiscal year (issue 20): its managers draft it and record its adoption. */
export function Component() {
  return (
    <FinanceSubpage title="budget">{(propertyId) => <BudgetPage propertyId={propertyId} />}</FinanceSubpage>
  );
}
