import { Button, Stack, Text } from '@mantine/core';

interface LoadEarlierMessagesProps {
  onLoad: () => void;
  isLoading: boolean;
  error: string | null;
}

/** At the top of a conversation read backwards (assistant threads, work rooms): the page before. */
export function LoadEarlierMessages({ onLoad, isLoading, error }: LoadEarlierMessagesProps) {
  return (
    <Stack align="center" gap={4} mb="md">
      <Button variant="subtle" size="xs" onClick={onLoad} loading={isLoading}>
        Load earlier messages
      </Button>
      {error ? (
        <Text c="red" size="xs" role="alert">
          Earlier messages could not be loaded: {error}
        </Text>
      ) : null}
    </Stack>
  );
}
