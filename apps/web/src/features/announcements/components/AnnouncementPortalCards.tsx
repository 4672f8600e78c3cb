import { Anchor, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { formatDate } from '../../../lib/format.ts';
import {
  announcementPagePath,
  announcementsPagePath,
  manageAnnouncementsPagePath,
  newAnnouncementPath,
} from '../api.ts';
import { isUnreadPost, latestAnnouncementsQueryOptions } from '../latest.ts';

/** The manager and board portals' way to the announcements they write (issue 23 item 1). */
export function ManageAnnouncementsCard() {
  return (
    <PortalSectionCard title="Announcements" icon={<IconSpeakerphone size={20} aria-hidden />} color="grape">
      <Stack gap="md" align="flex-start">
        <Text size="sm" c="dimmed">
          Tell your association’s people what they need to know, for everyone or chosen buildings and units,
          and see who read and acknowledged it.
        </Text>
        <Group gap="sm">
          <Button
            component={Link}
            to={newAnnouncementPath()}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            New announcement
          </Button>
          <Button
            component={Link}
            to={manageAnnouncementsPagePath()}
            variant="default"
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            Manage announcements
          </Button>
        </Group>
      </Stack>
    </PortalSectionCard>
  );
}

/** The resident portal's latest announcements addressed to the person, and the way to all of them. */
export function MyAnnouncementsCard() {
  const latest = useQuery(latestAnnouncementsQueryOptions);
  let body: ReactNode;
  if (latest.isPending)
    body = (
      <Group gap="sm" role="status">
        <Loader size="xs" aria-hidden />
        <Text c="dimmed">Loading announcements...</Text>
      </Group>
    );
  else if (latest.isError)
    body = (
      <Group gap="xs">
        <Text c="dimmed">Announcements could not be loaded.</Text>
        <Anchor component="button" type="button" onClick={() => void latest.refetch()}>
          Try again
        </Anchor>
      </Group>
    );
  else if (latest.data.announcements.length === 0) body = <Text c="dimmed">No announcements right now.</Text>;
  else
    body = (
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {latest.data.announcements.map((post) => (
          <Stack key={post.id} component="li" gap={2}>
            <Group gap="xs" wrap="nowrap" align="baseline">
              <Anchor
                component={Link}
                to={announcementPagePath(post.id)}
                fw={500}
                style={{ overflowWrap: 'anywhere' }}
              >
                {post.title}
              </Anchor>
              {isUnreadPost(post) ? (
                <Badge size="xs" color="indigo" variant="filled" style={{ flexShrink: 0 }}>
                  Unread
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {post.propertyName} · {formatDate(post.publishedAt)}
            </Text>
          </Stack>
        ))}
      </Stack>
    );
  return (
    <PortalSectionCard
      title="Announcements"
      icon={<IconSpeakerphone size={20} aria-hidden />}
      color="grape"
      action={
        <Anchor component={Link} to={announcementsPagePath} size="sm">
          View all announcements
        </Anchor>
      }
    >
      {body}
    </PortalSectionCard>
  );
}
