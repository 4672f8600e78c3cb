import {
  jobRunStatuses,
  jobRunStatusLabels,
  jobRunTriggerLabels,
  type JobRun,
  type JobRunStatus,
  type Schedule,
} from '@commonwise/contracts';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  List,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCalendarTime, IconEye, IconHistory, IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorState } from '../../components/ErrorState.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { PortalModal } from '../../components/PortalModal.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { getErrorMessage } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { propertiesQueryOptions } from '../properties/api.ts';
import {
  jobRunsPageSize,
  jobRunsQueryOptions,
  runSchedule,
  schedulePreviewQueryOptions,
  schedulesQueryOptions,
} from './api.ts';
import { jobRunStatusColors } from './status.ts';

const statusOptions = jobRunStatuses.map((status) => ({ value: status, label: jobRunStatusLabels[status] }));

/** `2026-11-01T07:00-07:00` as "2026-11-01 07:00 (UTC−07:00)": the period as the association lives it. */
export function describePeriod(period: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})([+-]\d{2}:\d{2})$/.exec(period);
  if (!match) return period;
  return `${match[1]} ${match[2]} (UTC${match[3]!.replace('-', '−')})`;
}

function StatusBadge({ status }: { status: JobRunStatus }) {
  return (
    <Badge variant="light" color={jobRunStatusColors[status]}>
      {jobRunStatusLabels[status]}
    </Badge>
  );
}

const useIsNarrow = () => useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

/** Which schedule the dialog is about, and whether it opened on "Run now". */
type Dialog = { schedule: Schedule; intent: 'preview' | 'run' } | null;

/**
 * The scheduled jobs (issue 18 item 1), for admins: each schedule with its next run in each time zone
 * and how its last run went; a preview of what a run would do; "Run now" for a period; the history of
 * runs. Its own section, so the System Settings page can include it; mounted alone at /admin-portal/jobs.
 */
export function ScheduledJobs() {
  const [dialog, setDialog] = useState<Dialog>(null);
  return (
    <Stack gap="xl">
      <SchedulesSection onOpen={setDialog} />
      <RunHistory />
      {dialog ? (
        <ScheduleDialog
          key={dialog.schedule.name}
          schedule={dialog.schedule}
          intent={dialog.intent}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Stack>
  );
}

function useRunNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSchedule,
    onSuccess: async ({ run, isNew }) => {
      notifications.show({
        color: isNew ? 'teal' : 'blue',
        title: isNew ? 'Run queued' : 'Already run for this period',
        message: isNew
          ? `${run.scheduleTitle} for ${describePeriod(run.period)}${run.property ? ` at ${run.property.name}` : ''} will run in a moment.`
          : `${run.scheduleTitle} for ${describePeriod(run.period)} is ${jobRunStatusLabels[run.status].toLowerCase()}: a period runs once.`,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['schedules'] }),
        queryClient.invalidateQueries({ queryKey: ['schedule-runs'] }),
      ]);
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Could not run it', message: getErrorMessage(error) }),
  });
}

function SchedulesSection({ onOpen }: { onOpen: (dialog: Dialog) => void }) {
  const { data, isPending, isError, isFetching, refetch } = useQuery(schedulesQueryOptions());
  const isNarrow = useIsNarrow();
  const runNow = useRunNow();

  let content: ReactNode;
  if (isPending) {
    content = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading the schedules...</Text>
      </Group>
    );
  } else if (isError) {
    content = (
      <ErrorState
        title="Failed to load the schedules"
        onRetry={() => void refetch()}
        isRetrying={isFetching}
        headingOrder={3}
      />
    );
  } else if (data.schedules.length === 0) {
    content = (
      <StatusMessage
        icon={<IconCalendarTime size={32} aria-hidden />}
        title="No scheduled jobs"
        description="Recurring work defined in the product appears here with its next run."
        headingOrder={3}
      />
    );
  } else {
    const actions = (schedule: Schedule) => (
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconEye size={14} aria-hidden />}
          onClick={() => onOpen({ schedule, intent: 'preview' })}
          aria-label={`Preview ${schedule.title}`}
        >
          Preview
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlayerPlay size={14} aria-hidden />}
          // An association's schedule needs an association: the dialog asks which.
          onClick={() =>
            schedule.perProperty
              ? onOpen({ schedule, intent: 'run' })
              : runNow.mutate({ name: schedule.name })
          }
          loading={runNow.isPending && runNow.variables?.name === schedule.name}
          aria-label={`Run now: ${schedule.title}`}
        >
          Run now
        </Button>
      </Group>
    );
    content = isNarrow ? (
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {data.schedules.map((schedule, index) => (
          <Stack
            key={schedule.name}
            component="li"
            gap="xs"
            p="md"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <ScheduleName schedule={schedule} />
            <NextRuns schedule={schedule} />
            <LastRun run={schedule.lastRun} />
            {actions(schedule)}
          </Stack>
        ))}
      </Stack>
    ) : (
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Schedule</Table.Th>
              <Table.Th>Next run</Table.Th>
              <Table.Th>Last run</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.schedules.map((schedule) => (
              <Table.Tr key={schedule.name}>
                <Table.Td maw={360}>
                  <ScheduleName schedule={schedule} />
                </Table.Td>
                <Table.Td>
                  <NextRuns schedule={schedule} />
                </Table.Td>
                <Table.Td maw={320}>
                  <LastRun run={schedule.lastRun} />
                </Table.Td>
                <Table.Td>{actions(schedule)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Schedules
      </Title>
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        {content}
      </Paper>
    </Stack>
  );
}

function ScheduleName({ schedule }: { schedule: Schedule }) {
  return (
    <Stack gap={2}>
      <Text fw={600}>{schedule.title}</Text>
      <Text size="sm" c="dimmed">
        {schedule.description}
      </Text>
      <Text size="xs" c="dimmed">
        <Code>{schedule.cron}</Code>{' '}
        {schedule.perProperty ? "in each association's time zone" : 'for the installation'}
      </Text>
    </Stack>
  );
}

function NextRuns({ schedule }: { schedule: Schedule }) {
  if (schedule.nextRuns.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No association to run for
      </Text>
    );
  return (
    <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {schedule.nextRuns.map((next) => (
        <Text key={next.timeZone} component="li" size="sm">
          <Text span fw={500}>
            {formatDateTime(next.nextRunAt)}
          </Text>{' '}
          <Text span c="dimmed" size="xs">
            {next.timeZone}
            {next.properties > 0
              ? ` · ${next.properties} ${next.properties === 1 ? 'association' : 'associations'}`
              : ''}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

function LastRun({ run }: { run: JobRun | null }) {
  if (!run)
    return (
      <Text size="sm" c="dimmed">
        Not run yet
      </Text>
    );
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <StatusBadge status={run.status} />
        <Text size="xs" c="dimmed">
          {formatDateTime(run.finishedAt ?? run.startedAt ?? run.createdAt)}
        </Text>
      </Group>
      {run.summary || run.error ? (
        <Text
          size="sm"
          c={run.error && run.status !== 'succeeded' ? 'red' : undefined}
          style={{ overflowWrap: 'anywhere' }}
        >
          {run.status === 'succeeded' || run.status === 'skipped' ? run.summary : (run.error ?? run.summary)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Preview and "Run now" of one schedule: for an association's schedule, pick the association first. */
function ScheduleDialog({
  schedule,
  intent,
  onClose,
}: {
  schedule: Schedule;
  intent: 'preview' | 'run';
  onClose: () => void;
}) {
  const isNarrow = useIsNarrow();
  const [propertyId, setPropertyId] = useState<string | null>(null);
  const [propertySearch, setPropertySearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(propertySearch, 250);
  const properties = useQuery({
    ...propertiesQueryOptions({ q: debouncedSearch || undefined, limit: 20 }),
    enabled: schedule.perProperty,
  });
  const isReady = !schedule.perProperty || propertyId !== null;
  const preview = useQuery({
    ...schedulePreviewQueryOptions(schedule.name, propertyId ? { propertyId } : {}),
    enabled: isReady,
  });
  const runNow = useRunNow();
  const run = () =>
    runNow.mutate(
      {
        name: schedule.name,
        ...(propertyId ? { propertyId } : {}),
        ...(preview.data ? { period: preview.data.period } : {}),
      },
      { onSuccess: onClose },
    );
  const existing = preview.data?.existingRun ?? null;

  let body: ReactNode;
  if (!isReady) {
    body = (
      <Text size="sm" c="dimmed">
        Choose an association to see what its run would do.
      </Text>
    );
  } else if (preview.isPending) {
    body = (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Working out what it would do...</Text>
      </Group>
    );
  } else if (preview.isError) {
    body = (
      <Alert color="red" title="Failed to preview this run">
        {getErrorMessage(preview.error)}
      </Alert>
    );
  } else {
    const counts = Object.entries(preview.data.counts);
    body = (
      <Stack gap="sm">
        <Text size="sm">
          Period{' '}
          <Text span fw={600}>
            {describePeriod(preview.data.period)}
          </Text>{' '}
          <Text span c="dimmed">
            ({preview.data.timeZone}; {formatDateTime(preview.data.scheduledFor)} your time)
          </Text>
        </Text>
        <Text>{preview.data.summary}</Text>
        {counts.length > 0 ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {counts.map(([key, value]) => (
              <Paper key={key} withBorder p="xs" radius="md">
                <Text size="xl" fw={700}>
                  {value}
                </Text>
                <Text size="xs" c="dimmed">
                  {key}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        ) : null}
        {preview.data.items.length > 0 ? (
          <List size="sm" spacing={2}>
            {preview.data.items.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        ) : null}
        {existing ? (
          <Alert color="blue" title="This period has a run already">
            <Group gap="xs">
              <StatusBadge status={existing.status} />
              <Text size="sm">{existing.summary ?? existing.error ?? 'Waiting to run.'}</Text>
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              A period runs once: running it again answers with this run.
            </Text>
          </Alert>
        ) : null}
        <Text size="xs" c="dimmed">
          A preview changes nothing.
        </Text>
      </Stack>
    );
  }

  return (
    <PortalModal
      opened
      onClose={onClose}
      title={intent === 'run' ? `Run ${schedule.title}` : `Preview ${schedule.title}`}
      size="lg"
      fullScreen={isNarrow}
    >
      <Stack gap="md">
        {schedule.perProperty ? (
          <Select
            label="Association"
            placeholder="Choose an association"
            data={(properties.data?.properties ?? []).map((property) => ({
              value: property.id,
              label: property.name,
            }))}
            value={propertyId}
            onChange={setPropertyId}
            searchable
            searchValue={propertySearch}
            onSearchChange={setPropertySearch}
            filter={({ options }) => options}
            nothingFoundMessage={properties.isFetching ? 'Searching...' : 'No association found'}
            data-autofocus
          />
        ) : null}
        {body}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            onClick={run}
            loading={runNow.isPending}
            disabled={!isReady || preview.isPending || preview.isError}
          >
            Run now
          </Button>
        </Group>
      </Stack>
    </PortalModal>
  );
}

function RunHistory() {
  const isNarrow = useIsNarrow();
  const [schedule, setSchedule] = useState<string | null>(null);
  const [propertyId, setPropertyId] = useState<string | null>(null);
  const [propertySearch, setPropertySearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(propertySearch, 250);
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const schedules = useQuery(schedulesQueryOptions());
  const properties = useQuery(propertiesQueryOptions({ q: debouncedSearch || undefined, limit: 20 }));
  const filters = {
    schedule: schedule ?? undefined,
    propertyId: propertyId ?? undefined,
    status: (status as JobRunStatus | null) ?? undefined,
  };
  const { data, isPending, isError, isFetching, refetch } = useQuery(
    jobRunsQueryOptions({ ...filters, page, limit: jobRunsPageSize }),
  );
  const filtered = Object.values(filters).some(Boolean);
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  let content: ReactNode;
  if (isPending) {
    content = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading the run history...</Text>
      </Group>
    );
  } else if (isError) {
    content = (
      <ErrorState
        title="Failed to load the run history"
        onRetry={() => void refetch()}
        isRetrying={isFetching}
        headingOrder={3}
      />
    );
  } else if (data.runs.length === 0) {
    content = (
      <StatusMessage
        icon={<IconHistory size={32} aria-hidden />}
        title={filtered ? 'No runs match these filters' : 'No runs yet'}
        description={
          filtered
            ? 'Try another schedule, association or status.'
            : 'Each run of a schedule is recorded here with what it did.'
        }
        headingOrder={3}
      />
    );
  } else {
    content = isNarrow ? <RunCards runs={data.runs} /> : <RunTable runs={data.runs} />;
  }

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Run history
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Schedule"
          placeholder="All schedules"
          data={(schedules.data?.schedules ?? []).map((entry) => ({ value: entry.name, label: entry.title }))}
          value={schedule}
          onChange={refilter(setSchedule)}
          clearable
          style={{ flex: '1 1 12rem' }}
        />
        <Select
          label="Association"
          placeholder="All associations"
          data={(properties.data?.properties ?? []).map((property) => ({
            value: property.id,
            label: property.name,
          }))}
          value={propertyId}
          onChange={refilter(setPropertyId)}
          searchable
          searchValue={propertySearch}
          onSearchChange={setPropertySearch}
          filter={({ options }) => options}
          nothingFoundMessage={properties.isFetching ? 'Searching...' : 'No association found'}
          clearable
          style={{ flex: '1 1 12rem' }}
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={statusOptions}
          value={status}
          onChange={refilter(setStatus)}
          clearable
          style={{ flex: '1 1 10rem' }}
        />
      </Group>
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        {content}
      </Paper>
      {data && !isError ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {data.total} {data.total === 1 ? 'run' : 'runs'}
          </Text>
          <ListPager
            noun="runs"
            page={page}
            pageSize={jobRunsPageSize}
            total={data.total}
            onChange={setPage}
          />
        </>
      ) : null}
    </Stack>
  );
}

function Outcome({ run }: { run: JobRun }) {
  return (
    <Stack gap={2}>
      {run.summary ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {run.summary}
        </Text>
      ) : null}
      {run.error ? (
        <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
          {run.error}
        </Text>
      ) : null}
      {run.attempts > 1 ? (
        <Text size="xs" c="dimmed">
          {run.attempts} attempts
        </Text>
      ) : null}
    </Stack>
  );
}

function Trigger({ run }: { run: JobRun }) {
  return (
    <Text size="xs" c="dimmed">
      {jobRunTriggerLabels[run.trigger]}
      {run.requestedBy ? ` by ${run.requestedBy.fullName}` : ''}
    </Text>
  );
}

function RunTable({ runs }: { runs: JobRun[] }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" horizontalSpacing="md" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Schedule</Table.Th>
            <Table.Th>Association</Table.Th>
            <Table.Th>Period</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Outcome</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => (
            <Table.Tr key={run.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {run.scheduleTitle}
                </Text>
                <Trigger run={run} />
              </Table.Td>
              <Table.Td>{run.property?.name ?? 'Installation'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{describePeriod(run.period)}</Text>
                <Text size="xs" c="dimmed">
                  {run.timeZone}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={run.status} />
                <Text size="xs" c="dimmed" mt={4} style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(run.finishedAt ?? run.startedAt ?? run.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td maw={360}>
                <Outcome run={run} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RunCards({ runs }: { runs: JobRun[] }) {
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {runs.map((run, index) => (
        <Stack
          key={run.id}
          component="li"
          gap={6}
          p="md"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm" fw={500}>
              {run.scheduleTitle}
            </Text>
            <StatusBadge status={run.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {run.property?.name ?? 'Installation'} · {describePeriod(run.period)}
          </Text>
          <Trigger run={run} />
          <Outcome run={run} />
        </Stack>
      ))}
    </Stack>
  );
}
