import {
  formatMoney,
  invoiceStatusLabels,
  type InvoiceLine,
  type InvoiceStatus,
} from '@commonwise/contracts';
import { Anchor, Group, Loader, Table, Text, Timeline } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { invoiceStatusColors } from '../labels.ts';

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <ToneBadge color={invoiceStatusColors[status]} miw="max-content">
      {invoiceStatusLabels[status]}
    </ToneBadge>
  );
}

export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <Group justify="center" gap="sm" p="xl" role="status">
      <Loader size="sm" aria-hidden />
      <Text c="dimmed">{children}</Text>
    </Group>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}

/** The lines of an invoice with their total. */
export function LinesTable({ lines, totalCents }: { lines: readonly InvoiceLine[]; totalCents: number }) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table aria-label="Invoice lines" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            <Table.Tr key={index}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.description}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(line.amountCents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(totalCents)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What the timeline needs of an invoice, staff's or vendor's view alike. */
export interface TimelineSource {
  status: InvoiceStatus;
  createdAt: string;
  reviewStartedAt: string | null;
  approvedAt: string | null;
  rejectedAt: string | null;
  rejectionReason: string | null;
  payment: { paidOn: string } | null;
}

/**
 * Received → in review → approved → paid, each with its day once it happened; a rejected invoice ends
 * with the rejection and its reason.
 */
export function StatusTimeline({
  invoice,
  who,
}: {
  invoice: TimelineSource;
  who?: Partial<Record<InvoiceStatus, string | null>>;
}) {
  const by = (status: InvoiceStatus) => (who?.[status] ? ` · ${who[status]}` : '');
  const steps: { status: InvoiceStatus; when: string | null }[] = [
    { status: 'received', when: formatDateTime(invoice.createdAt) },
    { status: 'in_review', when: invoice.reviewStartedAt ? formatDateTime(invoice.reviewStartedAt) : null },
  ];
  if (invoice.status === 'rejected')
    steps.push({ status: 'rejected', when: invoice.rejectedAt ? formatDateTime(invoice.rejectedAt) : '' });
  else
    steps.push(
      { status: 'approved', when: invoice.approvedAt ? formatDateTime(invoice.approvedAt) : null },
      { status: 'paid', when: invoice.payment ? formatDate(invoice.payment.paidOn) : null },
    );
  const done = steps.filter((step) => step.when !== null).length;
  return (
    <Timeline
      active={done - 1}
      bulletSize={22}
      lineWidth={2}
      color={invoice.status === 'rejected' ? 'red' : 'teal'}
    >
      {steps
        .filter((step) => step.when !== null || invoice.status !== 'rejected')
        .map((step) => (
          <Timeline.Item
            key={step.status}
            bullet={
              step.status === 'rejected' ? (
                <IconX size={12} aria-hidden />
              ) : step.when !== null ? (
                <IconCheck size={12} aria-hidden />
              ) : null
            }
            title={invoiceStatusLabels[step.status]}
          >
            <Text size="sm" c="dimmed">
              {step.when === null ? 'Not yet' : `${step.when}${by(step.status)}`}
            </Text>
            {step.status === 'rejected' && invoice.rejectionReason ? (
              <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                Reason: {invoice.rejectionReason}
              </Text>
            ) : null}
          </Timeline.Item>
        ))}
    </Timeline>
  );
}
