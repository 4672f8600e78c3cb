import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { getErrorMessage } from '../../../lib/api.ts';

/** What a section needs of a TanStack infinite query. */
interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

interface PagedSectionProps {
  query: PagedQuery;
  /** Read out while the first page loads, e.g. "Loading tasks". */
  loadingLabel: string;
  /** Said when the first page cannot be loaded, e.g. "Tasks could not be loaded". */
  failedLabel: string;
  /** The button that loads the next page, e.g. "Show more tasks". */
  moreLabel: string;
  /** Beside the button: how much is shown, e.g. "20 of 34". */
  shown?: string | undefined;
  children: ReactNode;
}

/**
 * One part of a work order that comes a page at a time (its tasks, its activity): a loader for the
 * first page, a message and Try again if it fails, then the content and a button for the next page.
 */
export function PagedSection({
  query,
  loadingLabel,
  failedLabel,
  moreLabel,
  shown,
  children,
}: PagedSectionProps) {
  if (query.isPending) {
    return (
      <Group gap="xs" role="status" aria-label={loadingLabel}>
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          {loadingLabel}...
        </Text>
      </Group>
    );
  }
  if (query.isError && !query.isFetchNextPageError) {
    return (
      <Stack gap={4} align="flex-start">
        <Text size="sm" c="red" role="alert">
          {failedLabel}: {getErrorMessage(query.error)}
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
        >
          Try again
        </Button>
      </Stack>
    );
  }
  return (
    <>
      {children}
      {query.hasNextPage ? (
        <Stack gap={4} align="center">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            {moreLabel}
          </Button>
          {shown ? (
            <Text size="xs" c="dimmed">
              {shown}
            </Text>
          ) : null}
          {query.isFetchNextPageError ? (
            <Text size="xs" c="red" role="alert">
              Could not load more: {getErrorMessage(query.error)}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </>
  );
}
