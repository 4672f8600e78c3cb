import { NewInvoicePage } from '../../features/invoices/components/NewInvoicePage.tsx';

/** A vendor sends an invoice (issue 24 item 3). */
export function Component() {
  return <NewInvoicePage />;
}
