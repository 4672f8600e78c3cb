import type { ChatThread, Role } from '@commonwise/contracts';
import { ActionIcon, Alert, Badge, Button, Collapse, Group, Stack, Title, Tooltip } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronUp,
  IconClipboardList,
  IconMenu2,
  IconWifiOff,
} from '@tabler/icons-react';
import { onlineManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { AttachingComposer } from '../../attachments/index.ts';
import { MessagesLoadState } from '../../../components/MessagesLoadState.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import {
  chatKeys,
  messagesQueryOptions,
  useLoadEarlierMessages,
  useSendMessage,
  workflowQueryOptions,
} from '../api.ts';
import { getHeaderStatusColor, workflowStatusLabels, workflowTypeLabels } from '../chat-labels.ts';
import { workOrderKeys } from '../../work-orders/api.ts';
import { isAwaitingReply } from '../messages.ts';
import { useMarkThreadSeen } from '../hooks/use-mark-thread-seen.ts';
import { MessageList } from './MessageList.tsx';
import { WorkflowSummaryCard } from './WorkflowSummaryCard.tsx';
import panes from '../../../components/ThreePaneLayout.module.css';

interface ChatThreadViewProps {
  thread: ChatThread;
  viewer: { id: string; role: Role; fullName: string };
  /** How often to ask for the answer while it is awaited (less often while events arrive live). */
  replyPollMs: number;
  /** Narrow screens: opens the conversation list. */
  onOpenThreads?: (() => void) | undefined;
  /** Shows a work order the conversation led to in the side panel. */
  onOpenWorkOrder?: ((workOrderId: string) => void) | undefined;
  /** The work order panel's toggle, when the thread is tied to a work room. */
  workOrderPanel?: { isOpen: boolean; onToggle: () => void; controlsId: string } | undefined;
}

/** The centre of the screen: header with the workflow, the messages, and the box to write in. */
export function ChatThreadView({
  thread,
  viewer,
  replyPollMs,
  onOpenThreads,
  onOpenWorkOrder,
  workOrderPanel,
}: ChatThreadViewProps) {
  const queryClient = useQueryClient();
  const messagesQuery = useQuery(messagesQueryOptions(thread.id, replyPollMs));
  const workflowQuery = useQuery(workflowQueryOptions(thread.id));
  const send = useSendMessage(thread.id);
  const loadEarlier = useLoadEarlierMessages(thread.id);
  const [isDetailsOpen, setIsDetailsOpen] = useState(false);
  const detailsId = useId();
  const workflow = workflowQuery.data ?? null;
  const messages = messagesQuery.data?.messages;
  useMarkThreadSeen(thread.id, messages?.at(-1)?.id);
  const firstMessageId = messages?.[0]?.id;
  const isAwaiting = isAwaitingReply(messages);
  // Offline, a send waits (TanStack Query pauses it and sends it on reconnecting): nobody is typing.
  const isOnline = useSyncExternalStore(onlineManager.subscribe.bind(onlineManager), () =>
    onlineManager.isOnline(),
  );

  // When the answer arrives, the workflow, the title and the work order have changed with it.
  const wasAwaiting = useRef(isAwaiting);
  useEffect(() => {
    if (wasAwaiting.current && !isAwaiting) {
      void queryClient.invalidateQueries({ queryKey: chatKeys.workflow(thread.id) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.threads });
      void queryClient.invalidateQueries({ queryKey: workOrderKeys.all });
    }
    wasAwaiting.current = isAwaiting;
  }, [isAwaiting, queryClient, thread.id]);

  const handleSend = async (content: string, attachmentIds: string[]) => {
    try {
      await send.mutateAsync({ content, ...(attachmentIds.length ? { attachmentIds } : {}) });
      return true;
    } catch (error) {
      // SPEC §8: the typing indicator stops and the text stays in the box to try again.
      console.error('Sending the message failed', error);
      return false;
    }
  };

  return (
    <Stack gap={0} h="100%">
      <Stack gap="xs" p="sm" px="md" className={panes.header}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {onOpenThreads ? (
              <ActionIcon variant="default" size="lg" aria-label="Show conversations" onClick={onOpenThreads}>
                <IconMenu2 size={18} aria-hidden />
              </ActionIcon>
            ) : null}
            <Title order={2} size="h4" style={{ minWidth: 0 }} lineClamp={1} title={thread.title}>
              {thread.title}
            </Title>
          </Group>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            {workOrderPanel ? (
              <Tooltip label={workOrderPanel.isOpen ? 'Hide work order' : 'Show work order'} openDelay={400}>
                <ActionIcon
                  variant={workOrderPanel.isOpen ? 'light' : 'default'}
                  size="lg"
                  aria-label="Work order"
                  aria-pressed={workOrderPanel.isOpen}
                  aria-controls={workOrderPanel.controlsId}
                  onClick={workOrderPanel.onToggle}
                >
                  <IconClipboardList size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        </Group>
        {workflow ? (
          <Group gap={6}>
            <Badge variant="light" color="gray" size="sm">
              {workflowTypeLabels[workflow.workflowType]}
            </Badge>
            <Badge variant="light" color={getHeaderStatusColor(workflow.workflowStatus)} size="sm">
              {workflowStatusLabels[workflow.workflowStatus]}
            </Badge>
            <Button
              variant="subtle"
              size="compact-xs"
              onClick={() => setIsDetailsOpen((open) => !open)}
              aria-expanded={isDetailsOpen}
              aria-controls={detailsId}
              rightSection={
                isDetailsOpen ? (
                  <IconChevronUp size={14} aria-hidden />
                ) : (
                  <IconChevronDown size={14} aria-hidden />
                )
              }
            >
              Details
            </Button>
          </Group>
        ) : null}
        {workflow ? (
          <Collapse expanded={isDetailsOpen} id={detailsId} keepMounted={false}>
            <WorkflowSummaryCard workflow={workflow} />
          </Collapse>
        ) : null}
      </Stack>

      <MessagesLoadState
        isPending={messagesQuery.isPending}
        failed={messagesQuery.isError && !messages}
        onRetry={() => void messagesQuery.refetch()}
      >
        <MessageList
          messages={messages ?? []}
          viewer={viewer}
          isTyping={isOnline && (send.isPending || isAwaiting)}
          onOpenWorkOrder={onOpenWorkOrder}
          earlier={
            messagesQuery.data?.hasEarlier && firstMessageId
              ? {
                  onLoad: () => loadEarlier.mutate(firstMessageId),
                  isLoading: loadEarlier.isPending,
                  error: loadEarlier.isError ? getErrorMessage(loadEarlier.error) : null,
                }
              : undefined
          }
        />
      </MessagesLoadState>

      {isOnline ? null : (
        <Alert
          role="status"
          variant="light"
          color="yellow"
          icon={<IconWifiOff size={18} aria-hidden />}
          mx="md"
          mb="xs"
          title="You are offline"
        >
          {send.isPaused
            ? 'Your message will be sent when you are back online.'
            : 'Messages you write now are sent when you are back online.'}
        </Alert>
      )}
      <AttachingComposer
        target={{ threadId: thread.id }}
        onSend={handleSend}
        isSending={send.isPending}
        error={send.isError ? `Your message was not sent: ${getErrorMessage(send.error)}` : null}
      />
    </Stack>
  );
}
