import type { ChatThread } from '@commonwise/contracts';
import { Button, Drawer, Group, Paper, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconMenu2, IconMessageChatbot, IconMessagePlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useSignedInUser } from '../../../lib/session.ts';
import { showFailureToast } from '../../../lib/toasts.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { messagesQueryOptions, threadsQueryOptions, useCreateThread, useDeleteThread } from '../api.ts';
import { chooseChatLayout } from '../chat-layout.ts';
import { useChatLiveUpdates } from '../hooks/use-chat-live-updates.ts';
import { useWidth } from '../../../lib/use-width.ts';
import { WorkOrderPanel } from '../../work-orders/index.ts';
import { getLinkedWorkOrders } from '../messages.ts';
import { ChatThreadView } from './ChatThreadView.tsx';
import { ThreadList } from './ThreadList.tsx';
import panes from '../../../components/ThreePaneLayout.module.css';

const workOrderPanelId = 'chat-work-order-panel';

/**
 * /chat (SPEC §2 'AI Assistant'): the conversations on the left, the open one in the centre, and the
 * work order it led to on the right. The open conversation is the URL's `?thread=`, so a link, a
 * reload and the browser's back button all keep it.
 */
export function ChatPage() {
  usePageTitle('AI Assistant');
  const user = useSignedInUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = searchParams.get('thread');
  const threadsQuery = useQuery(threadsQueryOptions);
  const threads = threadsQuery.data;
  const activeThread = selectedId ? threads?.find((thread) => thread.id === selectedId) : undefined;

  const { ref: rootRef, width } = useWidth<HTMLDivElement>();
  const [isThreadDrawerOpen, setIsThreadDrawerOpen] = useState(false);
  // null: the default — open beside the chat when it fits, closed (a drawer) when it does not.
  const [isPanelChosenOpen, setIsPanelChosenOpen] = useState<boolean | null>(null);
  const [chosenWorkOrderId, setChosenWorkOrderId] = useState<string | null>(null);

  const liveUpdates = useChatLiveUpdates(user.id, activeThread?.id ?? null);
  const messagesQuery = useQuery({
    // The same messages as the chat view's (one cache entry); the view does the polling.
    ...messagesQueryOptions(activeThread?.id ?? 'none', false),
    enabled: activeThread !== undefined,
  });
  const linkedWorkOrders = activeThread ? getLinkedWorkOrders(messagesQuery.data?.messages ?? []) : [];
  const hasWorkOrder = linkedWorkOrders.length > 0;
  const layout = chooseChatLayout(width, { hasWorkOrder, chosenPanelOpen: isPanelChosenOpen });
  const hasThreadColumn = layout.threads === 'column';
  const hasPanelColumn = layout.panel === 'column';
  const isPanelOpen = layout.isPanelOpen;

  const createThread = useCreateThread();
  const deleteThread = useDeleteThread();
  const [threadToDelete, setThreadToDelete] = useState<ChatThread | null>(null);

  const selectThread = (threadId: string | null, options: { replace?: boolean } = {}) => {
    setSearchParams(threadId ? { thread: threadId } : {}, { replace: options.replace ?? false });
    setIsThreadDrawerOpen(false);
  };

  const startNewChat = () => {
    createThread.mutate(undefined, {
      onSuccess: (thread) => selectThread(thread.id),
      onError: (error) => showFailureToast('Failed to create new chat thread', error),
    });
  };

  const confirmDelete = () => {
    const thread = threadToDelete;
    if (!thread) return;
    const remaining = (threads ?? []).filter((candidate) => candidate.id !== thread.id);
    deleteThread.mutate(thread.id, {
      onSuccess: () => {
        setThreadToDelete(null);
        // SPEC §4: when the open thread goes, the first remaining one opens, or none.
        if (thread.id === selectedId) selectThread(remaining[0]?.id ?? null, { replace: true });
      },
      onError: (error) => {
        setThreadToDelete(null);
        showFailureToast('Failed to delete chat thread', error);
      },
    });
  };

  const threadList = (
    <ThreadList
      threads={threads}
      isLoading={threadsQuery.isPending}
      isError={threadsQuery.isError}
      onRetry={() => void threadsQuery.refetch()}
      activeThreadId={activeThread?.id ?? null}
      onSelect={(threadId) => selectThread(threadId)}
      onCreate={startNewChat}
      isCreating={createThread.isPending}
      onDelete={setThreadToDelete}
      onClose={hasThreadColumn ? undefined : () => setIsThreadDrawerOpen(false)}
    />
  );
  const openThreads = hasThreadColumn ? undefined : () => setIsThreadDrawerOpen(true);
  const workOrderPanel = hasWorkOrder ? (
    <WorkOrderPanel
      workOrderIds={linkedWorkOrders.map((link) => link.workOrderId)}
      selectedId={chosenWorkOrderId}
      onSelect={setChosenWorkOrderId}
      viewer={user}
      onClose={() => setIsPanelChosenOpen(false)}
    />
  ) : null;

  return (
    <>
      <VisuallyHidden>
        <h1>AI Assistant</h1>
      </VisuallyHidden>
      <div className={panes.root} ref={rootRef}>
        {hasThreadColumn ? (
          <Paper
            withBorder
            radius="lg"
            className={`${panes.area} ${panes.listArea}`}
            component="nav"
            aria-label="Conversations"
          >
            {threadList}
          </Paper>
        ) : (
          <SideDrawer
            opened={isThreadDrawerOpen}
            onClose={() => setIsThreadDrawerOpen(false)}
            label="Conversations"
            position="left"
            size="20rem"
          >
            {threadList}
          </SideDrawer>
        )}

        <Paper
          withBorder
          radius="lg"
          className={`${panes.area} ${panes.mainArea}`}
          component="section"
          aria-label="Chat"
        >
          {activeThread ? (
            <ChatThreadView
              key={activeThread.id}
              thread={activeThread}
              viewer={user}
              replyPollMs={liveUpdates.replyPollMs}
              onOpenThreads={openThreads}
              onOpenWorkOrder={(workOrderId) => {
                setChosenWorkOrderId(workOrderId);
                setIsPanelChosenOpen(true);
              }}
              workOrderPanel={
                hasWorkOrder
                  ? {
                      isOpen: isPanelOpen,
                      onToggle: () => setIsPanelChosenOpen(!isPanelOpen),
                      controlsId: workOrderPanelId,
                    }
                  : undefined
              }
            />
          ) : (
            <Welcome
              onNewChat={startNewChat}
              isCreating={createThread.isPending}
              onOpenThreads={openThreads}
              hasThreads={(threads?.length ?? 0) > 0}
            />
          )}
        </Paper>

        {workOrderPanel && hasPanelColumn && isPanelOpen ? (
          <Paper withBorder radius="lg" className={`${panes.area} ${panes.panelArea}`} id={workOrderPanelId}>
            {workOrderPanel}
          </Paper>
        ) : null}
      </div>

      {workOrderPanel && !hasPanelColumn ? (
        <SideDrawer
          opened={isPanelOpen}
          onClose={() => setIsPanelChosenOpen(false)}
          label="Work order"
          position="right"
          size="24rem"
          id={workOrderPanelId}
        >
          {workOrderPanel}
        </SideDrawer>
      ) : null}

      <ConfirmDialog
        opened={threadToDelete !== null}
        title="Delete conversation"
        confirmLabel="Delete"
        isConfirming={deleteThread.isPending}
        onConfirm={confirmDelete}
        onClose={() => setThreadToDelete(null)}
      >
        {`Are you sure you want to delete "${threadToDelete?.title ?? ''}"? It will no longer appear in your conversations.`}
      </ConfirmDialog>
    </>
  );
}

interface WelcomeProps {
  onNewChat: () => void;
  isCreating: boolean;
  onOpenThreads: (() => void) | undefined;
  hasThreads: boolean;
}

/** SPEC §2: no conversation is open. */
function Welcome({ onNewChat, isCreating, onOpenThreads, hasThreads }: WelcomeProps) {
  return (
    <Stack align="center" justify="center" gap="sm" p="xl" ta="center" h="100%">
      <ThemeIcon size={64} radius="xl" variant="light">
        <IconMessageChatbot size={34} aria-hidden />
      </ThemeIcon>
      <Title order={2} size="h3">
        Welcome to AI Assistant
      </Title>
      <Text c="dimmed" maw={420}>
        Start a new conversation or select an existing thread to continue chatting.
      </Text>
      <Group gap="sm" justify="center" mt="sm">
        <Button
          leftSection={<IconMessagePlus size={18} aria-hidden />}
          onClick={onNewChat}
          loading={isCreating}
        >
          New Chat
        </Button>
        {onOpenThreads && hasThreads ? (
          <Button variant="default" leftSection={<IconMenu2 size={18} aria-hidden />} onClick={onOpenThreads}>
            Conversations
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

interface SideDrawerProps {
  opened: boolean;
  onClose: () => void;
  label: string;
  position: 'left' | 'right';
  size: string;
  id?: string;
  children: ReactNode;
}

/** A column that does not fit beside the chat slides over it; its content has its own close button. */
function SideDrawer({ opened, onClose, label, position, size, id, children }: SideDrawerProps) {
  return (
    <Drawer.Root opened={opened} onClose={onClose} position={position} size={size} id={id}>
      <Drawer.Overlay />
      <Drawer.Content aria-label={label}>
        <Drawer.Body p={0} h="100%">
          {children}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
