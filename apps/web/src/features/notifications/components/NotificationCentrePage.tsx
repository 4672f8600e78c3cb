import type { Notification } from '@commonwise/contracts';
import { Anchor, Button, Group, Loader, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconBellCheck, IconCheck, IconChecks, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager, pageCount } from '../../../components/ListPager.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { showFailureToast } from '../../../lib/toasts.ts';
import {
  centrePageSize,
  notificationsQueryOptions,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../api.ts';
import { notificationSettingsPath, notificationTarget } from '../paths.ts';
import { NotificationMarker, NotificationText } from './NotificationText.tsx';
import classes from './Notifications.module.css';

type Filter = 'all' | 'unread';

/** /notifications: everything the product has told this person, newest first, paged. */
export function NotificationCentrePage() {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching, refetch } = useQuery(
    notificationsQueryOptions({ page, limit: centrePageSize, isUnreadOnly: filter === 'unread' }),
  );
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const unreadCount = data?.unreadCount ?? 0;

  // Marking the last unread ones of a page read (or another tab doing so) can leave it past the end.
  const lastPage = data ? pageCount(data.total, centrePageSize) : 1;
  if (page > lastPage) setPage(lastPage);

  const markOne = (notification: Notification) =>
    markRead.mutate(notification.id, {
      onError: (error) => showFailureToast('Could not mark the notification read', error),
    });

  let content: ReactNode;
  if (isPending) {
    content = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading your notifications...</Text>
      </Group>
    );
  } else if (isError) {
    content = (
      <ErrorState
        title="Failed to load your notifications"
        onRetry={() => void refetch()}
        isRetrying={isFetching}
      />
    );
  } else if (data.rows.length === 0) {
    content = (
      <StatusMessage
        color="teal"
        icon={<IconBellCheck size={32} aria-hidden />}
        title="You're all caught up"
        description={
          filter === 'unread'
            ? 'Nothing is waiting to be read.'
            : 'Nothing yet. When something needs your attention, it appears here and on the bell.'
        }
        actions={
          filter === 'unread' && data.total === 0 ? (
            <Button variant="light" onClick={() => setFilter('all')}>
              Show all notifications
            </Button>
          ) : null
        }
      />
    );
  } else {
    content = (
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Notifications">
        {data.rows.map((notification, index) => (
          <NotificationRow
            key={notification.id}
            notification={notification}
            isFirst={index === 0}
            onOpen={() => (notification.readAt === null ? markOne(notification) : undefined)}
            onMarkRead={() => markOne(notification)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title="Notifications"
        description="What has happened that concerns you, newest first."
        actions={
          <>
            <Button
              variant="light"
              leftSection={<IconChecks size={16} aria-hidden />}
              disabled={unreadCount === 0}
              loading={markAllRead.isPending}
              onClick={() =>
                markAllRead.mutate(undefined, {
                  onError: (error) => showFailureToast('Could not mark your notifications read', error),
                })
              }
            >
              Mark all read
            </Button>
            <Button
              component={Link}
              to={notificationSettingsPath}
              variant="subtle"
              leftSection={<IconSettings size={16} aria-hidden />}
            >
              Settings
            </Button>
          </>
        }
      />
      <Stack gap="md" maw={880}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <SegmentedControl
            aria-label="Show"
            value={filter}
            onChange={(value) => {
              setFilter(value as Filter);
              setPage(1);
            }}
            data={[
              { value: 'all', label: 'All' },
              { value: 'unread', label: 'Unread' },
            ]}
          />
          {data && !isError ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {unreadCount === 0 ? 'No unread notifications' : `${unreadCount} unread`}
            </Text>
          ) : null}
        </Group>
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          {content}
        </Paper>
        {data && !isError ? (
          <ListPager
            noun="notifications"
            page={Math.min(page, lastPage)}
            pageSize={centrePageSize}
            total={data.total}
            onChange={setPage}
          />
        ) : null}
      </Stack>
    </>
  );
}

function NotificationRow({
  notification,
  isFirst,
  onOpen,
  onMarkRead,
}: {
  notification: Notification;
  isFirst: boolean;
  onOpen: () => void;
  onMarkRead: () => void;
}) {
  const isUnread = notification.readAt === null;
  return (
    <Group
      component="li"
      className={classes.item}
      data-emergency={notification.urgency === 'emergency' || undefined}
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      p="md"
      style={isFirst ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <NotificationMarker notification={notification} />
      <Stack gap={8} style={{ minWidth: 0, flex: 1 }}>
        <NotificationText notification={notification} body titleLines={3} />
        <Group gap="md" wrap="wrap">
          {notification.link ? (
            <Anchor
              component={Link}
              to={notificationTarget(notification)}
              size="sm"
              fw={600}
              onClick={onOpen}
              aria-label={`Open: ${notification.title}`}
            >
              Open
            </Anchor>
          ) : null}
          {isUnread ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              onClick={onMarkRead}
              aria-label={`Mark read: ${notification.title}`}
            >
              <Group gap={4} component="span" wrap="nowrap">
                <IconCheck size={14} aria-hidden />
                Mark read
              </Group>
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Group>
  );
}
