import {
  formatMoney,
  invoiceStatuses,
  invoiceStatusLabels,
  type InvoiceSummary,
  type Property,
} from '@commonwise/contracts';
import { Anchor, Card, Grid, Select, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import {
  invoiceAssociationsQueryOptions,
  invoicePagePath,
  invoicesPageSize,
  invoicesQueryOptions,
} from '../api.ts';
import { ApprovalLimitsCard } from './ApprovalLimitsCard.tsx';
import { InvoiceStatusBadge, LoadingLine } from './InvoiceBits.tsx';

/** What an invoice is for, in a few words. */
export function targetText(invoice: Pick<InvoiceSummary, 'workOrder' | 'bidRequest'>): string {
  if (invoice.workOrder) return `Work order: ${invoice.workOrder.summary}`;
  if (invoice.bidRequest) return `Contract: ${invoice.bidRequest.title}`;
  return 'Standing contract';
}

/**
 * /invoices: the vendor invoices of the person's associations (managers: those they manage; board members:
 * their own; admins: all), by status, with the association's approval limits.
 */
export function InvoicesPage() {
  const associations = useQuery(invoiceAssociationsQueryOptions);
  return (
    <>
      <PageHeader
        title="Invoices"
        description="Vendors’ invoices to your associations: review them, approve them within the association’s limits, and record their payment."
      />
      {associations.isPending ? (
        <LoadingLine>Loading your associations...</LoadingLine>
      ) : associations.isError ? (
        <ErrorState
          title="Failed to load your associations"
          description={getErrorMessage(associations.error)}
          onRetry={() => void associations.refetch()}
          isRetrying={associations.isFetching}
        />
      ) : associations.data.length === 0 ? (
        <Text>You do not manage an association or sit on its board, so there are no invoices to show.</Text>
      ) : (
        <InvoicesOf associations={associations.data} />
      )}
    </>
  );
}

function InvoicesOf({ associations }: { associations: Property[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const property = associations.find(({ id }) => id === searchParams.get('propertyId')) ?? associations[0]!;
  const status = invoiceStatuses.find((candidate) => candidate === searchParams.get('status')) ?? null;
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const list = useQuery(invoicesQueryOptions(property.id, { status, page }));

  const setFilter = (changes: Record<string, string | null>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes))
          if (value) next.set(key, value);
          else next.delete(key);
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  const columns: Column<InvoiceSummary>[] = [
    {
      key: 'number',
      label: 'Invoice',
      render: (invoice) => (
        <Anchor component={Link} to={invoicePagePath(property.id, invoice.id)} fw={600}>
          {invoice.number}
        </Anchor>
      ),
    },
    { key: 'company', label: 'Company', render: (invoice) => invoice.company.name },
    { key: 'for', label: 'For', render: (invoice) => targetText(invoice) },
    {
      key: 'amount',
      label: 'Amount',
      align: 'right',
      render: (invoice) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(invoice.amountCents)}</span>,
    },
    { key: 'date', label: 'Invoice date', render: (invoice) => formatDate(invoice.invoiceDate) },
    { key: 'status', label: 'Status', render: (invoice) => <InvoiceStatusBadge status={invoice.status} /> },
    {
      key: 'needs',
      label: 'Needs',
      render: (invoice) => invoice.stillNeeded ?? (invoice.status === 'approved' ? 'Payment' : '—'),
    },
  ];

  return (
    <Grid gap="lg" maw={1400}>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="md">
          {associations.length > 1 ? (
            <Select
              label="Association"
              data={associations.map(({ id, name }) => ({ value: id, label: name }))}
              value={property.id}
              onChange={(next) => {
                if (next) setFilter({ propertyId: next });
              }}
              allowDeselect={false}
              searchable
              nothingFoundMessage="No association matches"
              maw={{ base: '100%', sm: 360 }}
            />
          ) : null}
          <Tabs
            value={status ?? 'all'}
            onChange={(next) => setFilter({ status: next === 'all' ? null : next })}
            keepMounted={false}
          >
            <Tabs.List aria-label="Invoice status" style={{ flexWrap: 'wrap' }}>
              <Tabs.Tab value="all">All</Tabs.Tab>
              {invoiceStatuses.map((value) => (
                <Tabs.Tab key={value} value={value}>
                  {invoiceStatusLabels[value]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <Card withBorder radius="lg" padding="md">
            {list.isPending ? (
              <LoadingLine>Loading invoices...</LoadingLine>
            ) : list.isError ? (
              <ErrorState
                title="Failed to load the invoices"
                description={getErrorMessage(list.error)}
                onRetry={() => void list.refetch()}
                isRetrying={list.isFetching}
              />
            ) : list.data.invoices.length === 0 ? (
              <Text py="md" ta="center" c="dimmed">
                {status
                  ? `No ${invoiceStatusLabels[status].toLowerCase()} invoices at ${property.name}.`
                  : `No vendor has sent ${property.name} an invoice yet.`}
              </Text>
            ) : (
              <Stack gap="md">
                <ResponsiveTable
                  caption={`Invoices to ${property.name}`}
                  columns={columns}
                  rows={list.data.invoices}
                  rowKey={(invoice) => invoice.id}
                  titleColumn="number"
                />
                <ListPager
                  noun="invoices"
                  page={page}
                  pageSize={invoicesPageSize}
                  total={list.data.total}
                  onChange={(next) => setFilter({ page: String(next) })}
                />
              </Stack>
            )}
          </Card>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <ApprovalLimitsCard propertyId={property.id} />
      </Grid.Col>
    </Grid>
  );
}
