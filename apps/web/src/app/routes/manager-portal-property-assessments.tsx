import { AssessmentsPage } from '../../features/finance/components/AssessmentsPage.tsx';
import { FinanceSubpage } from '../FinanceSubpage.tsx';

/** A property's assessments, charges and payments (issue 20). */
export function Component() {
  return (
    <FinanceSubpage title="assessments">
      {(propertyId) => <AssessmentsPage propertyId={propertyId} />}
    </FinanceSubpage>
  );
}
