import {
  jobRunStatusLabels,
  jurisdictionIds,
  jurisdictionLabels,
  type AssistantCheck,
  type PropertyDefaults,
  type SystemSettings,
} from '@commonwise/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconClockPlay,
  IconMail,
  IconRobot,
  IconServer,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { jobRunStatusColors, schedulesQueryOptions } from '../../jobs/index.ts';
import { SecurityPolicyCard } from '../components/SecurityPolicyCard.tsx';
import {
  systemSettingsQueryOptions,
  useCheckAssistant,
  useSendTestMail,
  useUpdatePropertyDefaults,
} from './api.ts';

export const systemSettingsPath = '/admin-portal/system-settings';
export const jobsPath = '/admin-portal/jobs';

/** /admin-portal/system-settings (issue 18 item 6): how this installation runs; secrets are never shown. */
export function SystemSettingsPage() {
  const settings = useQuery(systemSettingsQueryOptions);
  return (
    <>
      <PageHeader
        title="System Settings"
        description="How this installation sends mail, answers residents and keeps files. Passwords and keys are never shown here."
      />
      <Stack gap="lg" maw={1100}>
        {settings.isPending ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy="true">
            <Skeleton height={180} radius="lg" aria-label="Loading the system settings" />
            <Skeleton height={180} radius="lg" />
          </SimpleGrid>
        ) : settings.isError ? (
          <ErrorState
            title="Cannot load the system settings"
            description={getErrorMessage(settings.error)}
            onRetry={() => void settings.refetch()}
            isRetrying={settings.isFetching}
            headingOrder={2}
          />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <MailSection mail={settings.data.mail} />
              <AssistantSection assistant={settings.data.assistant} />
              <StorageSection storage={settings.data.storage} />
              <DefaultsSection defaults={settings.data.defaults} />
            </SimpleGrid>
          </>
        )}
        <JobsSection />
        <SecurityPolicyCard />
      </Stack>
    </>
  );
}

function SettingsCard({
  id,
  title,
  icon,
  description,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="sm">
        <div>
          <Group gap="xs" wrap="nowrap">
            {icon}
            <Title order={2} size="h4" id={`${id}-title`}>
              {title}
            </Title>
          </Group>
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}

/** Label and value pairs, as a description list; long values (folders) wrap rather than overflow. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Stack component="dl" gap={6} m={0}>
      {rows.map(([label, value]) => (
        <Group key={label} component="div" gap="xs" wrap="nowrap" align="flex-start">
          <Text component="dt" size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function MailSection({ mail }: { mail: SystemSettings['mail'] }) {
  const send = useSendTestMail();
  return (
    <SettingsCard
      id="mail"
      title="Mail"
      icon={<IconMail size={20} aria-hidden />}
      description="Invitations, sign-in codes and notifications go out this way."
    >
      <Facts
        rows={[
          [
            'Transport',
            <Badge key="t" variant="light" color={mail.transport === 'smtp' ? 'teal' : 'gray'}>
              {mail.transport === 'smtp' ? 'SMTP server' : 'Outbox folder'}
            </Badge>,
          ],
          ['From', mail.from],
          mail.transport === 'smtp'
            ? ['SMTP host', mail.host ?? 'Not known']
            : ['Outbox folder', mail.outboxDir ?? 'Not known'],
        ]}
      />
      {mail.transport === 'outbox' ? (
        <Text size="xs" c="dimmed">
          No SMTP server is configured (SMTP_URL): messages are written to the outbox folder, not sent.
        </Text>
      ) : null}
      <Group>
        <Button variant="light" onClick={() => send.mutate()} loading={send.isPending}>
          Send test message
        </Button>
      </Group>
      <div aria-live="polite">
        {send.isSuccess ? (
          <Alert color="teal" icon={<IconCircleCheck size={20} aria-hidden />} title="Test message queued">
            {send.data.message}
          </Alert>
        ) : send.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} title="Not sent">
            {getErrorMessage(send.error)}
          </Alert>
        ) : null}
      </div>
    </SettingsCard>
  );
}

function AssistantSection({ assistant }: { assistant: SystemSettings['assistant'] }) {
  const check = useCheckAssistant();
  const isBuiltIn = assistant.provider === 'built-in';
  return (
    <SettingsCard
      id="assistant"
      title="Assistant"
      icon={<IconRobot size={20} aria-hidden />}
      description="What answers residents in the AI Assistant."
    >
      <Facts
        rows={[
          ['Provider', isBuiltIn ? 'Built-in assistant (offline)' : 'OpenAI-compatible model'],
          ...(isBuiltIn
            ? []
            : ([
                ['Model', assistant.model ?? 'Not set'],
                ['API host', assistant.baseUrlHost ?? 'Not set'],
              ] as [string, ReactNode][])),
          ['Time limit', `${assistant.timeoutSeconds} seconds per answer`],
        ]}
      />
      <Group>
        <Button variant="light" onClick={() => check.mutate()} loading={check.isPending}>
          Check now
        </Button>
      </Group>
      <div aria-live="polite">
        {check.isSuccess ? (
          <CheckResult result={check.data} />
        ) : check.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} title="Could not check">
            {getErrorMessage(check.error)}
          </Alert>
        ) : null}
      </div>
    </SettingsCard>
  );
}

function CheckResult({ result }: { result: AssistantCheck }) {
  return (
    <Alert
      color={result.isOk ? 'teal' : 'red'}
      icon={result.isOk ? <IconCircleCheck size={20} aria-hidden /> : <IconCircleX size={20} aria-hidden />}
      title={
        result.isOk ? `Working — answered in ${result.latencyMs} ms` : `Failed after ${result.latencyMs} ms`
      }
    >
      {result.message}
    </Alert>
  );
}

function StorageSection({ storage }: { storage: SystemSettings['storage'] }) {
  return (
    <SettingsCard
      id="storage"
      title="Storage"
      icon={<IconServer size={20} aria-hidden />}
      description="Where uploaded documents and files are kept."
    >
      <Facts
        rows={
          storage.driver === 's3'
            ? [
                ['Driver', 'S3-compatible object storage'],
                ['Bucket', storage.bucket ?? 'Not set'],
                ['Region', storage.region ?? 'Not set'],
                ['Endpoint', storage.endpointHost ?? 'Amazon S3'],
              ]
            : [
                ['Driver', 'Local disk'],
                ['Folder', storage.folder ?? 'Not known'],
              ]
        }
      />
    </SettingsCard>
  );
}

const jurisdictionOptions = jurisdictionIds.map((value) => ({ value, label: jurisdictionLabels[value] }));

/** Every IANA zone this browser knows, plus UTC and the current choice. */
function timeZoneOptions(current: string): string[] {
  const zones = new Set(
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [],
  );
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort();
}

function DefaultsSection({ defaults }: { defaults: PropertyDefaults }) {
  const update = useUpdatePropertyDefaults();
  const [savedAt, setSavedAt] = useState<PropertyDefaults | null>(null);
  const form = useForm<PropertyDefaults>({ mode: 'controlled', initialValues: defaults });
  const zones = useMemo(() => timeZoneOptions(defaults.timeZone), [defaults.timeZone]);

  const save = form.onSubmit((values) => {
    setSavedAt(null);
    update.mutate(values, {
      onSuccess: (saved) => {
        form.resetDirty(saved);
        setSavedAt(saved);
      },
      onError: (error) => {
        if (isApiRequestError(error) && error.fields) form.setErrors(error.fields);
      },
    });
  });
  const otherError =
    update.isError && !(isApiRequestError(update.error) && update.error.fields)
      ? getErrorMessage(update.error)
      : null;

  return (
    <SettingsCard
      id="defaults"
      title="Defaults for new associations"
      icon={<IconClockPlay size={20} aria-hidden />}
      description="What the new-property form starts with. Existing associations keep theirs."
    >
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <Select
            label="State law"
            data={jurisdictionOptions}
            allowDeselect={false}
            key={form.key('jurisdiction')}
            {...form.getInputProps('jurisdiction')}
          />
          <Select
            label="Time zone"
            data={zones}
            searchable
            nothingFoundMessage="No time zone matches"
            allowDeselect={false}
            limit={100}
            key={form.key('timeZone')}
            {...form.getInputProps('timeZone')}
          />
          {otherError ? (
            <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
              {otherError}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={update.isPending}>
              Save defaults
            </Button>
            <Text size="sm" c="teal" aria-live="polite">
              {savedAt && !form.isDirty() ? 'Saved' : ''}
            </Text>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

/** Each schedule with how its last run went and when it runs next; the details are on the jobs page. */
function JobsSection() {
  const schedules = useQuery(schedulesQueryOptions());
  return (
    <SettingsCard
      id="jobs"
      title="Background jobs"
      icon={<IconClockPlay size={20} aria-hidden />}
      description="Recurring work by the clock, in each association's time zone."
    >
      {schedules.isPending ? (
        <Skeleton height={80} aria-label="Loading the schedules" />
      ) : schedules.isError ? (
        <ErrorState
          title="Cannot load the schedules"
          description={getErrorMessage(schedules.error)}
          onRetry={() => void schedules.refetch()}
          isRetrying={schedules.isFetching}
          headingOrder={3}
        />
      ) : schedules.data.schedules.length === 0 ? (
        <Text size="sm" c="dimmed">
          No scheduled jobs are defined.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {schedules.data.schedules.map((schedule) => {
            const next = schedule.nextRuns[0];
            return (
              <Group
                component="li"
                key={schedule.name}
                justify="space-between"
                align="flex-start"
                gap="xs"
                wrap="wrap"
              >
                <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
                  <Text size="sm" fw={600}>
                    {schedule.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {next ? `Next: ${formatDateTime(next.nextRunAt)}` : 'Not due in the coming year'}
                  </Text>
                </div>
                {schedule.lastRun ? (
                  <Badge variant="light" color={jobRunStatusColors[schedule.lastRun.status]}>
                    {`Last run ${formatDateTime(schedule.lastRun.finishedAt ?? schedule.lastRun.createdAt)}: ${jobRunStatusLabels[schedule.lastRun.status].toLowerCase()}`}
                  </Badge>
                ) : (
                  <Badge variant="light" color="gray">
                    Not run yet
                  </Badge>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
      <Text size="sm">
        Previews, Run now and the history of runs are on the{' '}
        <Anchor component={Link} to={jobsPath} inherit fw={600}>
          Scheduled jobs page
        </Anchor>
        .
      </Text>
    </SettingsCard>
  );
}
