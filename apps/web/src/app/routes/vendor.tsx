import { useParams } from 'react-router';
import { VendorDetailPage } from '../../features/vendors/components/VendorDetailPage.tsx';

/** One vendor company: its documents, people and associations (issue 24 item 1). */
export function Component() {
  const { vendorId = '' } = useParams();
  return <VendorDetailPage companyId={vendorId} />;
}
