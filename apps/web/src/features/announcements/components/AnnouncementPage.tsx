import {
  readingLanguageEnglishNames,
  readingLanguageNames,
  rightToLeftLanguages,
  type AnnouncementPost,
  type ReadingLanguage,
} from '@commonwise/contracts';
import { Alert, Anchor, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconLanguage,
  IconCircleCheck,
  IconClockOff,
  IconInfoCircle,
  IconClipboardCheck,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DetailLoadState } from '../../../components/DetailLoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { showFailureToast } from '../../../lib/toasts.ts';
import {
  announcementPostQueryOptions,
  announcementsPagePath,
  isUnreadPost,
  useAcknowledgeAnnouncement,
  useMarkAnnouncementRead,
} from '../api.ts';
import { formatWhen } from '../labels.ts';
import { PostFiles } from './AnnouncementFiles.tsx';
import { MarkdownLite } from './MarkdownLite.tsx';

/**
 * /announcements/:announcementId (issue 23 item 1): one announcement as someone in its audience reads
 * it. Opening it marks it read; one that asks for acknowledgement offers "I have read this" until the
 * person has, then says when they did. An expired one is still readable by its link, and says so.
 */
export function AnnouncementPage({ announcementId }: { announcementId: string }) {
  const post = useQuery(announcementPostQueryOptions(announcementId));
  const markRead = useMarkAnnouncementRead(announcementId);
  const markedFor = useRef<string | null>(null);
  const [showOriginal, setShowOriginal] = useState(false);
  const isUnread = post.data ? isUnreadPost(post.data) : false;
  const { mutate: markAsRead } = markRead;
  useEffect(() => {
    // Once per announcement opened (the server ignores a second one anyway).
    if (!isUnread || markedFor.current === announcementId) return;
    markedFor.current = announcementId;
    markAsRead();
  }, [isUnread, announcementId, markAsRead]);

  const back = (
    <Anchor component={Link} to={announcementsPagePath} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Announcements
      </Group>
    </Anchor>
  );

  if (!post.isSuccess)
    return (
      <DetailLoadState
        query={post}
        what="announcement"
        back={back}
        notFoundDescription="It may have been withdrawn, or it was not addressed to you."
        notFoundActions={
          <Button component={Link} to={announcementsPagePath} variant="light">
            See all announcements
          </Button>
        }
      />
    );

  const data = post.data;
  // The reader's language where the association gave a translation; the original, the official text,
  // one click away.
  const shown = showOriginal && data.original ? data.original : data;
  return (
    <Stack gap="lg" maw={800}>
      {back}
      {data.isPinned ? (
        <Alert
          color="red.9"
          variant="filled"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title="Emergency notice"
          role="note"
        >
          Sent to everyone it concerns at once, at any hour.
          {data.expiresAt
            ? ` It stays at the top of your announcements until ${formatWhen(data.expiresAt)}.`
            : ''}
        </Alert>
      ) : null}
      <PageHeader
        title={shown.title}
        description={
          <>
            {data.propertyName}
            <br />
            {data.author ? `From ${data.author.fullName}, ` : 'Published '}
            {formatWhen(data.publishedAt)}
          </>
        }
      />
      {data.isExpired ? (
        <Alert color="gray" variant="light" icon={<IconClockOff size={18} aria-hidden />} role="note" mt={-8}>
          This announcement has expired
          {data.expiresAt ? ` (on ${formatWhen(data.expiresAt)})` : ''}: it no longer shows in the list, and
          what it says may be out of date.
        </Alert>
      ) : null}
      {data.original ? (
        <Group gap="xs" wrap="wrap">
          <IconLanguage size={18} aria-hidden />
          <Text size="sm" c="dimmed">
            {showOriginal
              ? `The original, in ${readingLanguageEnglishNames[data.original.language]}: the official text.`
              : `Translated from ${readingLanguageEnglishNames[data.original.language]}. The original is the official text.`}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            aria-pressed={showOriginal}
            onClick={() => setShowOriginal((value) => !value)}
          >
            {showOriginal ? `Show in ${readingLanguageNames[data.language]}` : 'Show the original'}
          </Button>
        </Group>
      ) : null}
      <Card
        withBorder
        radius="lg"
        padding="lg"
        component="article"
        aria-label={shown.title}
        style={{ minWidth: 0 }}
        {...languageProps(shown.language)}
      >
        <MarkdownLite source={shown.body} />
      </Card>
      <PostFiles post={data} />
      {data.requiresAck && data.isForMe ? <Acknowledgement post={data} /> : null}
      {!data.isForMe ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="note">
          It is not addressed to you: you see it as one of the association’s managers or board members.
          {data.requiresAck ? ' Its readers are asked to acknowledge it.' : ''}
        </Alert>
      ) : null}
      {data.expiresAt && !data.isExpired ? (
        <Text size="sm" c="dimmed">
          Shown until {formatWhen(data.expiresAt)}.
        </Text>
      ) : null}
    </Stack>
  );
}

/** Marks text in another language, so screen readers speak it right and Arabic runs right to left. */
function languageProps(language: ReadingLanguage) {
  return { lang: language, dir: rightToLeftLanguages.includes(language) ? ('rtl' as const) : undefined };
}

/** The association asks each reader to confirm they read it: a clear button until they have. */
function Acknowledgement({ post }: { post: AnnouncementPost }) {
  const acknowledge = useAcknowledgeAnnouncement(post.id);
  if (post.acknowledgedAt)
    return (
      <Group gap="xs" role="status" wrap="nowrap">
        <ThemeIcon color="green" variant="light" radius="xl" size="md">
          <IconCircleCheck size={18} aria-hidden />
        </ThemeIcon>
        <Text fw={500}>Acknowledged on {formatWhen(post.acknowledgedAt)}</Text>
      </Group>
    );
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconClipboardCheck size={20} aria-hidden />}
      title="Please confirm you have read this"
      // A region named by its title (Mantine labels it so), not an alert: it waits, it does not interrupt.
      role="region"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          The association asks everyone it is addressed to for a confirmation. Read it through, then press the
          button.
        </Text>
        <Button
          leftSection={<IconCircleCheck size={18} aria-hidden />}
          loading={acknowledge.isPending}
          onClick={() =>
            acknowledge.mutate(undefined, {
              onError: (failure) => showFailureToast('Your acknowledgement was not recorded', failure),
            })
          }
        >
          I have read this
        </Button>
      </Stack>
    </Alert>
  );
}
