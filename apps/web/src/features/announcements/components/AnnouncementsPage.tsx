import { hasPermission, rightToLeftLanguages, type AnnouncementPost } from '@commonwise/contracts';
import { Anchor, Badge, Card, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { propertiesQueryOptions } from '../../properties/api.ts';
import {
  announcementFeedQueryOptions,
  announcementPagePath,
  announcementsPageSize,
  isUnreadPost,
} from '../api.ts';
import { excerptOf } from '../labels.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /announcements (issue 23 item 1): the live announcements of the person's associations that are
 * addressed to them, newest first, the unread ones marked; filtered by association for someone in
 * more than one. The association and page are in the address, so Back returns to the same page.
 */
export function AnnouncementsPage() {
  const user = useSignedInUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('propertyId');
  const propertyId = asked && uuidPattern.test(asked) ? asked : null;
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const feed = useQuery(announcementFeedQueryOptions({ propertyId, page }));
  // The associations the person belongs to (a vendor has none to choose between).
  const properties = useQuery({
    ...propertiesQueryOptions({ limit: 100 }),
    enabled: hasPermission(user.role, 'properties:read'),
  });
  const associations = properties.data?.properties ?? [];

  const setFilter = (key: 'propertyId' | 'page', value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: key !== 'page' },
    );

  let content: ReactNode;
  if (feed.isPending)
    content = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading announcements...</Text>
      </Group>
    );
  else if (feed.isError)
    content = (
      <ErrorState
        title="Failed to load announcements"
        description={getErrorMessage(feed.error)}
        onRetry={() => void feed.refetch()}
        isRetrying={feed.isFetching}
      />
    );
  else if (feed.data.announcements.length === 0)
    content = (
      <StatusMessage
        icon={<IconSpeakerphone size={32} aria-hidden />}
        title="No announcements right now."
        description={
          propertyId
            ? 'This association has no live announcements for you. Choose another, or all of them.'
            : 'News from your association’s managers and board appears here.'
        }
      />
    );
  else
    content = (
      <Stack gap="md">
        <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Announcements">
          {feed.data.announcements.map((post) => (
            <AnnouncementItem key={post.id} post={post} />
          ))}
        </Stack>
        <ListPager
          noun="announcements"
          page={page}
          pageSize={announcementsPageSize}
          total={feed.data.total}
          onChange={(next) => setFilter('page', next === 1 ? null : String(next))}
        />
      </Stack>
    );

  const unread = feed.data?.unread ?? 0;
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title="Announcements"
        description={
          feed.data && unread > 0
            ? `News from your associations. ${unread} unread.`
            : 'News from your associations, newest first.'
        }
      />
      {associations.length > 1 ? (
        <Select
          label="Association"
          placeholder="All associations"
          data={associations.map(({ id, name }) => ({ value: id, label: name }))}
          value={propertyId}
          onChange={(value) => setFilter('propertyId', value)}
          clearable
          searchable
          nothingFoundMessage="No association matches"
          maw={{ base: '100%', sm: 360 }}
        />
      ) : null}
      {content}
    </Stack>
  );
}

function AnnouncementItem({ post }: { post: AnnouncementPost }) {
  const isUnread = isUnreadPost(post);
  const needsAck = post.isForMe && post.requiresAck && post.acknowledgedAt === null;
  return (
    <Card
      component="li"
      withBorder
      radius="lg"
      padding="lg"
      style={{
        minWidth: 0,
        borderLeft: post.isPinned
          ? '4px solid var(--mantine-color-red-7)'
          : isUnread
            ? '4px solid var(--mantine-color-indigo-6)'
            : undefined,
      }}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap" justify="space-between" align="flex-start">
          <Title
            order={2}
            size="h4"
            lang={post.language}
            dir={rightToLeftLanguages.includes(post.language) ? 'rtl' : undefined}
            style={{ overflowWrap: 'anywhere', flex: '1 1 16rem' }}
          >
            <Anchor component={Link} to={announcementPagePath(post.id)} inherit>
              {post.title}
            </Anchor>
          </Title>
          <Group gap={6}>
            {post.isPinned ? (
              <Badge color="red.9" variant="filled" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
                Emergency
              </Badge>
            ) : null}
            {isUnread ? (
              <Badge color="indigo" variant="filled">
                Unread
              </Badge>
            ) : null}
            {needsAck ? (
              <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
                Please acknowledge
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {post.propertyName} · {formatDate(post.publishedAt)}
          {post.author ? ` · ${post.author.fullName}` : ''}
        </Text>
        <Text
          size="sm"
          lineClamp={2}
          lang={post.language}
          dir={rightToLeftLanguages.includes(post.language) ? 'rtl' : undefined}
          style={{ overflowWrap: 'anywhere' }}
        >
          {excerptOf(post.body)}
        </Text>
      </Stack>
    </Card>
  );
}
