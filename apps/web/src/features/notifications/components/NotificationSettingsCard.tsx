import {
  type NotificationCategory,
  readingLanguageEnglishNames,
  readingLanguageNames,
  readingLanguages,
  type NotificationChannel,
  type NotificationSettings,
  type ReadingLanguage,
  type UpdateNotificationSettings,
} from '@commonwise/contracts';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconLock, IconMailExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showFailureToast } from '../../../lib/toasts.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { notificationSettingsQueryOptions, useUpdateNotificationSettings } from '../api.ts';
import { notificationSettingsSectionId } from '../paths.ts';
import classes from './Notifications.module.css';

const channels: { channel: NotificationChannel; label: string }[] = [
  { channel: 'inApp', label: 'In app' },
  { channel: 'email', label: 'E-mail' },
];

/** Why a kind cannot be turned off, by what it is (contracts' notificationCategories). */
const alwaysOnReasons: Record<NotificationCategory, string> = {
  security: 'Always on: they keep your account safe.',
  legal: 'Always on: letters and notices must reach you.',
  emergency: 'Always on: emergencies reach you at once, even in quiet hours.',
  operations: 'Always on.',
  community: 'Always on.',
};

const clockTime = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockTimeMessage = 'Use a time like 22:00 (24-hour clock).';

type Values = {
  /** One switch per kind and channel the person may turn off, keyed `kind:channel`. */
  choices: Record<string, boolean>;
  isQuiet: boolean;
  quietStart: string;
  quietEnd: string;
  timeZone: string;
  isDigest: boolean;
  language: ReadingLanguage;
};

/** Each language named in itself, then in English for whoever helps a neighbour choose. */
const languageOptions = readingLanguages.map((language) => ({
  value: language,
  label:
    language === 'en'
      ? readingLanguageNames.en
      : `${readingLanguageNames[language]} (${readingLanguageEnglishNames[language]})`,
}));

const choiceKey = (kind: string, channel: NotificationChannel) => `${kind}:${channel}`;

function valuesOf(settings: NotificationSettings): Values {
  const choices: Record<string, boolean> = {};
  for (const kind of settings.kinds) {
    if (!kind.userCanDisable) continue;
    for (const { channel } of channels) {
      const enabled = kind.channels[channel];
      if (enabled !== undefined) choices[choiceKey(kind.kind, channel)] = enabled;
    }
  }
  return {
    choices,
    isQuiet: settings.quietHours !== null,
    quietStart: settings.quietHours?.start ?? '22:00',
    quietEnd: settings.quietHours?.end ?? '07:00',
    timeZone: settings.timeZone,
    isDigest: settings.digest === 'daily',
    language: settings.language,
  };
}

/** The PUT body: every choice the person may make, so what is saved is what the form shows. */
export function updateOf(values: Values, settings: NotificationSettings): UpdateNotificationSettings {
  return {
    kinds: settings.kinds
      .filter((kind) => kind.userCanDisable)
      .flatMap((kind) =>
        channels
          .filter(({ channel }) => kind.channels[channel] !== undefined)
          .map(({ channel }) => ({
            kind: kind.kind,
            channel,
            enabled: values.choices[choiceKey(kind.kind, channel)] ?? true,
          })),
      ),
    quietHours: values.isQuiet ? { start: values.quietStart, end: values.quietEnd } : null,
    timeZone: values.timeZone,
    digest: values.isDigest ? 'daily' : 'off',
    language: values.language,
  };
}

/** The server names fields as in the PUT body; the form's names differ for quiet hours. */
function formErrorsOf(fields: Record<string, string>): { errors: Record<string, string>; other: string[] } {
  const errors: Record<string, string> = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(fields)) {
    if (field === 'quietHours.start') errors.quietStart = message;
    else if (field === 'quietHours.end' || field === 'quietHours') errors.quietEnd = message;
    else if (field === 'timeZone') errors.timeZone = message;
    else if (field === 'language') errors.language = message;
    else other.push(message);
  }
  return { errors, other };
}

/** The IANA zones this browser knows (and the saved one, should it not be among them), readable. */
function timeZoneOptions(current: string): { value: string; label: string }[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return (zones.includes(current) ? zones : [current, ...zones]).map((zone) => ({
    value: zone,
    label: zone.replaceAll('_', ' '),
  }));
}

/** My Account's Notifications section: what the person is told, by which channel, and when. */
export function NotificationSettingsCard() {
  const settings = useQuery(notificationSettingsQueryOptions);
  const { hash } = useLocation();

  // /account#notifications (from the notification centre or an unsubscribe page) brings it into view.
  // Once loaded, when the section has its full height.
  const isLoaded = settings.isSuccess;
  useEffect(() => {
    if (isLoaded && hash === `#${notificationSettingsSectionId}`)
      document.getElementById(notificationSettingsSectionId)?.scrollIntoView();
  }, [hash, isLoaded]);

  let content: ReactNode;
  if (settings.isPending) {
    content = (
      <Group gap="sm" py="md" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading your notification settings...</Text>
      </Group>
    );
  } else if (settings.isError) {
    content = (
      <ErrorState
        headingOrder={3}
        title="Failed to load your notification settings"
        onRetry={() => void settings.refetch()}
        isRetrying={settings.isFetching}
      />
    );
  } else {
    content = <SettingsForm settings={settings.data} />;
  }

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      id={notificationSettingsSectionId}
      aria-labelledby="notification-settings-title"
      style={{ scrollMarginTop: 76 }}
    >
      <Title order={2} size="h4" id="notification-settings-title" mb={4}>
        Notifications
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        What Commonwise tells you, and how. Some messages cannot be turned off.
      </Text>
      {content}
    </Card>
  );
}

function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const update = useUpdateNotificationSettings();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [isSaved, setIsSaved] = useState(false);
  const zones = useMemo(() => timeZoneOptions(settings.timeZone), [settings.timeZone]);
  const digestible = settings.kinds.filter((kind) => kind.digestible).map((kind) => kind.label.toLowerCase());
  const { form, onSubmit } = useSubmitValidatedForm<Values>({
    initialValues: valuesOf(settings),
    validate: {
      quietStart: (value, values) => (values.isQuiet && !clockTime.test(value) ? clockTimeMessage : null),
      quietEnd: (value, values) => {
        if (!values.isQuiet) return null;
        if (!clockTime.test(value)) return clockTimeMessage;
        return value === values.quietStart ? 'Quiet hours must start and end at different times.' : null;
      },
      timeZone: (value) => (value ? null : 'Choose a time zone from the list.'),
    },
    onValuesChange: () => setIsSaved(false),
  });

  const handleSubmit = onSubmit(async (values) => {
    setOtherErrors([]);
    try {
      const saved = await update.mutateAsync(updateOf(values, settings));
      const next = valuesOf(saved);
      form.setValues(next);
      form.resetDirty(next);
      // Said beside the button (no toast: the button is where the person is looking).
      setIsSaved(true);
    } catch (error) {
      if (isApiRequestError(error) && error.fields) {
        const { errors, other } = formErrorsOf(error.fields);
        form.setErrors(errors);
        setOtherErrors(other);
      }
      showFailureToast('Failed to save your notification settings', error);
    }
  });

  const setChoice = (key: string, enabled: boolean) =>
    form.setValues((values) => ({ choices: { ...values.choices, [key]: enabled } }));

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Notification settings">
      <Stack gap="lg">
        {settings.emailBouncedAt ? (
          <Alert
            color="orange"
            icon={<IconMailExclamation size={20} aria-hidden />}
            title="E-mail not delivered"
          >
            Your e-mail address refused a message on {formatDate(settings.emailBouncedAt)}; check it.
          </Alert>
        ) : null}
        {otherErrors.length > 0 ? (
          <Alert color="red" role="alert">
            {otherErrors.join(' ')}
          </Alert>
        ) : null}

        <Table verticalSpacing="sm" horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Notification</Table.Th>
              {channels.map(({ channel, label }) => (
                <Table.Th key={channel} ta="center" w={64} style={{ whiteSpace: 'nowrap' }}>
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {settings.kinds.map((kind) => {
              const reasonId = `notification-reason-${kind.kind.replace(/\W/g, '-')}`;
              return (
                <Table.Tr key={kind.kind}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {kind.label}
                    </Text>
                    {kind.userCanDisable ? null : (
                      <Text size="xs" c="dimmed" id={reasonId}>
                        {alwaysOnReasons[kind.category]}
                      </Text>
                    )}
                  </Table.Td>
                  {channels.map(({ channel, label }) => {
                    const enabled = kind.channels[channel];
                    if (enabled === undefined)
                      return (
                        <Table.Td key={channel} ta="center">
                          <Text c="dimmed" size="sm" aria-hidden>
                            —
                          </Text>
                          <VisuallyHidden>Not sent by {label.toLowerCase()}</VisuallyHidden>
                        </Table.Td>
                      );
                    const key = choiceKey(kind.kind, channel);
                    return (
                      <Table.Td key={channel}>
                        <Group justify="center">
                          {kind.userCanDisable ? (
                            <Switch
                              aria-label={`${kind.label}: ${label}`}
                              checked={form.getValues().choices[key] ?? true}
                              onChange={(event) => setChoice(key, event.currentTarget.checked)}
                            />
                          ) : (
                            <Switch
                              aria-label={`${kind.label}: ${label}`}
                              aria-describedby={reasonId}
                              className={classes.locked}
                              thumbIcon={
                                <IconLock
                                  size={10}
                                  stroke={2.5}
                                  color="var(--mantine-color-indigo-7)"
                                  aria-hidden
                                />
                              }
                              checked
                              disabled
                              readOnly
                            />
                          )}
                        </Group>
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>

        <Stack gap="sm">
          <Switch
            label="Quiet hours"
            description="E-mails that are not urgent wait until your quiet hours end. Emergencies and security messages still come at once."
            {...form.getInputProps('isQuiet', { type: 'checkbox' })}
          />
          {form.getValues().isQuiet ? (
            <Group gap="sm" align="flex-start" wrap="wrap" pl={{ base: 0, xs: 'xl' }}>
              <TextInput
                label="From"
                description="24-hour clock"
                placeholder="22:00"
                inputMode="numeric"
                maxLength={5}
                w={130}
                key={form.key('quietStart')}
                {...form.getInputProps('quietStart')}
              />
              <TextInput
                label="Until"
                description="24-hour clock"
                placeholder="07:00"
                inputMode="numeric"
                maxLength={5}
                w={130}
                key={form.key('quietEnd')}
                {...form.getInputProps('quietEnd')}
              />
            </Group>
          ) : null}
        </Stack>

        <Select
          label="Time zone"
          description="Quiet hours and the daily digest follow it."
          data={zones}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No such time zone"
          maw={360}
          key={form.key('timeZone')}
          {...form.getInputProps('timeZone')}
        />

        <Select
          label="Language for announcements"
          description="Where your association gives a translation, you read announcements in this language, with the original a click away."
          data={languageOptions}
          allowDeselect={false}
          maw={360}
          key={form.key('language')}
          {...form.getInputProps('language')}
        />

        <Switch
          label="Daily digest"
          description={
            digestible.length > 0
              ? `Routine updates (${digestible.join(', ')}) then come in one e-mail a day instead of one by one. Other messages still come as they happen.`
              : 'Routine updates then come in one e-mail a day instead of one by one.'
          }
          {...form.getInputProps('isDigest', { type: 'checkbox' })}
        />

        <Group justify="flex-end" gap="sm">
          {isSaved ? (
            <Group gap={4} c="teal.9" role="status">
              <IconCheck size={16} aria-hidden />
              <Text size="sm" c="inherit">
                Saved
              </Text>
            </Group>
          ) : null}
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save notification settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
