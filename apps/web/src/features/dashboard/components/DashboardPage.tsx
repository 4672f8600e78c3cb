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
} from '@mantine/core';
import { IconArrowRight, IconBell, IconBolt, IconMail, IconUserEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { unreadQueryOptions } from '../../chat/index.ts';
import { RoleBadge } from '../../../components/RoleBadge.tsx';
import { getPortalForRole } from '../../../lib/portals.ts';
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
          <CommunityUpdates />
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

/**
 * What the person has not read yet (issue 26): new messages in their work rooms and new replies in
 * their conversations, each a link to where they are; the spec's line when there is nothing.
 */
export function CommunityUpdates() {
  const unread = useQuery(unreadQueryOptions);
  if (unread.isPending)
    return (
      <Group gap="xs" c="dimmed">
        <Loader size="xs" aria-hidden />
        <Text c="dimmed">Loading updates…</Text>
      </Group>
    );
  if (unread.isError)
    return (
      <Group gap="xs">
        <Text c="dimmed">Updates could not be loaded.</Text>
        <Anchor component="button" type="button" onClick={() => void unread.refetch()}>
          Try again
        </Anchor>
      </Group>
    );
  const { rooms, threads } = unread.data;
  if (rooms.messages === 0 && threads.messages === 0)
    return <Text c="dimmed">No new updates at this time.</Text>;
  return (
    <List spacing="xs">
      {rooms.messages > 0 ? (
        <List.Item>
          <Anchor component={Link} to="/work-rooms">
            {plural(rooms.messages, 'unread message', 'unread messages')} in{' '}
            {plural(rooms.rooms, 'work room', 'work rooms')}
          </Anchor>
        </List.Item>
      ) : null}
      {threads.messages > 0 ? (
        <List.Item>
          <Anchor component={Link} to="/chat">
            {plural(threads.messages, 'new reply', 'new replies')} in{' '}
            {plural(threads.conversations, 'AI Assistant conversation', 'AI Assistant conversations')}
          </Anchor>
        </List.Item>
      ) : null}
    </List>
  );
}
