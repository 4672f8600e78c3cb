import type { ChatMessage, RoomParticipant } from '@commonwise/contracts';
import { Badge, Box, Divider, Group, Stack, Text } from '@mantine/core';
import { isSameDay } from 'date-fns';
import { Fragment } from 'react';
import { LoadEarlierMessages } from '../../../components/LoadEarlierMessages.tsx';
import { formatDate, formatMessageTime } from '../../../lib/format.ts';
import { getRoleColor } from '../../../lib/roles.ts';
import { useScrollToBottom } from '../../../lib/use-scroll-to-bottom.ts';
import { describeSender, isRoomNotice } from '../work-rooms.ts';
import messageClasses from '../../../components/ChatMessages.module.css';
import classes from './WorkRoomsPage.module.css';
import { AttachmentGallery } from '../../attachments/index.ts';

export { scrollDelayMs } from '../../../lib/use-scroll-to-bottom.ts';

interface RoomMessageListProps {
  messages: ChatMessage[];
  participants: RoomParticipant[];
  viewerId: string;
  /** Older messages remain on the server: a button at the top loads the page before the first one. */
  earlier?: { onLoad: () => void; isLoading: boolean; error: string | null } | undefined;
}

/** A room's conversation: who wrote each message, as what, and when; notices in between. */
export function RoomMessageList({ messages, participants, viewerId, earlier }: RoomMessageListProps) {
  // Follows the newest message only: loading earlier ones must not jump to the bottom.
  const viewportRef = useScrollToBottom<HTMLDivElement>(messages.at(-1)?.id ?? '', messages[0]?.id);

  return (
    // role="log": new messages are read out by screen readers; tabIndex lets the keyboard scroll it.
    <div ref={viewportRef} className={messageClasses.messages} role="log" aria-label="Messages" tabIndex={0}>
      {earlier ? <LoadEarlierMessages {...earlier} /> : null}
      {messages.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="xl">
          No messages yet. Start the conversation!
        </Text>
      ) : (
        <Stack gap="md">
          {messages.map((message, index) => (
            <Fragment key={message.id}>
              {/* Times are hour:minute (SPEC §9): a conversation over several days says which day. */}
              {index === 0 || !isSameDay(messages[index - 1]!.createdAt, message.createdAt) ? (
                <Divider
                  label={<time dateTime={message.createdAt}>{formatDate(message.createdAt)}</time>}
                  labelPosition="center"
                />
              ) : null}
              {isRoomNotice(message) ? (
                <Text className={classes.notice} size="xs" c="dimmed" data-notice>
                  {message.content}
                  {' · '}
                  <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
                </Text>
              ) : (
                <RoomMessage message={message} participants={participants} viewerId={viewerId} />
              )}
            </Fragment>
          ))}
        </Stack>
      )}
    </div>
  );
}

function RoomMessage({
  message,
  participants,
  viewerId,
}: {
  message: ChatMessage;
  participants: RoomParticipant[];
  viewerId: string;
}) {
  const isOwn = message.role === 'user' && message.senderId === viewerId;
  const sender = describeSender(message, participants, viewerId);
  return (
    <article className={messageClasses.message} data-own={isOwn || undefined} data-role={message.role}>
      <Group gap={8} mb={4} px={4} wrap="wrap">
        <Text size="xs" fw={600} component="span">
          {sender.name}
        </Text>
        {message.role === 'user' ? (
          <Badge size="xs" variant="light" color={sender.role ? getRoleColor(sender.role) : 'gray'}>
            {sender.roleLabel}
          </Badge>
        ) : null}
        <Text size="xs" c="dimmed" component="span">
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
        </Text>
      </Group>
      {/* Plain text only: React escapes it, so content that looks like HTML is shown as written. */}
      {message.content ? (
        <Text className={messageClasses.bubble} size="sm">
          {message.content}
        </Text>
      ) : null}
      {message.attachments?.length ? (
        <Box mt={4} px={4}>
          <AttachmentGallery attachments={message.attachments} />
        </Box>
      ) : null}
    </article>
  );
}
