import type { BidMessage } from '@commonwise/contracts';
import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { MessageComposer } from '../../../components/MessageComposer.tsx';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { bidThreadQueryOptions, usePostRequestMessage } from '../api.ts';
import { formatMomentIn } from '../labels.ts';

/**
 * A company's thread with the association's managers: questions and answers, oldest first. Each side's
 * messages are labelled by who wrote them; the reader's own side sits on the right.
 */
export function ThreadMessages({
  messages,
  ownSide,
  companyName,
  timeZone,
  emptyText,
}: {
  messages: readonly BidMessage[];
  ownSide: BidMessage['side'];
  /** The company's name, said beside its people's messages. */
  companyName: string;
  timeZone?: string | undefined;
  emptyText: string;
}) {
  if (messages.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  return (
    <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Messages">
      {messages.map((message) => {
        const isOwn = message.side === ownSide;
        const side = message.side === 'vendor' ? companyName : 'Association';
        const who = message.author ? `${message.author.fullName} · ${side}` : side;
        return (
          <Paper
            component="li"
            key={message.id}
            withBorder
            radius="md"
            p="sm"
            ml={isOwn ? { base: 'md', sm: 'xl' } : 0}
            mr={isOwn ? 0 : { base: 'md', sm: 'xl' }}
            bg={isOwn ? 'var(--mantine-color-blue-light)' : undefined}
          >
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="xs" fw={600}>
                {who}
              </Text>
              <Text size="xs" c="dimmed">
                {formatMomentIn(message.createdAt, timeZone)}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.body}
            </Text>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** The staff's view of one company's thread, in a dialog; the managers answer there. */
export function StaffThreadDialog({
  propertyId,
  requestId,
  invitationId,
  companyName,
  canReply,
  timeZone,
  onClose,
}: {
  propertyId: string;
  requestId: string;
  invitationId: string;
  companyName: string;
  canReply: boolean;
  timeZone: string | undefined;
  onClose: () => void;
}) {
  const thread = useQuery(bidThreadQueryOptions(propertyId, requestId, invitationId));
  const post = usePostRequestMessage(propertyId, requestId, invitationId);
  return (
    <PortalModal opened onClose={onClose} title={`Questions from ${companyName}`} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Only {companyName} and the association’s managers and board read this thread.
        </Text>
        {thread.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">Loading the messages...</Text>
          </Group>
        ) : thread.isError ? (
          <ErrorState
            title="The messages could not be loaded"
            description={getErrorMessage(thread.error)}
            onRetry={() => void thread.refetch()}
            isRetrying={thread.isFetching}
          />
        ) : (
          <>
            {thread.data.total > thread.data.messages.length ? (
              <Text size="xs" c="dimmed">
                The latest {thread.data.messages.length} of {thread.data.total} messages.
              </Text>
            ) : null}
            <ThreadMessages
              messages={[...thread.data.messages].reverse()}
              ownSide="association"
              companyName={companyName}
              timeZone={timeZone}
              emptyText={`${companyName} has asked nothing yet.`}
            />
          </>
        )}
        {canReply ? (
          <MessageComposer
            placeholder={`Answer ${companyName}...`}
            isFocusedOnOpen={false}
            isSending={post.isPending}
            error={post.isError ? getErrorMessage(post.error) : null}
            onSend={async (body) => {
              try {
                await post.mutateAsync(body);
                return true;
              } catch {
                return false;
              }
            }}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </PortalModal>
  );
}
