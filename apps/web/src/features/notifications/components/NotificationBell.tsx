import type { Notification } from '@commonwise/contracts';
import {
  ActionIcon,
  Box,
  Button,
  Divider,
  Group,
  Loader,
  Popover,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconChecks, IconListDetails, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSignedInUser } from '../../../lib/session.ts';
import { showFailureToast } from '../../../lib/toasts.ts';
import {
  bellListSize,
  notificationsQueryOptions,
  unreadCountQueryOptions,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../api.ts';
import { bellLabel, formatUnreadBadge } from '../format.ts';
import { useLiveNotifications } from '../hooks/use-live-notifications.ts';
import { notificationCentrePath, notificationTarget } from '../paths.ts';
import { NotificationMarker, NotificationText } from './NotificationText.tsx';
import classes from './Notifications.module.css';

/**
 * The bell in the top bar, for every role: the unread count, the latest few, and the way to the
 * notification centre. It listens to the person's notifications channel, so a notification created or
 * read anywhere (another tab, another device) shows here at once.
 */
export function NotificationBell() {
  const user = useSignedInUser();
  useLiveNotifications(user.id);
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const unreadCount = useQuery(unreadCountQueryOptions).data ?? 0;
  const latest = useQuery({
    ...notificationsQueryOptions({ page: 1, limit: bellListSize, isUnreadOnly: false }),
    enabled: isOpen,
  });
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const badge = formatUnreadBadge(unreadCount);

  const openNotification = (notification: Notification) => {
    if (notification.readAt === null)
      markRead.mutate(notification.id, {
        onError: (error) => showFailureToast('Could not mark the notification read', error),
      });
    void navigate(notificationTarget(notification));
  };

  const close = () => setIsOpen(false);

  let list: ReactNode;
  if (latest.isPending) {
    list = (
      <Group justify="center" gap="xs" p="md" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          Loading notifications...
        </Text>
      </Group>
    );
  } else if (latest.isError) {
    list = (
      <Stack align="center" gap={6} p="md">
        <Text size="sm" c="dimmed" role="alert">
          Could not load your notifications.
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => void latest.refetch()}
        >
          Try again
        </Button>
      </Stack>
    );
  } else if (latest.data.rows.length === 0) {
    list = (
      <Box px="sm" py="md" ta="center">
        <Text size="sm" fw={600}>
          You&apos;re all caught up
        </Text>
        <Text size="xs" c="dimmed">
          New notifications appear here.
        </Text>
      </Box>
    );
  } else {
    list = (
      <ul className={classes.bellList} aria-label="Latest notifications">
        {latest.data.rows.map((notification) => (
          <li key={notification.id}>
            <UnstyledButton
              className={`${classes.item} ${classes.bellItem}`}
              data-emergency={notification.urgency === 'emergency' || undefined}
              onClick={() => {
                close();
                openNotification(notification);
              }}
            >
              <NotificationMarker notification={notification} />
              <NotificationText notification={notification} />
            </UnstyledButton>
          </li>
        ))}
      </ul>
    );
  }

  return (
    // Rendered in the top bar itself (not a portal), so it stays inside the page's banner landmark.
    <Popover
      opened={isOpen}
      onChange={setIsOpen}
      position="bottom-end"
      width="min(380px, calc(100vw - 16px))"
      shadow="md"
      radius="md"
      trapFocus
      returnFocus
      withinPortal={false}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={38}
          radius="xl"
          className={classes.bell}
          aria-label={bellLabel(unreadCount)}
          onClick={() => setIsOpen((value) => !value)}
        >
          <IconBell size={22} stroke={1.7} aria-hidden />
          {badge ? (
            <span className={classes.badge} aria-hidden>
              {badge}
            </span>
          ) : null}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" wrap="nowrap" gap="xs" px="sm" py={8}>
          <Text size="sm" fw={700}>
            Notifications
            <Text span size="xs" c="dimmed" fw={400} ml={8}>
              {unreadCount === 0 ? 'No unread' : `${badge} unread`}
            </Text>
          </Text>
          {unreadCount > 0 ? (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconChecks size={14} aria-hidden />}
              loading={markAllRead.isPending}
              onClick={() =>
                markAllRead.mutate(undefined, {
                  onError: (error) => showFailureToast('Could not mark your notifications read', error),
                })
              }
            >
              Mark all read
            </Button>
          ) : null}
        </Group>
        <Divider />
        {list}
        <Divider />
        <Button
          component={Link}
          to={notificationCentrePath}
          onClick={close}
          variant="subtle"
          fullWidth
          radius={0}
          leftSection={<IconListDetails size={16} aria-hidden />}
        >
          View all notifications
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
