import {
  agingBucketLabels,
  agingBuckets,
  chargeKindLabels,
  formatMoney,
  fundLabels,
  paymentMethodLabels,
  type BoardReport,
} from '@commonwise/contracts';
import { Alert, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { formatDate } from '../../../lib/format.ts';
import { boardReportPdfPath, boardReportQueryOptions } from '../api.ts';
import { FinanceLinks } from './FinanceLinks.tsx';
import { useAssociationToday } from '../../properties/api.ts';
import { recentMonths } from './StatementDownload.tsx';

const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

type AmountRow = { code: string; name: string; cents: number };
const amountColumns = (label: string): Column<AmountRow>[] => [
  { key: 'account', label, render: (row) => `${row.code} ${row.name}` },
  { key: 'amount', label: 'Amount', align: 'right', render: (row) => formatMoney(row.cents) },
];

/**
 * The monthly financial report (issue 20, item 7): the same figures as the PDF the board files —
 * balance sheet and income by fund, the operating budget against actual, the reserve, what owners owe, and
 * the month's charges and payments — for any of the last twelve months, last month first.
 */
export function BoardReportPage({ propertyId }: { propertyId: string }) {
  // The association's months: "last month" is its last month, whatever the browser's clock says.
  const association = useAssociationToday(propertyId);
  const months = recentMonths(association.today);
  const [chosen, setMonth] = useState<string | null>(null);
  const month = chosen ?? months[1]!.value;
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const { data, isPending, isError, refetch, isRefetching, isFetching } = useQuery({
    ...boardReportQueryOptions(propertyId, month),
    enabled: association.isKnown,
  });

  const download = async () => {
    setIsDownloading(true);
    setDownloadError(null);
    try {
      await downloadFile(boardReportPdfPath(propertyId, month), `commonwise-board-report-${month}.pdf`);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : 'The PDF could not be made');
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Stack gap="lg">
      <FinanceLinks propertyId={propertyId} current="report" />
      <Group justify="space-between" align="end" gap="sm" wrap="wrap">
        <Select
          label="Month"
          data={months}
          value={month}
          onChange={(value) => value && setMonth(value)}
          allowDeselect={false}
          w={{ base: '100%', xs: 240 }}
        />
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void download()}
          loading={isDownloading}
        >
          Download PDF
        </Button>
      </Group>
      {downloadError ? (
        <Alert color="red" title="The PDF could not be downloaded" role="alert">
          {downloadError}
        </Alert>
      ) : null}
      {isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading the report...</Text>
        </Group>
      ) : isError ? (
        <ErrorState
          title="Failed to load the report"
          onRetry={() => void refetch()}
          isRetrying={isRefetching}
        />
      ) : (
        <Report report={data} isUpdating={isFetching} />
      )}
    </Stack>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Report({ report, isUpdating }: { report: BoardReport; isUpdating: boolean }) {
  const month = monthLabel.format(new Date(`${report.from}T12:00:00Z`));
  const reserveShare =
    report.reserve.targetCents === null
      ? null
      : Math.round((report.reserve.balanceCents / report.reserve.targetCents) * 100);
  return (
    <Stack gap="lg" aria-busy={isUpdating}>
      <Text c="dimmed" role="status">
        {report.isPartial
          ? `${month} so far, through ${formatDate(report.through)}.`
          : report.isClosed
            ? `${month}, through ${formatDate(report.through)}. The books are closed for this month.`
            : `${month}, through ${formatDate(report.through)}. The books are still open for this month: entries may still be posted to it.`}
        {isUpdating ? ' Updating…' : ''}
      </Text>

      <Section id="report-balance-sheet" title="Balance sheet">
        <Stack gap="lg">
          {report.balanceSheet.map((fund) => (
            <Stack key={fund.fund} gap="xs">
              <Text fw={600}>{fundLabels[fund.fund]} fund</Text>
              <ResponsiveTable
                caption={`${fundLabels[fund.fund]} fund: balance sheet`}
                columns={amountColumns('Account')}
                rows={[
                  ...fund.assets,
                  { code: '', name: 'Total assets', cents: fund.totalAssetsCents },
                  ...fund.liabilities,
                  ...fund.equity,
                  { code: '', name: 'Income less expenses, all years', cents: fund.surplusCents },
                  {
                    code: '',
                    name: 'Total liabilities and equity',
                    cents: fund.totalLiabilitiesAndEquityCents,
                  },
                ]}
                rowKey={(row) => `${row.code}:${row.name}`}
                titleColumn="account"
              />
            </Stack>
          ))}
        </Stack>
      </Section>

      <Section id="report-income" title="Income and expenses">
        <Stack gap="lg">
          {report.incomeStatement.map((fund) => {
            const rows = [
              ...fund.income.map((row) => ({ ...row, kind: 'Income' })),
              ...fund.expenses.map((row) => ({ ...row, kind: 'Expense' })),
            ];
            return (
              <Stack key={fund.fund} gap="xs">
                <Text fw={600}>{fundLabels[fund.fund]} fund</Text>
                <ResponsiveTable
                  caption={`${fundLabels[fund.fund]} fund: income and expenses`}
                  columns={[
                    { key: 'account', label: 'Account', render: (row) => `${row.code} ${row.name}` },
                    { key: 'kind', label: 'Kind', render: (row) => row.kind },
                    {
                      key: 'month',
                      label: month,
                      align: 'right',
                      render: (row) => formatMoney(row.monthCents),
                    },
                    {
                      key: 'year',
                      label: `Fiscal ${report.fiscalYear.label} to date`,
                      align: 'right',
                      render: (row) => formatMoney(row.yearCents),
                    },
                  ]}
                  rows={rows}
                  rowKey={(row) => row.code}
                  titleColumn="account"
                />
                <Text size="sm" fw={600}>
                  Net: {formatMoney(fund.netMonthCents)} this month, {formatMoney(fund.netYearCents)} this
                  fiscal year.
                </Text>
              </Stack>
            );
          })}
        </Stack>
      </Section>

      <Section
        id="report-budget"
        title={`Operating budget and actual, fiscal ${report.fiscalYear.label} to date`}
      >
        {report.budget.status !== 'adopted' ? (
          <Text size="sm" c="dimmed">
            {report.budget.status === 'draft'
              ? `The ${report.fiscalYear.label} budget is a draft, not yet adopted by the board: nothing to compare with.`
              : `No budget has been made for ${report.fiscalYear.label}: nothing to compare with.`}
          </Text>
        ) : (
          <Stack gap="xs">
            <ResponsiveTable
              caption="Operating budget and actual"
              columns={[
                { key: 'account', label: 'Account', render: (row) => `${row.code} ${row.name}` },
                {
                  key: 'budget',
                  label: 'Budget',
                  align: 'right',
                  render: (row) => formatMoney(row.budgetCents),
                },
                {
                  key: 'actual',
                  label: 'Actual',
                  align: 'right',
                  render: (row) => formatMoney(row.actualCents),
                },
                {
                  key: 'variance',
                  label: 'Variance',
                  align: 'right',
                  render: (row) => formatMoney(row.varianceCents),
                },
              ]}
              rows={report.budget.rows}
              rowKey={(row) => row.code}
              titleColumn="account"
            />
            <Text size="sm" c="dimmed">
              Variance is favourable when positive: income above budget, or expenses below it.
            </Text>
          </Stack>
        )}
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section id="report-reserve" title="Reserve fund">
          <Text size="xl" fw={700}>
            {formatMoney(report.reserve.balanceCents)}
          </Text>
          <Text size="sm" c="dimmed">
            {reserveShare === null
              ? 'No target has been recorded.'
              : `${reserveShare}% of its ${formatMoney(report.reserve.targetCents!)} target, from ${report.reserve.targetSource}.`}
          </Text>
        </Section>
        <Section id="report-aging" title="What owners owe">
          <Text size="xl" fw={700}>
            {formatMoney(report.aging.balanceCents)}
          </Text>
          <Text size="sm" c="dimmed" mb="xs">
            {agingBuckets
              .filter((bucket) => report.aging.buckets[bucket] !== 0)
              .map((bucket) => `${agingBucketLabels[bucket]}: ${formatMoney(report.aging.buckets[bucket])}`)
              .join(' · ') || 'Nothing open.'}
            {report.aging.creditCents ? ` · credit ${formatMoney(report.aging.creditCents)}` : ''}
          </Text>
          {report.aging.largest.length > 0 ? (
            <Text size="sm">
              Past due:{' '}
              {report.aging.largest.map((row) => `${row.label} ${formatMoney(row.pastDueCents)}`).join(', ')}
            </Text>
          ) : (
            <Text size="sm">No unit is past due.</Text>
          )}
        </Section>
      </SimpleGrid>

      <Section id="report-activity" title="Charges and payments of the month">
        <Stack gap="lg">
          <Activity
            caption="Charges posted"
            rows={[
              ...report.activity.charges.map((row) => ({ ...row, label: chargeKindLabels[row.kind] })),
              ...(report.activity.waived.count
                ? [
                    {
                      label: 'Waived',
                      count: report.activity.waived.count,
                      cents: -report.activity.waived.cents,
                    },
                  ]
                : []),
            ]}
          />
          <Activity
            caption="Payments received"
            rows={[
              ...report.activity.payments.map((row) => ({ ...row, label: paymentMethodLabels[row.method] })),
              ...(report.activity.returned.count
                ? [
                    {
                      label: 'Returned',
                      count: report.activity.returned.count,
                      cents: -report.activity.returned.cents,
                    },
                  ]
                : []),
            ]}
          />
        </Stack>
      </Section>
    </Stack>
  );
}

function Activity({
  caption,
  rows,
}: {
  caption: string;
  rows: { label: string; count: number; cents: number }[];
}) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {caption}: none this month.
      </Text>
    );
  return (
    <ResponsiveTable
      caption={caption}
      columns={[
        { key: 'what', label: caption, render: (row) => row.label },
        { key: 'count', label: 'Count', align: 'right', render: (row) => row.count },
        { key: 'amount', label: 'Amount', align: 'right', render: (row) => formatMoney(row.cents) },
      ]}
      rows={rows}
      rowKey={(row) => row.label}
      titleColumn="what"
    />
  );
}
