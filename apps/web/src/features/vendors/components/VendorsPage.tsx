import { complianceStatuses, vendorTrades, type VendorListItem } from '@commonwise/contracts';
import { Anchor, Button, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconTools } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { propertiesQueryOptions } from '../../properties/api.ts';
import { vendorPagePath, vendorsPageSize, vendorsQueryOptions } from '../api.ts';
import { complianceOptions, tradeOptions, tradesText } from '../labels.ts';
import { StandingCell, W9Badge } from './ComplianceBadges.tsx';
import { VendorFormDialog } from './VendorFormDialog.tsx';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pick = <T extends string>(values: readonly T[], asked: string | null): T | null =>
  values.find((value) => value === asked) ?? null;

/**
 * /vendors (issue 24 item 1): the vendor directory — every company the person may read, with its
 * trades and today's insurance, licence and W-9, searched and filtered on the server; the filters are in
 * the address so a link (an alert) can open it filtered. Managers and admins add companies.
 */
export function VendorsPage() {
  const user = useSignedInUser();
  const canAdd = user.role === 'manager' || user.role === 'admin';
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const trade = pick(vendorTrades, searchParams.get('trade'));
  const compliance = pick(complianceStatuses, searchParams.get('compliance'));
  const propertyId = uuidPattern.test(searchParams.get('propertyId') ?? '')
    ? searchParams.get('propertyId')
    : null;
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const [search, setSearch] = useState(searchParams.get('search') ?? '');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [isAdding, setIsAdding] = useState(false);
  const properties = useQuery(propertiesQueryOptions({ limit: 100 }));
  const vendors = useQuery(
    vendorsQueryOptions({ search: debouncedSearch, trade, propertyId, compliance, page }),
  );

  /** Changes one filter (and goes back to the first page); the address keeps them. */
  const setFilter = (key: string, value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  const isFiltered = Boolean(debouncedSearch || trade || propertyId || compliance);

  let content: ReactNode;
  if (vendors.isPending)
    content = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading vendors...</Text>
      </Group>
    );
  else if (vendors.isError)
    content = (
      <ErrorState
        title="Failed to load vendors"
        description={getErrorMessage(vendors.error)}
        onRetry={() => void vendors.refetch()}
        isRetrying={vendors.isFetching}
      />
    );
  else if (vendors.data.vendors.length === 0)
    content = (
      <StatusMessage
        icon={<IconTools size={32} aria-hidden />}
        title={isFiltered ? 'No vendors match' : 'No vendors yet'}
        description={
          isFiltered
            ? 'Try another search or other filters.'
            : canAdd
              ? 'Add the companies your associations work with: their trades, people and certificates of insurance.'
              : 'The companies that serve your association appear here once its managers add them.'
        }
        actions={
          !isFiltered && canAdd ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setIsAdding(true)}>
              Add vendor
            </Button>
          ) : null
        }
      />
    );
  else
    content = (
      <ResponsiveTable
        caption="Vendors"
        columns={columns}
        rows={vendors.data.vendors}
        rowKey={(vendor) => vendor.id}
        titleColumn="name"
      />
    );

  return (
    <Stack gap="lg" maw={1280}>
      <PageHeader
        title="Vendors"
        description={
          user.role === 'board'
            ? 'The companies that work for your association, and whether their insurance and licences are current.'
            : 'The companies your associations work with: their trades, people, and whether their insurance and licences are current.'
        }
        actions={
          canAdd ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setIsAdding(true)}>
              Add vendor
            </Button>
          ) : undefined
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Company name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setFilter('page', null);
          }}
          maxLength={100}
          style={{ flex: '1 1 14rem' }}
        />
        <Select
          label="Trade"
          placeholder="Any trade"
          data={tradeOptions}
          value={trade}
          onChange={(value) => setFilter('trade', value)}
          clearable
          searchable
          nothingFoundMessage="No trade matches"
          style={{ flex: '1 1 9rem' }}
        />
        <Select
          label="Association"
          placeholder={properties.isError ? 'Failed to load' : 'Any association'}
          data={(properties.data?.properties ?? []).map((property) => ({
            value: property.id,
            label: property.name,
          }))}
          value={propertyId}
          onChange={(value) => setFilter('propertyId', value)}
          clearable
          searchable
          nothingFoundMessage="No association matches"
          style={{ flex: '1 1 9rem' }}
        />
        <Select
          label="Insurance"
          placeholder="Any standing"
          data={complianceOptions}
          value={compliance}
          onChange={(value) => setFilter('compliance', value)}
          clearable
          style={{ flex: '1 1 9rem' }}
        />
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 0 }} style={{ overflow: 'hidden' }}>
        {content}
      </Paper>
      {vendors.data && !vendors.isError ? (
        <ListPager
          noun="vendors"
          page={page}
          pageSize={vendorsPageSize}
          total={vendors.data.total}
          onChange={(next) => setFilter('page', next === 1 ? null : String(next))}
        />
      ) : null}
      {canAdd ? (
        <VendorFormDialog
          opened={isAdding}
          onClose={() => setIsAdding(false)}
          onCreated={(company) => void navigate(vendorPagePath(company.id))}
        />
      ) : null}
    </Stack>
  );
}

const columns: Column<VendorListItem>[] = [
  {
    key: 'name',
    label: 'Vendor',
    render: (vendor) => (
      <Group gap="xs" wrap="wrap">
        <Anchor component={Link} to={vendorPagePath(vendor.id)} fw={600} size="sm">
          {vendor.name}
        </Anchor>
        {vendor.isActive ? null : <ToneBadge color="gray">Inactive</ToneBadge>}
      </Group>
    ),
  },
  { key: 'trades', label: 'Trades', render: (vendor) => tradesText(vendor.trades) },
  {
    key: 'insurance',
    label: 'Insurance',
    render: (vendor) => <StandingCell standing={vendor.compliance.insurance} />,
  },
  {
    key: 'licence',
    label: 'Licence',
    render: (vendor) => <StandingCell standing={vendor.compliance.licence} />,
  },
  { key: 'w9', label: 'W-9', render: (vendor) => <W9Badge status={vendor.compliance.w9.status} /> },
  { key: 'associations', label: 'Associations', render: (vendor) => vendor.serviceAreaCount, align: 'right' },
  { key: 'people', label: 'People', render: (vendor) => vendor.peopleCount, align: 'right' },
];
