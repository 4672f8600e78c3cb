import { BooksPage } from '../../features/finance/components/BooksPage.tsx';
import { FinanceSubpage } from '../FinanceSubpage.tsx';

/** A property's books (issue 20). */
export function Component() {
  return (
    <FinanceSubpage title="books">{(propertyId) => <BooksPage propertyId={propertyId} />}</FinanceSubpage>
  );
}
