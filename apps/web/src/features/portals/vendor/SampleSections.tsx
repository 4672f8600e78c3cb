import { Badge, type MantineColor } from '@mantine/core';
import { IconFileInvoice, IconGavel } from '@tabler/icons-react';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { sampleBids, sampleInvoices, type SampleBid, type SampleInvoice } from './sample-data.ts';

const bidColors: Record<SampleBid['status'], MantineColor> = {
  Open: 'blue',
  Submitted: 'yellow',
  Awarded: 'green',
};
const invoiceColors: Record<SampleInvoice['status'], MantineColor> = {
  Paid: 'green',
  Pending: 'yellow',
  Overdue: 'red',
};

const bidColumns: Column<SampleBid>[] = [
  { key: 'project', label: 'Project', render: (bid) => bid.project },
  { key: 'id', label: 'Bid', render: (bid) => bid.id },
  { key: 'property', label: 'Property', render: (bid) => bid.property },
  { key: 'deadline', label: 'Deadline', render: (bid) => bid.deadline },
  { key: 'budget', label: 'Budget', render: (bid) => bid.budget, align: 'right' },
  {
    key: 'status',
    label: 'Status',
    render: (bid) => (
      <Badge variant="light" color={bidColors[bid.status]}>
        {bid.status}
      </Badge>
    ),
  },
];

const invoiceColumns: Column<SampleInvoice>[] = [
  { key: 'id', label: 'Invoice', render: (invoice) => invoice.id },
  { key: 'property', label: 'Property', render: (invoice) => invoice.property },
  { key: 'amount', label: 'Amount', render: (invoice) => invoice.amount, align: 'right' },
  { key: 'issued', label: 'Issued', render: (invoice) => invoice.issued },
  {
    key: 'status',
    label: 'Status',
    render: (invoice) => (
      <Badge variant="light" color={invoiceColors[invoice.status]}>
        {invoice.status}
      </Badge>
    ),
  },
  { key: 'paidOn', label: 'Paid On', render: (invoice) => invoice.paidOn ?? '—' },
];

/** Sample (issue 9): there are no bids behind this yet. No View All: there is nothing more to view. */
export function BidOpportunitiesCard() {
  return (
    <PortalSectionCard
      title="Bid Opportunities"
      icon={<IconGavel size={20} aria-hidden />}
      color="grape"
      isSample
    >
      <ResponsiveTable
        caption="Bid opportunities (sample data)"
        columns={bidColumns}
        rows={sampleBids}
        rowKey={(bid) => bid.id}
        titleColumn="project"
      />
    </PortalSectionCard>
  );
}

/** Sample (issue 9): there are no invoices behind this yet. */
export function InvoicesCard() {
  return (
    <PortalSectionCard
      title="Invoices"
      icon={<IconFileInvoice size={20} aria-hidden />}
      color="teal"
      isSample
    >
      <ResponsiveTable
        caption="Invoices (sample data)"
        columns={invoiceColumns}
        rows={sampleInvoices}
        rowKey={(invoice) => invoice.id}
        titleColumn="id"
      />
    </PortalSectionCard>
  );
}
