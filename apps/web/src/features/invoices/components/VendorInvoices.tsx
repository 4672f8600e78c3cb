import {
  formatMoney,
  invoiceStatuses,
  invoiceStatusLabels,
  type VendorInvoiceSummary,
} from '@commonwise/contracts';
import { Anchor, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconFileInvoice, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import {
  invoicesPageSize,
  newVendorInvoicePagePath,
  ownInvoicesQueryOptions,
  vendorInvoicePagePath,
  vendorInvoicesPagePath,
} from '../api.ts';
import { BackLink, InvoiceStatusBadge, LoadingLine } from './InvoiceBits.tsx';

const columns: Column<VendorInvoiceSummary>[] = [
  {
    key: 'number',
    label: 'Invoice',
    render: (invoice) => (
      <Anchor component={Link} to={vendorInvoicePagePath(invoice.id)} fw={600}>
        {invoice.number}
      </Anchor>
    ),
  },
  { key: 'property', label: 'Association', render: (invoice) => invoice.property.name },
  {
    key: 'for',
    label: 'For',
    render: (invoice) => invoice.workOrder?.summary ?? invoice.bidRequest?.title ?? 'Standing agreement',
  },
  {
    key: 'amount',
    label: 'Amount',
    align: 'right',
    render: (invoice) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(invoice.amountCents)}</span>,
  },
  { key: 'date', label: 'Invoice date', render: (invoice) => formatDate(invoice.invoiceDate) },
  {
    key: 'status',
    label: 'Status',
    render: (invoice) => (
      <Group gap={6} justify="flex-end" wrap="wrap" style={{ display: 'inline-flex' }}>
        <InvoiceStatusBadge status={invoice.status} />
        {invoice.paidOn ? (
          <Text span size="xs" c="dimmed">
            {formatDate(invoice.paidOn)}
          </Text>
        ) : null}
      </Group>
    ),
  },
];

const sendButton = (
  <Button component={Link} to={newVendorInvoicePagePath} leftSection={<IconPlus size={16} aria-hidden />}>
    Send an invoice
  </Button>
);

/** The vendor portal's Invoices card: the latest few with their status, and the way to all of them. */
export function VendorInvoicesCard() {
  const list = useQuery(ownInvoicesQueryOptions({ status: null, page: 1, limit: 5 }));
  return (
    <PortalSectionCard
      title="Invoices"
      icon={<IconFileInvoice size={20} aria-hidden />}
      color="teal"
      action={
        <Group gap="xs">
          <Button
            component={Link}
            to={vendorInvoicesPagePath()}
            variant="subtle"
            size="compact-sm"
            rightSection={<IconArrowRight size={14} aria-hidden />}
            aria-label="View all invoices"
          >
            View All
          </Button>
          <Button
            component={Link}
            to={newVendorInvoicePagePath}
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Send an invoice
          </Button>
        </Group>
      }
    >
      {list.isPending ? (
        <LoadingLine>Loading invoices...</LoadingLine>
      ) : list.isError ? (
        <ErrorState
          headingOrder={3}
          title="Failed to load your invoices"
          description={getErrorMessage(list.error)}
          onRetry={() => void list.refetch()}
          isRetrying={list.isFetching}
        />
      ) : list.data.invoices.length === 0 ? (
        <Text c="dimmed">You have not sent an invoice yet.</Text>
      ) : (
        <ResponsiveTable
          caption="Your latest invoices"
          columns={columns}
          rows={list.data.invoices}
          rowKey={(invoice) => invoice.id}
          titleColumn="number"
        />
      )}
    </PortalSectionCard>
  );
}

/** /vendor-portal/invoices: every invoice of the vendor's company, by status. */
export function VendorInvoicesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = invoiceStatuses.find((candidate) => candidate === searchParams.get('status')) ?? null;
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const list = useQuery(ownInvoicesQueryOptions({ status, page, limit: invoicesPageSize }));
  const setFilter = (key: 'status' | 'page', value: string | null) =>
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
  return (
    <Stack gap="md" maw={1200}>
      <BackLink to="/vendor-portal">Vendor Portal</BackLink>
      <PageHeader
        title="Invoices"
        description="The invoices your company sent, and where each one is."
        actions={sendButton}
      />
      <Select
        label="Status"
        placeholder="Any status"
        clearable
        data={invoiceStatuses.map((value) => ({ value, label: invoiceStatusLabels[value] }))}
        value={status}
        onChange={(next) => setFilter('status', next)}
        maw={{ base: '100%', sm: 240 }}
      />
      <Card withBorder radius="lg" padding="md">
        {list.isPending ? (
          <LoadingLine>Loading invoices...</LoadingLine>
        ) : list.isError ? (
          <ErrorState
            title="Failed to load your invoices"
            description={getErrorMessage(list.error)}
            onRetry={() => void list.refetch()}
            isRetrying={list.isFetching}
          />
        ) : list.data.invoices.length === 0 ? (
          <Text py="md" ta="center" c="dimmed">
            {status
              ? `No ${invoiceStatusLabels[status].toLowerCase()} invoices.`
              : 'You have not sent an invoice yet.'}
          </Text>
        ) : (
          <Stack gap="md">
            <ResponsiveTable
              caption="Your invoices"
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
              onChange={(next) => setFilter('page', String(next))}
            />
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
