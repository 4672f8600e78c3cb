import {
  formatMoney,
  invoiceFilesMax,
  invoicePaymentMethodLabels,
  type AttachmentList,
  type VendorInvoice,
} from '@commonwise/contracts';
import { Alert, Card, Grid, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { DetailLoadState } from '../../../components/DetailLoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { FilesPanel } from '../../attachments/index.ts';
import { ownInvoiceQueryOptions, useRefreshOwnInvoice, vendorInvoicesPagePath } from '../api.ts';
import { BackLink, InvoiceStatusBadge, LinesTable, StatusTimeline } from './InvoiceBits.tsx';
import { Facts, Section } from './InvoiceDetailPage.tsx';

/** /vendor-portal/invoices/:id: one of the company's invoices, with each change of its status. */
export function VendorInvoicePage({ invoiceId }: { invoiceId: string }) {
  const invoice = useQuery(ownInvoiceQueryOptions(invoiceId));
  const back = <BackLink to={vendorInvoicesPagePath()}>Invoices</BackLink>;
  if (!invoice.data)
    return (
      <DetailLoadState
        query={invoice}
        what="invoice"
        back={back}
        notFoundDescription="It may be another company’s, or the link is wrong."
      />
    );
  return <View invoice={invoice.data} back={back} />;
}

function View({ invoice, back }: { invoice: VendorInvoice; back: ReactNode }) {
  const location = useLocation();
  const justSent = (location.state as { justSent?: boolean } | null)?.justSent === true;
  const files = useQuery({
    ...ownInvoiceQueryOptions(invoice.id),
    select: (detail): AttachmentList => ({ attachments: detail.files }),
  });
  const refresh = useRefreshOwnInvoice(invoice.id);
  return (
    <Stack gap="lg" maw={1100}>
      {back}
      <PageHeader title={`Invoice ${invoice.number}`} description={`To ${invoice.property.name}`} />
      {justSent && invoice.canAddFiles ? (
        <Alert color="teal" variant="light" title="Invoice sent">
          The association’s manager is told. Attach the invoice itself and any receipts or photos below.
        </Alert>
      ) : null}
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              Amount
            </Text>
            <Text fz={28} fw={700} lh={1.1}>
              {formatMoney(invoice.amountCents)}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end">
            <InvoiceStatusBadge status={invoice.status} />
            {invoice.payment ? <Text size="sm">Paid on {formatDate(invoice.payment.paidOn)}</Text> : null}
          </Stack>
        </Group>
        {invoice.status === 'rejected' ? (
          <Alert color="red" variant="light" title="Rejected" mt="md">
            {invoice.rejectionReason ?? 'No reason was given.'} You may correct it and send it again under the
            same number.
          </Alert>
        ) : null}
        {invoice.status === 'approved' && invoice.paymentVoid ? (
          <Alert color="orange" variant="light" title="A payment was voided" mt="md" role="status">
            The association voided the payment it had recorded ({formatDateTime(invoice.paymentVoid.at)}); the
            invoice is still approved and waits to be paid again. The reason: “{invoice.paymentVoid.reason}”
          </Alert>
        ) : null}
      </Card>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Section title="Lines">
              <LinesTable lines={invoice.lines} totalCents={invoice.amountCents} />
            </Section>
            <Section title="Files">
              <FilesPanel
                files={files}
                target={{ vendorInvoiceId: invoice.id }}
                canChange={invoice.canAddFiles}
                canRemove={false}
                max={invoiceFilesMax}
                hint="The invoice itself, receipts and photos of the work. The association’s managers and board see them."
                emptyText="No file attached."
                addLabel="Attach a file"
                onChanged={refresh}
              />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Section title="Status">
              <StatusTimeline invoice={invoice} />
            </Section>
            <Section title="Details">
              <Facts
                rows={[
                  [
                    'For',
                    invoice.workOrder
                      ? `Work order: ${invoice.workOrder.summary}`
                      : invoice.bidRequest
                        ? `Contract: ${invoice.bidRequest.title}`
                        : 'Standing agreement',
                  ],
                  ['Invoice date', formatDate(invoice.invoiceDate)],
                  ['Due', invoice.dueDate ? formatDate(invoice.dueDate) : 'Not given'],
                  ['Sent by', invoice.submittedBy?.fullName ?? '—'],
                  ['Sent', formatDateTime(invoice.createdAt)],
                  ...(invoice.exceedsReason
                    ? ([['Why above the not-to-exceed', invoice.exceedsReason]] as [string, string][])
                    : []),
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
