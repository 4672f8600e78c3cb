import { useParams } from 'react-router';
import { InvoiceDetailPage } from '../../features/invoices/components/InvoiceDetailPage.tsx';

/** One vendor invoice for the association's staff and board (the server's notifications link here). */
export function Component() {
  const { propertyId = '', invoiceId = '' } = useParams();
  return <InvoiceDetailPage key={invoiceId} propertyId={propertyId} invoiceId={invoiceId} />;
}
