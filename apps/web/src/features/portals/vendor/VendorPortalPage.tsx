import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { portals } from '../../../lib/portals.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { vendorWorkOrdersQueryOptions } from './api.ts';
import { BidOpportunitiesCard, InvoicesCard } from './SampleSections.tsx';
import { summarise, VendorWorkOrdersCard } from './VendorWorkOrdersCard.tsx';

function WorkSummary() {
  const { data } = useQuery(vendorWorkOrdersQueryOptions);
  // Shown once the list is in; the list card itself says when it is loading or failed.
  if (!data) return null;
  const counts = summarise(data);
  const tiles = [
    { label: 'Open work orders', value: counts.open },
    { label: 'Due within 7 days', value: counts.dueSoon },
    { label: 'Completed', value: counts.completed },
  ];
  return (
    <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }} aria-label="Your work at a glance" role="group">
      {tiles.map((tile) => (
        <Card key={tile.label} withBorder radius="lg" padding="md" shadow="xs">
          <Text size="sm" c="dimmed" lh={1.3}>
            {tile.label}
          </Text>
          <Text fw={700} fz={28} lh={1.2}>
            {tile.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** /vendor-portal (SPEC §2): the vendor's live work orders, and sample bids and invoices. */
export function VendorPortalPage() {
  const user = useSignedInUser();
  const isAdmin = user.role === 'admin';
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
        <WorkSummary />
        <VendorWorkOrdersCard showVendor={isAdmin} />
        <BidOpportunitiesCard />
        <InvoicesCard />
      </Stack>
    </>
  );
}
