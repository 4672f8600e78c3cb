import { BoardReportPage } from '../../features/finance/components/BoardReportPage.tsx';
import { FinanceSubpage } from '../FinanceSubpage.tsx';

/** A property's monthly financial report (issue 20, item 7): its managers and its board, on screen and as PDF. */
export function Component() {
  return (
    <FinanceSubpage title="monthly report">
      {(propertyId) => <BoardReportPage propertyId={propertyId} />}
    </FinanceSubpage>
  );
}
