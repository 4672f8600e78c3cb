import type { ChatMessage, Role } from '@commonwise/contracts';
import { Anchor, Blockquote, Box, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useState } from 'react';
import { IconClipboardList, IconExternalLink, IconQuote, IconSparkles } from '@tabler/icons-react';
import { LoadEarlierMessages } from '../../../components/LoadEarlierMessages.tsx';
import { formatMessageTime } from '../../../lib/format.ts';
import { useScrollToBottom } from '../../../lib/use-scroll-to-bottom.ts';
import { getSenderLabel } from '../chat-labels.ts';
import { fetchFileLink } from '../../../lib/document-links.ts';
import { workOrderQueryOptions } from '../../work-orders/api.ts';
import { formatWorkOrderNumber, shortWorkOrderId } from '../../work-orders/index.ts';
import { getCitation, getRecordLinks, getWorkOrderId, type Citation } from '../messages.ts';
import messageClasses from '../../../components/ChatMessages.module.css';
import classes from './ChatPage.module.css';
import { AttachmentGallery } from '../../attachments/index.ts';

export { scrollDelayMs } from '../../../lib/use-scroll-to-bottom.ts';

interface MessageListProps {
  messages: ChatMessage[];
  viewer: { id: string; role: Role; fullName: string };
  isTyping: boolean;
  /** Messages tied to a work order get a button that shows it in the side panel. */
  onOpenWorkOrder?: ((workOrderId: string) => void) | undefined;
  /** Older messages remain on the server: a button at the top loads the page before the first one. */
  earlier?: { onLoad: () => void; isLoading: boolean; error: string | null } | undefined;
}

export function MessageList({ messages, viewer, isTyping, onOpenWorkOrder, earlier }: MessageListProps) {
  // Follows the newest message (and the typing indicator) only: loading earlier ones keeps the place.
  const viewportRef = useScrollToBottom<HTMLDivElement>(
    `${messages.at(-1)?.id}:${isTyping}`,
    messages[0]?.id,
  );

  const firstName = viewer.fullName.trim().split(/\s+/)[0] || viewer.fullName;

  return (
    // role="log": new messages are read out by screen readers; tabIndex lets the keyboard scroll it.
    <div ref={viewportRef} className={messageClasses.messages} role="log" aria-label="Messages" tabIndex={0}>
      {earlier ? <LoadEarlierMessages {...earlier} /> : null}
      {messages.length === 0 ? (
        <Stack align="center" gap="xs" py="xl" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconSparkles size={26} aria-hidden />
          </ThemeIcon>
          <Text fw={600} size="lg">
            Hi {firstName}, how can I help you today?
          </Text>
          <Text c="dimmed" size="sm" maw={420}>
            Tell me what needs fixing, ask where your request stands, or ask about your community&apos;s
            rules.
          </Text>
          <Text c="dimmed" size="sm">
            No messages yet. Start the conversation!
          </Text>
        </Stack>
      ) : (
        <Stack gap="md">
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              viewer={viewer}
              onOpenWorkOrder={onOpenWorkOrder}
            />
          ))}
        </Stack>
      )}
      {isTyping ? <TypingIndicator /> : null}
    </div>
  );
}

/**
 * Opens the quoted document at its page in a new tab. The tab opens at once (a browser blocks a window
 * opened after a wait); the signed link, good for an hour, is asked for when the person clicks.
 */
function OpenDocumentButton({ citation }: { citation: Citation }) {
  const [isFailed, setIsFailed] = useState(false);
  async function open() {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const { url } = await fetchFileLink(citation.documentId!);
      const target = `${url}${citation.page === null ? '' : `#page=${citation.page}`}`;
      if (tab) tab.location.href = target;
      else window.location.href = target;
      setIsFailed(false);
    } catch {
      tab?.close();
      setIsFailed(true);
    }
  }
  return (
    <Group gap="xs" mt={6}>
      <Button
        variant="subtle"
        size="compact-xs"
        leftSection={<IconExternalLink size={14} aria-hidden />}
        onClick={() => void open()}
      >
        {citation.page === null ? 'Open the document' : `Open the document at page ${citation.page}`}
      </Button>
      {isFailed ? (
        <Text size="xs" c="red" role="alert">
          The document could not be opened. Try again.
        </Text>
      ) : null}
    </Group>
  );
}

function MessageItem({
  message,
  viewer,
  onOpenWorkOrder,
}: Pick<MessageListProps, 'viewer' | 'onOpenWorkOrder'> & { message: ChatMessage }) {
  const isOwn = message.role === 'user' && message.senderId === viewer.id;
  const citation = getCitation(message);
  const workOrderId = getWorkOrderId(message);
  const links = getRecordLinks(message);
  return (
    <article className={messageClasses.message} data-own={isOwn || undefined} data-role={message.role}>
      <Group gap={8} mb={4} px={4}>
        <Text size="xs" fw={600} component="span">
          {getSenderLabel(message, viewer)}
        </Text>
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
      {citation ? (
        <Blockquote
          mt="xs"
          p="sm"
          color="indigo"
          icon={<IconQuote size={16} aria-hidden />}
          iconSize={28}
          cite={`— ${[
            citation.documentName,
            citation.section,
            citation.page === null ? null : `page ${citation.page}`,
          ]
            .filter(Boolean)
            .join(', ')}`}
          w="100%"
          fz="sm"
        >
          {citation.excerpt}
          {citation.documentId ? <OpenDocumentButton citation={citation} /> : null}
        </Blockquote>
      ) : null}
      {links.length > 0 ? (
        <Stack component="ul" gap={2} mt={4} px={4} m={0} style={{ listStyle: 'none' }} aria-label="Records">
          {links.map((link) => (
            <li key={link.href + link.label}>
              <Anchor component={Link} to={link.href} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {link.label}
              </Anchor>
            </li>
          ))}
        </Stack>
      ) : null}
      {workOrderId && onOpenWorkOrder ? (
        <ViewWorkOrderButton
          workOrderId={workOrderId}
          isOwn={isOwn}
          onOpen={() => onOpenWorkOrder(workOrderId)}
        />
      ) : null}
    </article>
  );
}

/**
 * "View work order WC-1042 · #3ec11b30": the message carries only the work order's id, so its
 * reference (issue 26) comes from the work order's details — the same query the side panel reads —
 * and until they arrive (or if they cannot be read) the button names the short id alone.
 */
function ViewWorkOrderButton({
  workOrderId,
  isOwn,
  onOpen,
}: {
  workOrderId: string;
  isOwn: boolean;
  onOpen: () => void;
}) {
  const { data: workOrder } = useQuery({
    ...workOrderQueryOptions(workOrderId),
    select: (detail) => detail.workOrder,
  });
  return (
    <Button
      variant="subtle"
      size="compact-xs"
      mt={4}
      style={{ alignSelf: isOwn ? 'flex-end' : 'flex-start' }}
      leftSection={<IconClipboardList size={14} aria-hidden />}
      onClick={onOpen}
    >
      View work order {workOrder ? formatWorkOrderNumber(workOrder) : `#${shortWorkOrderId(workOrderId)}`}
    </Button>
  );
}

/** Shown from sending until the answer arrives (or the send fails). */
export function TypingIndicator() {
  return (
    <Group gap={8} mt="md" role="status" aria-label="AI Assistant is typing">
      <span className={classes.typing} aria-hidden>
        <span className={classes.dot} />
        <span className={classes.dot} />
        <span className={classes.dot} />
      </span>
      <Text size="xs" c="dimmed" aria-hidden>
        AI Assistant is typing…
      </Text>
    </Group>
  );
}
