import { useParams } from 'react-router';
import { VendorInvoicePage } from '../../features/invoices/components/VendorInvoicePage.tsx';

/** One of the vendor company's invoices (the server's notifications link here). */
export function Component() {
  const { invoiceId = '' } = useParams();
  return <VendorInvoicePage key={invoiceId} invoiceId={invoiceId} />;
}
