import { InvoicesPage } from '../../features/invoices/components/InvoicesPage.tsx';

/** Vendor invoices of the person's associations, and their approval limits (issue 24 item 3). */
export function Component() {
  return <InvoicesPage />;
}
