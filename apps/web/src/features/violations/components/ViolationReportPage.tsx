import {
  defaultReportMonths,
  formatMoney,
  maxReportMonths,
  reportMonthCount,
  shiftReportMonth,
  type ViolationReportRow,
  type ViolationReportTotals,
} from '@commonwise/contracts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Menu,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChartBar, IconChevronDown, IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import {
  downloadViolationReport,
  violationReportPagePath,
  violationReportQueryOptions,
  violationsPagePath,
} from '../api.ts';

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortMonthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const labelOf = (month: string, format = monthName) => format.format(new Date(`${month}-15T00:00:00Z`));

/** This month in the browser's calendar, YYYY-MM. */
function currentMonth(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** Three years of months up to this one, newest first: any range the report accepts starts among them. */
function monthOptions(thisMonth: string) {
  return Array.from({ length: 36 }, (_, index) => {
    const value = shiftReportMonth(thisMonth, -index);
    return { value, label: labelOf(value) };
  });
}

/** The same reasons the server gives, so a wrong range is explained before anything is asked. */
function rangeErrorOf(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  if (from > to) return { field: 'to', message: 'The last month must not come before the first month' };
  if (reportMonthCount(from, to) > maxReportMonths)
    return {
      field: 'from',
      message: `A report covers at most ${maxReportMonths} months: choose a shorter range`,
    };
  return null;
}

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);
const days = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} days`);
const fines = (row: ViolationReportTotals) =>
  row.fines === 0 ? '0' : `${row.fines} · ${formatMoney(row.fineCents)}`;
const complaints = (row: ViolationReportTotals) =>
  `${row.fromComplaints} of ${row.violationsOpened} (${percent(row.complaintShare)})`;

/**
 * The fairness report (issue 21 item 7): for each rule and month, the violations observed, how many units
 * were cited, how many cured and how fast, fines, waivers, and how many came from complaints rather than
 * inspections — with the totals of the range, and the same as a CSV file. For the board and managers.
 */
export function ViolationReportPage({ propertyId }: { propertyId: string }) {
  const thisMonth = currentMonth();
  const options = monthOptions(thisMonth);
  const [from, setFrom] = useState(shiftReportMonth(thisMonth, -(defaultReportMonths - 1)));
  const [to, setTo] = useState(thisMonth);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const rangeError = rangeErrorOf(from, to);
  const report = useQuery({
    ...violationReportQueryOptions(propertyId, { from, to }),
    enabled: rangeError === null,
  });

  const download = async () => {
    setIsDownloading(true);
    setDownloadError(null);
    try {
      await downloadViolationReport(propertyId, { from, to });
    } catch (error) {
      setDownloadError(getErrorMessage(error, 'The CSV file could not be made'));
    } finally {
      setIsDownloading(false);
    }
  };

  let content: ReactNode;
  if (rangeError) content = null;
  else if (report.isPending)
    content = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading the report...</Text>
      </Group>
    );
  else if (report.isError)
    content = (
      <ErrorState
        title="Failed to load the report"
        description={getErrorMessage(report.error)}
        onRetry={() => void report.refetch()}
        isRetrying={report.isFetching}
      />
    );
  else if (report.data.rows.length === 0)
    content = (
      <StatusMessage
        icon={<IconShieldCheck size={32} aria-hidden />}
        title="No violations in these months"
        description="Violations observed in the months you choose are counted here, by rule and month."
      />
    );
  else
    content = (
      <Stack gap="lg">
        <Totals totals={report.data.totals} />
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 0 }} style={{ overflow: 'hidden' }}>
          <ResponsiveTable
            caption="Enforcement by rule and month"
            columns={columnsFor(propertyId)}
            rows={report.data.rows}
            rowKey={(row) => `${row.month}:${row.rule.id}`}
            titleColumn="rule"
          />
        </Paper>
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed" maw={760}>
        Each line counts the violations of one rule observed in one month, and what became of them since: a
        unit is cited once a notice was sent; waived means dismissed, or a hearing decided not to fine.
      </Text>
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Group gap="sm" align="flex-start" wrap="wrap" style={{ flex: '1 1 20rem' }}>
          <Select
            label="From"
            data={options}
            value={from}
            onChange={(value) => value && setFrom(value)}
            allowDeselect={false}
            error={rangeError?.field === 'from' ? rangeError.message : undefined}
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label="To"
            data={options}
            value={to}
            onChange={(value) => value && setTo(value)}
            allowDeselect={false}
            error={rangeError?.field === 'to' ? rangeError.message : undefined}
            w={{ base: '100%', xs: 200 }}
          />
        </Group>
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          variant="light"
          onClick={() => void download()}
          loading={isDownloading}
          disabled={rangeError !== null}
        >
          Export CSV
        </Button>
      </Group>
      {downloadError ? (
        <Alert color="red" variant="light" role="alert" p="xs">
          {downloadError}
        </Alert>
      ) : null}
      {content}
    </Stack>
  );
}

function Totals({ totals }: { totals: ViolationReportTotals }) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="violation-report-totals">
      <Title order={2} size="h5" id="violation-report-totals" mb="sm">
        Totals
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
        <Figure label="Violations opened">{totals.violationsOpened}</Figure>
        <Figure label="Units cited">{totals.unitsCited}</Figure>
        <Figure label="Cure rate">{percent(totals.cureRate)}</Figure>
        <Figure label="Median days to cure">{days(totals.medianDaysToCure)}</Figure>
        <Figure label="Fines">{fines(totals)}</Figure>
        <Figure label="Waivers">{totals.waivers}</Figure>
        <Figure label="From complaints">{complaints(totals)}</Figure>
        <Figure label="From inspections">{totals.fromInspections}</Figure>
      </SimpleGrid>
    </Card>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
    </div>
  );
}

const columnsFor = (propertyId: string): Column<ViolationReportRow>[] => [
  {
    key: 'rule',
    label: 'Rule',
    render: (row) => (
      <Anchor
        component={Link}
        to={violationsPagePath({ propertyId, ruleId: row.rule.id })}
        size="sm"
        fw={600}
      >
        {row.rule.title}
      </Anchor>
    ),
  },
  { key: 'month', label: 'Month', render: (row) => labelOf(row.month, shortMonthName) },
  { key: 'opened', label: 'Opened', align: 'right', render: (row) => row.violationsOpened },
  { key: 'cited', label: 'Units cited', align: 'right', render: (row) => row.unitsCited },
  { key: 'cure', label: 'Cure rate', align: 'right', render: (row) => percent(row.cureRate) },
  { key: 'days', label: 'Median to cure', align: 'right', render: (row) => days(row.medianDaysToCure) },
  { key: 'fines', label: 'Fines', align: 'right', render: fines },
  { key: 'waivers', label: 'Waivers', align: 'right', render: (row) => row.waivers },
  { key: 'complaints', label: 'From complaints', align: 'right', render: complaints },
];

/**
 * The way to the report from a list of violations: straight to the association chosen, or a menu of
 * the person's associations.
 */
export function ViolationReportLink({
  propertyId,
  properties,
}: {
  propertyId: string | null;
  properties: { id: string; name: string }[];
}) {
  const only = propertyId ?? (properties.length === 1 ? properties[0]!.id : null);
  const icon = <IconChartBar size={16} aria-hidden />;
  if (only)
    return (
      <Button component={Link} to={violationReportPagePath(only)} variant="light" leftSection={icon}>
        Fairness report
      </Button>
    );
  if (properties.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="light" leftSection={icon} rightSection={<IconChevronDown size={14} aria-hidden />}>
          Fairness report
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {properties.map((property) => (
          <Menu.Item key={property.id} component={Link} to={violationReportPagePath(property.id)}>
            {property.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
