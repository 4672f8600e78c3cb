import type { Notification } from '@commonwise/contracts';
import { Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatExactTime, formatRelativeTime } from '../format.ts';
import classes from './Notifications.module.css';

/** The unread dot, or the warning sign of an emergency; the words for a screen reader either way. */
export function NotificationMarker({ notification }: { notification: Notification }) {
  const isUnread = notification.readAt === null;
  const isEmergency = notification.urgency === 'emergency';
  return (
    <Box className={classes.marker}>
      {isEmergency ? (
        <IconAlertTriangle size={18} className={classes.emergencyIcon} aria-hidden />
      ) : isUnread ? (
        <span className={classes.dot} aria-hidden />
      ) : null}
      {isEmergency ? <VisuallyHidden>Emergency.</VisuallyHidden> : null}
      {isUnread ? <VisuallyHidden>Unread.</VisuallyHidden> : null}
    </Box>
  );
}

/** Title, property and when: what the bell and the notification centre both show of one. */
export function NotificationText({
  notification,
  titleLines = 2,
  body = false,
}: {
  notification: Notification;
  titleLines?: number;
  /** Also the body (the notification centre). */
  body?: boolean;
}) {
  const isUnread = notification.readAt === null;
  return (
    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
      <Text size="sm" fw={isUnread ? 700 : 500} lineClamp={titleLines} style={{ overflowWrap: 'anywhere' }}>
        {notification.title}
      </Text>
      {body && notification.body ? (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {notification.body}
        </Text>
      ) : null}
      <Group gap={6} wrap="wrap">
        {notification.propertyName ? (
          <Text size="xs" c="dimmed" truncate maw="100%">
            {notification.propertyName}
          </Text>
        ) : null}
        {notification.propertyName ? (
          <Text size="xs" c="dimmed" aria-hidden>
            ·
          </Text>
        ) : null}
        <Text
          size="xs"
          c="dimmed"
          component="time"
          dateTime={notification.createdAt}
          title={formatExactTime(notification.createdAt)}
        >
          {formatRelativeTime(notification.createdAt)}
        </Text>
      </Group>
    </Stack>
  );
}
