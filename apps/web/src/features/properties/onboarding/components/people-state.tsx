import { Anchor, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorState } from '../../../../components/ErrorState.tsx';

/** Loading and error states of a list of people. */
export function PeopleLoading({ text }: { text: string }) {
  return (
    <Group gap="sm" py="md" justify="center" role="status">
      <Loader size="xs" aria-hidden />
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}

export function PeopleError({
  title,
  onRetry,
  isRetrying,
}: {
  title: string;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <ErrorState
      headingOrder={3}
      title={title}
      description="There was a problem fetching the list. Please try again."
      onRetry={onRetry}
      isRetrying={isRetrying}
    />
  );
}

/** Nobody with the role yet: they are invited on the users page. */
export function NoPeople({ title, role }: { title: string; role: 'manager' | 'resident' }) {
  return (
    <Stack align="center" gap="xs" py="lg" ta="center">
      <ThemeIcon variant="light" color="gray" size={48} radius="xl">
        <IconUsers size={26} aria-hidden />
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed" maw={420}>
        Nobody has the {role} role yet. Invite people or change someone&apos;s role in{' '}
        <Anchor component={Link} to="/admin-portal/users" size="sm">
          User Management
        </Anchor>
        , or skip this step and add them later on the property&apos;s page.
      </Text>
    </Stack>
  );
}
