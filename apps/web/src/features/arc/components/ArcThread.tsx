import { arcMessageMaxLength } from '@commonwise/contracts';
import { Box, Button, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { LoadEarlierMessages } from '../../../components/LoadEarlierMessages.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { arcThreadQueryOptions, usePostArcMessage, type ArcThreadTarget } from '../api.ts';

/**
 * One of a request's threads (issue 22 item 3), oldest message at the top: the owner's conversation with
 * the reviewers, or the committee's own. The box under it sends with the button or Ctrl+Enter (a
 * message to a committee is often several paragraphs, so Enter makes a new line).
 */
export function ArcThread({
  target,
  label,
  emptyText,
  placeholder,
  isClosed = false,
}: {
  target: ArcThreadTarget;
  /** The thread's accessible name ("Messages with the owner"). */
  label: string;
  emptyText: string;
  placeholder: string;
  /** A withdrawn request: the thread is read, not written. */
  isClosed?: boolean;
}) {
  const thread = useInfiniteQuery(arcThreadQueryOptions(target));
  const post = usePostArcMessage(target);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  // Read before the checks below narrow the query's type to its success state.
  const earlierError = thread.isFetchNextPageError ? getErrorMessage(thread.failureReason) : null;

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if (!body) {
      setError('Type a message first');
      return;
    }
    setError(null);
    try {
      await post.mutateAsync(body);
      setText('');
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
  };

  if (thread.isPending)
    return (
      <Group gap="sm" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          Loading the messages...
        </Text>
      </Group>
    );
  if (thread.isError)
    return (
      <ErrorState
        title="The messages could not be loaded"
        description={getErrorMessage(thread.error)}
        onRetry={() => void thread.refetch()}
        isRetrying={thread.isFetching}
      />
    );

  // Pages come newest first; the conversation reads from the top.
  const messages = thread.data.pages.flatMap((page) => page.messages).reverse();
  return (
    <Stack gap="sm">
      {thread.hasNextPage ? (
        <LoadEarlierMessages
          onLoad={() => void thread.fetchNextPage()}
          isLoading={thread.isFetchingNextPage}
          error={earlierError}
        />
      ) : null}
      {messages.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" m={0} p={0} aria-label={label} style={{ listStyle: 'none' }}>
          {messages.map((message) => (
            <Paper
              key={message.id}
              component="li"
              withBorder
              radius="md"
              p="sm"
              bg={message.fromOwner ? 'var(--mantine-color-gray-0)' : undefined}
            >
              <Group gap={6} justify="space-between" wrap="wrap">
                <Text size="sm" fw={600}>
                  {message.author?.fullName ?? 'A former user'}
                  {message.fromOwner ? (
                    <Text span size="xs" c="dimmed" fw={400}>
                      {' '}
                      · owner
                    </Text>
                  ) : null}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(message.createdAt)}
                </Text>
              </Group>
              <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.body}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      {isClosed ? (
        <Text size="sm" c="dimmed">
          This request was withdrawn: it takes no more messages.
        </Text>
      ) : (
        <Box component="form" onSubmit={(event) => void send(event)} noValidate>
          <Stack gap={6}>
            <Textarea
              label="Your message"
              placeholder={placeholder}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                if (error) setError(null);
              }}
              onKeyDown={onKeyDown}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={arcMessageMaxLength}
              error={error}
              aria-describedby={hintId}
              disabled={post.isPending}
            />
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="xs" c="dimmed" id={hintId}>
                Ctrl+Enter sends
              </Text>
              <Button
                type="submit"
                size="sm"
                leftSection={<IconSend size={14} aria-hidden />}
                loading={post.isPending}
              >
                Send
              </Button>
            </Group>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
