import type { User } from '@commonwise/contracts';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { ErrorState } from '../../../components/ErrorState.tsx';

/** Select options for people: the name, with the e-mail to tell namesakes apart (and to search by). */
export function toUserOptions(users: readonly User[]) {
  return users.map((user) => ({
    value: user.id,
    label: user.fullName ? `${user.fullName} (${user.email})` : user.email,
  }));
}

interface PickListStateProps {
  isError: boolean;
  loadingText: string;
  errorText: string;
  onRetry: () => void;
  isRetrying: boolean;
  onClose: () => void;
}

/** What a pick-list dialog shows until its list of people has loaded. */
export function PickListState({
  isError,
  loadingText,
  errorText,
  onRetry,
  isRetrying,
  onClose,
}: PickListStateProps) {
  return (
    <Stack gap="md">
      {isError ? (
        <ErrorState headingOrder={3} title={errorText} onRetry={onRetry} isRetrying={isRetrying} />
      ) : (
        <Group gap="sm" py="md" justify="center" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            {loadingText}
          </Text>
        </Group>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
