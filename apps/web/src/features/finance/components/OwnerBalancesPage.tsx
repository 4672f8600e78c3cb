import { agingBucketLabels, agingBuckets, formatMoney, type Aging } from '@commonwise/contracts';
import { Card, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { formatDate } from '../../../lib/format.ts';
import { agingPageSize, agingQueryOptions } from '../api.ts';
import { FinanceLinks } from './FinanceLinks.tsx';

type Row = Aging['rows'][number];

const columns: Column<Row>[] = [
  {
    key: 'unit',
    label: 'Unit',
    render: (row) => (
      <>
        <Text size="sm" fw={600} span style={{ display: 'block' }}>
          {row.unit.label}
        </Text>
        <Text size="xs" c="dimmed" span style={{ display: 'block' }}>
          {row.owners.length > 0 ? row.owners.join(', ') : 'No owner recorded'}
        </Text>
      </>
    ),
  },
  ...agingBuckets.map((bucket): Column<Row> => ({
    key: bucket,
    label: agingBucketLabels[bucket],
    align: 'right',
    render: (row) => (row.buckets[bucket] === 0 ? '—' : formatMoney(row.buckets[bucket])),
  })),
  {
    key: 'credit',
    label: 'Credit',
    align: 'right',
    render: (row) => (row.creditCents === 0 ? '—' : formatMoney(row.creditCents)),
  },
  { key: 'balance', label: 'Balance', align: 'right', render: (row) => formatMoney(row.balanceCents) },
];

/**
 * An association's owner balances (issue 20, item 7): what each unit owes by how long it has been past
 * due, its credit and balance, largest first, with the totals; for its managers and its board.
 */
export function OwnerBalancesPage({ propertyId }: { propertyId: string }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const { data, isPending, isError, refetch, isRefetching } = useQuery(
    agingQueryOptions(propertyId, { page, q }),
  );
  return (
    <Stack gap="lg">
      <FinanceLinks propertyId={propertyId} current="balances" />
      {isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading the owner balances...</Text>
        </Group>
      ) : isError ? (
        <ErrorState
          title="Failed to load the owner balances"
          onRetry={() => void refetch()}
          isRetrying={isRefetching}
        />
      ) : (
        <>
          <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="aging-totals">
            <Title order={2} size="h4" id="aging-totals">
              What owners owe
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              As of {formatDate(data.asOf)}: open charges by how long they have been past due.{' '}
              {data.totals.unitsPastDue === 1
                ? '1 unit is past due.'
                : `${data.totals.unitsPastDue} units are past due.`}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="md" component="dl" m={0}>
              {agingBuckets.map((bucket) => (
                <Figure key={bucket} label={agingBucketLabels[bucket]} cents={data.totals.buckets[bucket]} />
              ))}
              <Figure label="Credit" cents={data.totals.creditCents} />
              <Figure label="Balance" cents={data.totals.balanceCents} strong />
            </SimpleGrid>
          </Card>
          <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="aging-units">
            <Group justify="space-between" align="end" gap="sm" mb="md" wrap="wrap">
              <div style={{ flex: '1 1 16rem' }}>
                <Title order={2} size="h4" id="aging-units">
                  Balances by unit
                </Title>
                <Text size="sm" c="dimmed">
                  Units that owe or have credit, the largest balance first.
                </Text>
              </div>
              <TextInput
                label="Find a unit"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  setPage(1);
                }}
                maxLength={50}
                w={{ base: '100%', xs: 240 }}
              />
            </Group>
            {data.rows.length === 0 ? (
              <Text size="sm" c="dimmed">
                {q
                  ? `No unit matching “${q}” owes anything or has credit.`
                  : 'No unit owes anything or has credit.'}
              </Text>
            ) : (
              <Stack gap="sm">
                <ResponsiveTable
                  caption="Balances by unit"
                  columns={columns}
                  rows={data.rows}
                  rowKey={(row) => row.unit.id}
                  titleColumn="unit"
                />
                <ListPager
                  noun="units"
                  page={page}
                  pageSize={agingPageSize}
                  total={data.total}
                  onChange={setPage}
                />
              </Stack>
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}

function Figure({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={strong ? 700 : 600} fz={strong ? 'lg' : 'md'}>
        {formatMoney(cents)}
      </Text>
    </Stack>
  );
}
