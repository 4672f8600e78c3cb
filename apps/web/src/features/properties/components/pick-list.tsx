import type { User } from '@commonwise/contracts';
import { Anchor, Button, Group, Loader, Select, Stack, Text, type SelectProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Link } from 'react-router';
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

/**
 * SPEC §5: when everyone with the role is on the property already, the pick list says so
 * ('No available managers' / 'No available residents') and where to find more people.
 */
export function NoneAvailable({
  role,
  reason,
  onClose,
}: {
  role: 'manager' | 'resident';
  reason: string;
  onClose: () => void;
}) {
  return (
    <Stack gap="md">
      <Text fw={500}>No available {role}s</Text>
      <Text size="sm" c="dimmed">
        {reason} Invite a {role} or change someone&apos;s role in{' '}
        <Anchor component={Link} to="/admin-portal/users" size="sm">
          User Management
        </Anchor>
        .
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

/** The searchable Select of people bound to a form's userId field (an emptied Select is ''). */
export function PersonSelect<Values extends { userId: string }>({
  form,
  people,
  ...props
}: { form: UseFormReturnType<Values>; people: readonly User[] } & Pick<
  SelectProps,
  'label' | 'placeholder' | 'nothingFoundMessage'
>) {
  const userIdProps = form.getInputProps('userId');
  return (
    <Select
      {...props}
      data={toUserOptions(people)}
      searchable
      withAsterisk
      data-autofocus
      key={form.key('userId')}
      {...userIdProps}
      onChange={(value) => (userIdProps.onChange as (value: string) => void)(value ?? '')}
    />
  );
}
