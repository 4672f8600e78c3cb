import { Group, Loader, Stack, Text } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { getErrorMessage, isApiRequestError } from '../lib/api.ts';
import { ErrorState } from './ErrorState.tsx';
import { StatusMessage } from './StatusMessage.tsx';

type DetailQuery = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
};

/**
 * What a detail page shows before it has its record: a loading line; "not found" (a 400 or 404: a bad
 * or unknown id, or one the person may not see — the two are never told apart); or the failure with a
 * retry. `back` leads out of the page in the last two. `what` is the record in words ("announcement");
 * `loadingText` replaces the loading line where a page words it otherwise.
 */
export function DetailLoadState({
  query,
  what,
  back,
  notFoundDescription,
  notFoundActions,
  loadingText,
}: {
  query: DetailQuery;
  what: string;
  back: ReactNode;
  notFoundDescription: string;
  notFoundActions?: ReactNode;
  loadingText?: string;
}) {
  if (query.isPending)
    return (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">{loadingText ?? `Loading the ${what}...`}</Text>
      </Group>
    );
  const isNotFound = isApiRequestError(query.error) && [400, 404].includes(query.error.status);
  return (
    <Stack>
      {back}
      {isNotFound ? (
        <StatusMessage
          headingOrder={1}
          icon={<IconFileSearch size={32} aria-hidden />}
          title={`${what.charAt(0).toUpperCase()}${what.slice(1)} not found`}
          description={notFoundDescription}
          actions={notFoundActions}
        />
      ) : (
        <ErrorState
          headingOrder={1}
          title={`Failed to load the ${what}`}
          description={getErrorMessage(query.error)}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      )}
    </Stack>
  );
}
