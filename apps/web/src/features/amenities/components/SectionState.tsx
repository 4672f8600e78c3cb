import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { getErrorMessage } from '../../../lib/api.ts';

/**
 * A list's place on the page before it has its rows: a loading line, or why it failed with a way to try
 * again, never an empty state that was not checked. `children` renders the rows once they are in.
 */
export function SectionState<Data>({
  query,
  loadingText,
  errorTitle,
  children,
}: {
  query: UseQueryResult<Data>;
  loadingText: string;
  errorTitle: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending)
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          {loadingText}
        </Text>
      </Group>
    );
  if (query.isError)
    return (
      <Alert color="red" title={errorTitle}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{getErrorMessage(query.error)}</Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  return children(query.data);
}
