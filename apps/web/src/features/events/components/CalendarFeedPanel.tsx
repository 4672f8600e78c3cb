import {
  ActionIcon,
  Alert,
  Button,
  Card,
  CopyButton,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh, IconRss, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { calendarFeedQueryOptions, useNewCalendarFeed, useRevokeCalendarFeed } from '../api.ts';

/**
 * "Subscribe to my calendar feed" (issue 23 item 4): a secret address calendar apps poll for every event
 * addressed to the person. The server keeps only its hash, so the address is shown once, when made; a
 * new one replaces it, and turning it off makes the address answer "not found".
 */
export function CalendarFeedPanel() {
  const feed = useQuery(calendarFeedQueryOptions);
  const create = useNewCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const [isConfirmingNew, setIsConfirmingNew] = useState(false);

  const makeNew = () =>
    create.mutate(undefined, {
      onSuccess: (made) => {
        setShownUrl(made.url);
        setIsConfirmingNew(false);
      },
    });
  const turnOff = () => revoke.mutate(undefined, { onSuccess: () => setShownUrl(null) });
  const error = create.error ?? revoke.error;

  let body;
  if (feed.isPending)
    body = (
      <Group gap="sm" role="status">
        <Loader size="xs" aria-hidden />
        <Text c="dimmed">Loading your calendar feed...</Text>
      </Group>
    );
  else if (feed.isError)
    body = <Text c="dimmed">Your calendar feed could not be loaded. {getErrorMessage(feed.error)}</Text>;
  else if (!feed.data.isActive)
    body = (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Add your association’s events to Google Calendar, Apple Calendar or Outlook. They stay up to date by
          themselves: new events appear, and changed or cancelled ones follow.
        </Text>
        <Button leftSection={<IconRss size={16} aria-hidden />} onClick={makeNew} loading={create.isPending}>
          Create my calendar feed
        </Button>
      </Stack>
    );
  else
    body = (
      <Stack gap="sm">
        {shownUrl ? (
          <Stack gap={6}>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label="Your calendar feed address"
                value={shownUrl}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1 }}
              />
              <CopyButton value={shownUrl}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy the address'}>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      mb={2}
                      onClick={copy}
                      aria-label={copied ? 'Copied' : 'Copy the address'}
                    >
                      {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" c="dimmed">
              Copy it now and add it in your calendar app as a subscription (“From URL” or “Subscribe to
              calendar”). It is shown only this once; keep it private, as anyone with it sees your events.
            </Text>
          </Stack>
        ) : (
          <Text size="sm">
            Your calendar feed is on
            {feed.data.createdAt ? ` since ${formatDateTime(feed.data.createdAt)}` : ''}.
            {feed.data.lastUsedAt
              ? ` Your calendar app last fetched it ${formatDateTime(feed.data.lastUsedAt)}.`
              : ' No calendar app has fetched it yet.'}{' '}
            Its address was shown when it was made; if you no longer have it, get a new one.
          </Text>
        )}
        {isConfirmingNew ? (
          <Alert color="yellow" title="Get a new address?">
            <Stack gap="xs">
              <Text size="sm">
                The current address stops working at once: calendars subscribed to it stop updating until you
                add the new one.
              </Text>
              <Group gap="sm">
                <Button size="xs" onClick={makeNew} loading={create.isPending}>
                  Get a new address
                </Button>
                <Button size="xs" variant="default" onClick={() => setIsConfirmingNew(false)}>
                  Keep the current one
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => setIsConfirmingNew(true)}
            >
              Get a new address
            </Button>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={turnOff}
              loading={revoke.isPending}
            >
              Turn off
            </Button>
          </Group>
        )}
      </Stack>
    );

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconRss size={20} aria-hidden />
          <Title order={2} size="h4" id="calendar-feed-title">
            Subscribe to my calendar feed
          </Title>
        </Group>
        {body}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {getErrorMessage(error)}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
