import { ViolationReportPage } from '../../features/violations/components/ViolationReportPage.tsx';
import { FinanceSubpage } from '../FinanceSubpage.tsx';

/** A property's fairness report per rule and month (issue 21 item 7): its managers and its board. */
export function Component() {
  return (
    <FinanceSubpage title="fairness report">
      {(propertyId) => <ViolationReportPage propertyId={propertyId} />}
    </FinanceSubpage>
  );
}
