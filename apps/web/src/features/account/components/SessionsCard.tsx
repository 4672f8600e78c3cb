import type { AccountSession } from '@commonwise/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { format, formatDistanceToNow } from 'date-fns';
import { Fragment, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { focusIfLost } from '../../../lib/focus.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { accountSessionsQueryOptions, useEndOtherSessions, useEndSession } from '../api.ts';
import { describeDevice } from '../device-summary.ts';

/** "Active now" within the last minute; "Last active 5 minutes ago" after that. */
export function describeLastActive(lastActiveAt: string, now = new Date()): string {
  const date = new Date(lastActiveAt);
  if (Number.isNaN(date.getTime())) return 'Last active: unknown';
  if (now.getTime() - date.getTime() < 60 * 1000) return 'Active now';
  return `Last active ${formatDistanceToNow(date, { addSuffix: true })}`;
}

function formatSignedIn(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : `Signed in ${format(date, 'MMM d, yyyy')}`;
}

/** This device first, then the others as the server orders them (most recently active first). */
function currentFirst(sessions: AccountSession[]): AccountSession[] {
  return [
    ...sessions.filter((session) => session.isCurrent),
    ...sessions.filter((session) => !session.isCurrent),
  ];
}

/** My Account's list of signed-in browsers and devices, each of which can be signed out. */
export function SessionsCard() {
  const sessions = useQuery(accountSessionsQueryOptions);
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const [isConfirmingEndOthers, setIsConfirmingEndOthers] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => headingRef.current;
  const otherCount = sessions.data?.filter((session) => !session.isCurrent).length ?? 0;

  const signOutDevice = (session: AccountSession, label: string) => {
    endSession.mutate(session.id, {
      onSuccess: () => {
        showSuccessToast(`Signed out of ${label}`);
        // Its row, with the button that had focus, is gone once the list is read again.
        focusIfLost(focusHeading, 100);
      },
      onError: (error) => showFailureToast('Failed to sign out of that device', error),
    });
  };

  const signOutOthers = () => {
    endOthers.mutate(undefined, {
      onSuccess: ({ signedOut }) => {
        setIsConfirmingEndOthers(false);
        // The dialog returns focus to "Sign out everywhere else", which is now disabled.
        focusIfLost(focusHeading, 400);
        showSuccessToast(
          signedOut === 1 ? 'Signed out of 1 other device' : `Signed out of ${signedOut} other devices`,
        );
      },
      onError: (error) => showFailureToast('Failed to sign out of the other devices', error),
    });
  };

  let content;
  if (sessions.isPending) {
    content = (
      <Stack gap="md" aria-busy="true" aria-label="Loading your devices">
        {[0, 1].map((row) => (
          <Group key={row} gap="md" wrap="nowrap">
            <Skeleton circle height={40} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={14} width="40%" />
              <Skeleton height={12} width="70%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  } else if (sessions.isError) {
    content = (
      <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} title="Cannot load your devices">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">There was a problem reaching Commonwise. Please try again.</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => void sessions.refetch()}
            loading={sessions.isFetching}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    const list = currentFirst(sessions.data);
    content = (
      <Stack
        gap={0}
        component="ul"
        aria-label="Signed-in devices"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {list.map((session, index) => {
          const device = describeDevice(session.userAgent);
          const lastActive = describeLastActive(session.lastActiveAt);
          const isEnding = endSession.isPending && endSession.variables === session.id;
          return (
            <Fragment key={session.id}>
              {index > 0 ? <Divider component="li" aria-hidden my="sm" /> : null}
              <Group component="li" gap="md" wrap="wrap" justify="space-between" align="center">
                <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 16rem' }}>
                  <ThemeIcon
                    variant="light"
                    color={session.isCurrent ? 'indigo' : 'gray'}
                    size={40}
                    radius="xl"
                  >
                    {device.isMobile ? (
                      <IconDeviceMobile size={20} aria-hidden />
                    ) : (
                      <IconDeviceDesktop size={20} aria-hidden />
                    )}
                  </ThemeIcon>
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600}>{device.label}</Text>
                      {session.isCurrent ? (
                        <Badge color="indigo" variant="light" size="sm">
                          This device
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {[
                        session.ipAddress ?? 'Unknown address',
                        session.isCurrent ? 'Active now' : lastActive,
                      ].join(' · ')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatSignedIn(session.createdAt)}
                    </Text>
                  </Stack>
                </Group>
                {session.isCurrent ? null : (
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconLogout size={14} aria-hidden />}
                    loading={isEnding}
                    onClick={() => signOutDevice(session, device.label)}
                    aria-label={`Sign out of this device: ${device.label}, ${lastActive.toLowerCase()}`}
                  >
                    Sign out of this device
                  </Button>
                )}
              </Group>
            </Fragment>
          );
        })}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="sessions-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <div style={{ flex: '1 1 16rem' }}>
            <Title order={2} size="h4" id="sessions-title" ref={headingRef} tabIndex={-1}>
              Where you are signed in
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Browsers and devices signed in to your account. Sign out of any you do not recognise, then
              change your password.
            </Text>
          </div>
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            disabled={!sessions.isSuccess || otherCount === 0}
            onClick={() => setIsConfirmingEndOthers(true)}
          >
            Sign out everywhere else
          </Button>
        </Group>
        {content}
        {sessions.isSuccess && otherCount === 0 ? (
          <Text size="sm" c="dimmed">
            You are not signed in anywhere else.
          </Text>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={isConfirmingEndOthers}
        title="Sign out everywhere else?"
        confirmLabel="Sign out everywhere else"
        isConfirming={endOthers.isPending}
        onConfirm={signOutOthers}
        onClose={() => setIsConfirmingEndOthers(false)}
      >
        {otherCount === 1
          ? 'The other browser or device signed in to your account is signed out. This one stays signed in.'
          : `The ${otherCount} other browsers and devices signed in to your account are signed out. This one stays signed in.`}
      </ConfirmDialog>
    </Card>
  );
}
