import { VendorInvoicesPage } from '../../features/invoices/components/VendorInvoices.tsx';

/** Every invoice of the vendor's company, by status (issue 24 item 4). */
export function Component() {
  return <VendorInvoicesPage />;
}
