import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import panes from './ThreePaneLayout.module.css';

interface MessagesLoadStateProps {
  isPending: boolean;
  /** The messages could not be loaded and there are none to show. */
  failed: boolean;
  onRetry: () => void;
  /** The message list, once there is something to show. */
  children: ReactNode;
}

/** A conversation's messages (AI Assistant, work rooms) while they load, when they fail, then the list. */
export function MessagesLoadState({ isPending, failed, onRetry, children }: MessagesLoadStateProps) {
  if (isPending) {
    return (
      <Group justify="center" className={panes.grow} align="center">
        <Loader size="sm" role="status" aria-label="Loading messages" />
      </Group>
    );
  }
  if (failed) {
    return (
      <Stack className={panes.grow} p="md">
        <Alert color="red" title="The messages could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      </Stack>
    );
  }
  return children;
}
