import { Stack } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { portals } from '../../../lib/portals.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { VendorCompanyCard } from '../../vendors/index.ts';
import { VendorWorkOrdersCard, VendorWorkSummary } from '../../work-orders/index.ts';
import { VendorInvoicesCard } from '../../invoices/index.ts';
import { VendorBidsCard } from '../../bids/index.ts';

/**
 * /vendor-portal (SPEC §2): the vendor's live work orders, their company with its insurance, licence and
 * W-9 (issue 24 item 1), its invitations to bid (issue 24 item 2) and its invoices (issue 24 item 3).
 */
export function VendorPortalPage() {
  const user = useSignedInUser();
  const isAdmin = user.role === 'admin';
  const [page, setPage] = useState(1);
  return (
    <>
      <PageHeader
        title={portals.vendor.name}
        description={
          <>
            Welcome, {user.fullName || user.email}.{' '}
            {isAdmin
              ? 'As an administrator you see the work orders assigned to every vendor.'
              : 'Here are the work orders assigned to you.'}
          </>
        }
      />
      <Stack gap="lg" maw={1200}>
        <VendorWorkSummary page={page} />
        <VendorWorkOrdersCard showVendor={isAdmin} page={page} onPageChange={setPage} />
        <VendorCompanyCard />
        <VendorBidsCard />
        <VendorInvoicesCard />
      </Stack>
    </>
  );
}
