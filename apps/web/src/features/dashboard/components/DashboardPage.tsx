import {
  Anchor,
  Button,
  Card,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowRight, IconBell, IconBolt, IconMail, IconUserEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  announcementPagePath,
  announcementsPagePath,
  isUnreadPost,
  latestAnnouncementsQueryOptions,
} from '../../announcements/index.ts';
import { unreadQueryOptions } from '../../chat/index.ts';
import { RoleBadge } from '../../../components/RoleBadge.tsx';
import { getPortalForRole, readsAnnouncements } from '../../../lib/portals.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import classes from './DashboardPage.module.css';

export const supportEmail = 'support@commonwise.test';

/** /dashboard (SPEC §2): the welcome page every role lands on after signing in. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const user = useSignedInUser();
  const portal = getPortalForRole(user.role);
  const hasPortal = portal.path !== '/dashboard';

  return (
    <Stack gap="lg" maw={1100}>
      <Card withBorder radius="lg" padding="xl" shadow="xs" className={classes.welcome}>
        <Group justify="space-between" align="center" gap="lg" wrap="wrap">
          <Stack gap={6} style={{ flex: '1 1 18rem' }}>
            <Title order={1} size="h2">
              Welcome, {user.fullName || user.email}
            </Title>
            <Group gap="xs">
              <Text c="dimmed">Signed in as</Text>
              <RoleBadge role={user.role} />
            </Group>
            {hasPortal ? (
              <Text c="dimmed" size="sm">
                Your workspace is the <strong>{portal.name}</strong>.
              </Text>
            ) : null}
          </Stack>
          <Button
            component={Link}
            to={portal.path}
            size="md"
            rightSection={<IconArrowRight size={18} aria-hidden />}
          >
            Enter Portal
          </Button>
        </Group>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card
          withBorder
          radius="lg"
          padding="lg"
          shadow="xs"
          component="section"
          aria-labelledby="updates-title"
        >
          <Group gap="sm" mb="sm">
            <ThemeIcon variant="light" radius="md" size="lg">
              <IconBell size={20} aria-hidden />
            </ThemeIcon>
            <Title order={2} size="h4" id="updates-title">
              Community Updates
            </Title>
          </Group>
          <CommunityUpdates role={user.role} />
        </Card>

        <Card
          withBorder
          radius="lg"
          padding="lg"
          shadow="xs"
          component="section"
          aria-labelledby="actions-title"
        >
          <Group gap="sm" mb="sm">
            <ThemeIcon variant="light" radius="md" size="lg" color="teal">
              <IconBolt size={20} aria-hidden />
            </ThemeIcon>
            <Title order={2} size="h4" id="actions-title">
              Quick Actions
            </Title>
          </Group>
          <Group gap="sm">
            <Button
              component={Link}
              to="/account"
              variant="light"
              leftSection={<IconUserEdit size={18} aria-hidden />}
            >
              Update Profile
            </Button>
            <Button
              component="a"
              href={`mailto:${supportEmail}`}
              variant="default"
              leftSection={<IconMail size={18} aria-hidden />}
            >
              Contact Support
            </Button>
          </Group>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "Mar 4, 2027", without date-fns: the dashboard is part of the shell's budgeted first download. */
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * What is new for the person: the latest announcements addressed to them (issue 23), each a link with
 * its association and date, the unread ones marked; and what they have not read yet (issue 26): new
 * messages in their work rooms and new replies in their conversations. The spec's line when there is
 * nothing. A part that fails to load says so, with a retry, without hiding the other.
 */
export function CommunityUpdates({ role }: { role: string }) {
  const unread = useQuery(unreadQueryOptions);
  const reads = readsAnnouncements(role);
  const latest = useQuery({ ...latestAnnouncementsQueryOptions, enabled: reads });
  if (unread.isPending || (reads && latest.isPending))
    return (
      <Group gap="xs" c="dimmed">
        <Loader size="xs" aria-hidden />
        <Text c="dimmed">Loading updates…</Text>
      </Group>
    );
  const retry = () => {
    if (unread.isError) void unread.refetch();
    if (latest.isError) void latest.refetch();
  };
  if (unread.isError && latest.isError)
    return (
      <Group gap="xs">
        <Text c="dimmed">Updates could not be loaded.</Text>
        <Anchor component="button" type="button" onClick={retry}>
          Try again
        </Anchor>
      </Group>
    );
  const announcements = latest.data?.announcements ?? [];
  const rooms = unread.data?.rooms.messages ?? 0;
  const threads = unread.data?.threads.messages ?? 0;
  const isNothingNew = announcements.length === 0 && rooms === 0 && threads === 0;
  return (
    <Stack gap="sm">
      {unread.isError || latest.isError ? (
        <Group gap="xs">
          <Text c="dimmed" size="sm">
            {latest.isError ? 'Announcements could not be loaded.' : 'Unread messages could not be loaded.'}
          </Text>
          <Anchor component="button" type="button" size="sm" onClick={retry}>
            Try again
          </Anchor>
        </Group>
      ) : isNothingNew ? (
        <Text c="dimmed">No new updates at this time.</Text>
      ) : null}
      {announcements.length > 0 ? (
        <Stack
          gap="xs"
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Latest announcements"
        >
          {announcements.map((post) => (
            <Group key={post.id} component="li" gap="xs" wrap="nowrap" align="flex-start">
              {/* The dot is seen; the word is read (a colour alone says nothing to a screen reader). */}
              <span aria-hidden className={classes.dot} data-unread={isUnreadPost(post) ? true : undefined} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={announcementPagePath(post.id)}
                  fw={isUnreadPost(post) || post.isPinned ? 600 : undefined}
                  c={post.isPinned ? 'red.8' : undefined}
                  lang={post.language}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {post.isPinned ? <span lang="en">Emergency: </span> : null}
                  {post.title}
                  {isUnreadPost(post) ? (
                    <>
                      {' '}
                      <VisuallyHidden component="span">(unread)</VisuallyHidden>
                    </>
                  ) : null}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {post.propertyName} · {shortDate.format(new Date(post.publishedAt))}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      ) : null}
      {rooms > 0 || threads > 0 ? (
        <List spacing="xs">
          {rooms > 0 ? (
            <List.Item>
              <Anchor component={Link} to="/work-rooms">
                {plural(rooms, 'unread message', 'unread messages')} in{' '}
                {plural(unread.data!.rooms.rooms, 'work room', 'work rooms')}
              </Anchor>
            </List.Item>
          ) : null}
          {threads > 0 ? (
            <List.Item>
              <Anchor component={Link} to="/chat">
                {plural(threads, 'new reply', 'new replies')} in{' '}
                {plural(
                  unread.data!.threads.conversations,
                  'AI Assistant conversation',
                  'AI Assistant conversations',
                )}
              </Anchor>
            </List.Item>
          ) : null}
        </List>
      ) : null}
      <Anchor component={Link} to={announcementsPagePath} size="sm">
        View all announcements
      </Anchor>
    </Stack>
  );
}
