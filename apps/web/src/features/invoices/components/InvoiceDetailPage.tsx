import {
  formatMoney,
  fundLabels,
  invoiceFilesMax,
  invoicePaymentMethodLabels,
  type AttachmentList,
  type Invoice,
} from '@commonwise/contracts';
import { Alert, Anchor, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DetailLoadState } from '../../../components/DetailLoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { FilesPanel } from '../../attachments/index.ts';
import { managerWorkOrderPath } from '../../vendors/api.ts';
import { booksPagePath, invoiceQueryOptions, invoicesPagePath, useRefreshInvoice } from '../api.ts';
import { InvoiceActions } from './InvoiceActions.tsx';
import { BackLink, InvoiceStatusBadge, LinesTable, StatusTimeline } from './InvoiceBits.tsx';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Stack gap={6} component="dl" m={0}>
      {rows.map(([label, value]) => (
        <Group key={label} justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
          <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {label}
          </Text>
          <Text component="dd" m={0} size="sm" ta="right" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** /invoices/:propertyId/:id: one invoice for the association's staff and board. */
export function InvoiceDetailPage({ propertyId, invoiceId }: { propertyId: string; invoiceId: string }) {
  const invoice = useQuery(invoiceQueryOptions(propertyId, invoiceId));
  const back = <BackLink to={invoicesPagePath({ propertyId })}>Invoices</BackLink>;
  if (!invoice.data)
    return (
      <DetailLoadState
        query={invoice}
        what="invoice"
        back={back}
        notFoundDescription="It may have been removed, or it belongs to an association you do not see."
      />
    );
  return <InvoiceView invoice={invoice.data} back={back} />;
}

function InvoiceView({ invoice, back }: { invoice: Invoice; back: ReactNode }) {
  const { role } = useSignedInUser();
  const keepsBooks = role === 'manager' || role === 'admin';
  const files = useQuery({
    ...invoiceQueryOptions(invoice.propertyId, invoice.id),
    select: (detail): AttachmentList => ({ attachments: detail.files }),
  });
  const refresh = useRefreshInvoice(invoice.propertyId, invoice.id);
  const nte = invoice.notToExceed;
  return (
    <Stack gap="lg" maw={1200}>
      {back}
      <PageHeader
        title={`Invoice ${invoice.number}`}
        documentTitle={`Invoice ${invoice.number} · ${invoice.company.name}`}
        description={`${invoice.company.name} · ${invoice.propertyName}`}
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                Amount
              </Text>
              <Text fz={28} fw={700} lh={1.1}>
                {formatMoney(invoice.amountCents)}
              </Text>
              <Group gap="xs">
                <InvoiceStatusBadge status={invoice.status} />
                {invoice.stillNeeded ? <Text size="sm">{invoice.stillNeeded}</Text> : null}
              </Group>
            </Stack>
            <InvoiceActions invoice={invoice} />
          </Group>
          {invoice.status === 'rejected' && invoice.rejectionReason ? (
            <Alert color="red" variant="light" title="Rejected">
              {invoice.rejectionReason}
              {invoice.rejectedBy ? ` — ${invoice.rejectedBy.fullName}` : ''}
            </Alert>
          ) : null}
          {invoice.status === 'approved' && invoice.paymentVoid ? (
            <Alert color="orange" variant="light" title="A payment was voided" role="status">
              “{invoice.paymentVoid.reason}” — {invoice.paymentVoid.by?.fullName ?? 'someone no longer here'},{' '}
              {formatDateTime(invoice.paymentVoid.at)}. Its entry is reversed in the books; record the payment
              again when it is made.
            </Alert>
          ) : null}
        </Stack>
      </Card>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Section title="Lines">
              <LinesTable lines={invoice.lines} totalCents={invoice.amountCents} />
            </Section>
            <Section title="What it is for">
              <Stack gap="sm">
                {invoice.workOrder ? (
                  <Text size="sm">
                    Work order:{' '}
                    {keepsBooks ? (
                      <Anchor component={Link} to={managerWorkOrderPath(invoice.workOrder.id)}>
                        {invoice.workOrder.summary}
                      </Anchor>
                    ) : (
                      invoice.workOrder.summary
                    )}
                  </Text>
                ) : invoice.bidRequest ? (
                  <Text size="sm">Contract awarded: {invoice.bidRequest.title}</Text>
                ) : (
                  <Text size="sm">A standing contract: no work order or request for bids is named.</Text>
                )}
                {nte ? (
                  <Facts
                    rows={[
                      ['Not to exceed', formatMoney(nte.limitCents)],
                      ['Invoiced before this one', formatMoney(nte.invoicedBeforeCents)],
                      ['With this invoice', formatMoney(nte.invoicedBeforeCents + invoice.amountCents)],
                    ]}
                  />
                ) : null}
                {nte?.isAbove ? (
                  <Alert color="orange" variant="light" title="Above the not-to-exceed">
                    {invoice.exceedsReason
                      ? `The vendor’s explanation: ${invoice.exceedsReason}`
                      : 'The vendor gave no explanation.'}
                  </Alert>
                ) : invoice.exceedsReason ? (
                  <Text size="sm">The vendor’s note: {invoice.exceedsReason}</Text>
                ) : null}
              </Stack>
            </Section>
            <Section title="Files">
              <FilesPanel
                files={files}
                target={{ vendorInvoiceId: invoice.id }}
                canChange={invoice.can.addFiles}
                canRemove={false}
                max={invoiceFilesMax}
                hint="The invoice itself, receipts, photos of the work, a copy of the check."
                emptyText="No file attached."
                onChanged={refresh}
              />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Section title="Status">
              <StatusTimeline
                invoice={invoice}
                who={{
                  received: invoice.submittedBy?.fullName ?? null,
                  in_review: invoice.reviewStartedBy?.fullName ?? null,
                  rejected: invoice.rejectedBy?.fullName ?? null,
                  paid: invoice.payment?.paidBy?.fullName ?? null,
                }}
              />
            </Section>
            <Section title="Approvals">
              <Stack gap="sm">
                <Text size="sm">Needs: {invoice.approvalRule.summary}.</Text>
                {invoice.approvals.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No approval yet.
                  </Text>
                ) : (
                  <Stack
                    component="ul"
                    gap={6}
                    m={0}
                    p={0}
                    style={{ listStyle: 'none' }}
                    aria-label="Approvals given"
                  >
                    {invoice.approvals.map((approval) => (
                      <Text component="li" size="sm" key={approval.id}>
                        <strong>{approval.approvedBy?.fullName ?? 'Someone no longer here'}</strong>
                        {approval.asBoardMember ? ' (board member)' : ''} ·{' '}
                        {formatDateTime(approval.createdAt)}
                      </Text>
                    ))}
                  </Stack>
                )}
                {invoice.stillNeeded ? (
                  <Text size="sm" fw={600}>
                    {invoice.stillNeeded}.
                  </Text>
                ) : null}
              </Stack>
            </Section>
            <Section title="Details">
              <Facts
                rows={[
                  ['Invoice date', formatDate(invoice.invoiceDate)],
                  ['Due', invoice.dueDate ? formatDate(invoice.dueDate) : 'Not given'],
                  ['Sent by', invoice.submittedBy?.fullName ?? '—'],
                  ['Received', formatDateTime(invoice.createdAt)],
                ]}
              />
            </Section>
            {invoice.payment ? (
              <Section title="Payment">
                <Facts
                  rows={[
                    ['Paid on', formatDate(invoice.payment.paidOn)],
                    ['Method', invoicePaymentMethodLabels[invoice.payment.method]],
                    [
                      invoice.payment.method === 'check' ? 'Check number' : 'Reference',
                      invoice.payment.reference ?? '—',
                    ],
                    [
                      'Expense account',
                      `${invoice.payment.expenseAccount.code} · ${invoice.payment.expenseAccount.name} (${fundLabels[invoice.payment.expenseAccount.fund]})`,
                    ],
                    [
                      'Journal entry',
                      keepsBooks ? (
                        <Anchor component={Link} to={booksPagePath(invoice.propertyId)}>
                          #{invoice.payment.journalEntryNumber} in the books
                        </Anchor>
                      ) : (
                        `#${invoice.payment.journalEntryNumber}`
                      ),
                    ],
                    ['Recorded by', invoice.payment.paidBy?.fullName ?? '—'],
                  ]}
                />
              </Section>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
