import type { ChatThread } from '@commonwise/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconMessagePlus, IconTrash } from '@tabler/icons-react';
import { formatThreadTime } from '../../../lib/format.ts';
import panes from '../../../components/ThreePaneLayout.module.css';
import classes from './ChatPage.module.css';

interface ThreadListProps {
  threads: ChatThread[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  activeThreadId: string | null;
  onSelect: (threadId: string) => void;
  onCreate: () => void;
  isCreating: boolean;
  onDelete: (thread: ChatThread) => void;
  /** In a drawer: closes it. */
  onClose?: (() => void) | undefined;
  /** The time labels are relative to this moment. */
  now?: Date;
}

/** SPEC §2: the conversations, newest first, with New Chat, a time label and a delete button each. */
export function ThreadList({
  threads,
  isLoading,
  isError,
  onRetry,
  activeThreadId,
  onSelect,
  onCreate,
  isCreating,
  onDelete,
  onClose,
  now = new Date(),
}: ThreadListProps) {
  return (
    <Stack gap={0} h="100%" className={classes.threadList}>
      <Group justify="space-between" p="md" pb="sm" wrap="nowrap">
        <Title order={2} size="h4">
          Conversations
        </Title>
        <Group gap={6} wrap="nowrap">
          <Button
            size="xs"
            leftSection={<IconMessagePlus size={16} aria-hidden />}
            onClick={onCreate}
            loading={isCreating}
          >
            New Chat
          </Button>
          {onClose ? <CloseButton aria-label="Close conversations" onClick={onClose} /> : null}
        </Group>
      </Group>
      <ScrollArea className={panes.grow} type="auto" offsetScrollbars>
        {isLoading ? (
          <Group justify="center" p="md">
            <Loader size="sm" role="status" aria-label="Loading conversations" />
          </Group>
        ) : isError ? (
          <Alert color="red" m="sm" title="Your conversations could not be loaded">
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              Try again
            </Button>
          </Alert>
        ) : threads && threads.length > 0 ? (
          <ul className={classes.threadItems} aria-label="Conversations">
            {threads.map((thread) => {
              const isActive = thread.id === activeThreadId;
              return (
                <li key={thread.id} className={classes.threadItem} data-active={isActive || undefined}>
                  <button
                    type="button"
                    className={classes.threadButton}
                    onClick={() => onSelect(thread.id)}
                    aria-current={isActive ? 'true' : undefined}
                  >
                    <Group gap={6} wrap="nowrap" component="span">
                      <Text
                        size="sm"
                        fw={isActive || thread.hasUnread ? 600 : 500}
                        truncate="end"
                        component="span"
                        display="block"
                        style={{ minWidth: 0 }}
                      >
                        {thread.title}
                      </Text>
                      {thread.hasUnread && !isActive ? (
                        <Badge size="xs" variant="filled" style={{ flexShrink: 0 }}>
                          New reply
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed" component="span" display="block">
                      <time dateTime={thread.updatedAt}>{formatThreadTime(thread.updatedAt, now)}</time>
                    </Text>
                  </button>
                  <Tooltip label="Delete conversation" openDelay={400}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      className={classes.threadDelete}
                      aria-label={`Delete conversation: ${thread.title}`}
                      onClick={() => onDelete(thread)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </li>
              );
            })}
          </ul>
        ) : (
          <Text c="dimmed" size="sm" p="md">
            No conversations yet. Start one with New Chat.
          </Text>
        )}
      </ScrollArea>
    </Stack>
  );
}
