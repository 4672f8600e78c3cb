import { VendorsPage } from '../../features/vendors/components/VendorsPage.tsx';

/** The vendor directory (issue 24 item 1): managers and admins keep it, board members read it. */
export function Component() {
  return <VendorsPage />;
}
