import { ActionIcon, Group, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';

interface AssignmentCardProps {
  /** Heading id, for the section's accessible name. */
  id: string;
  title: string;
  action: ReactNode;
  isPending: boolean;
  loadingText: string;
  isError: boolean;
  errorText: string;
  onRetry: () => void;
  isRetrying: boolean;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** A card of people assigned to the property (managers, residents), with its own load states. */
export function AssignmentCard(props: AssignmentCardProps) {
  let body: ReactNode;
  if (props.isPending) {
    body = (
      <Group gap="sm" py="md" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          {props.loadingText}
        </Text>
      </Group>
    );
  } else if (props.isError) {
    body = (
      <ErrorState
        headingOrder={3}
        title={props.errorText}
        onRetry={props.onRetry}
        isRetrying={props.isRetrying}
      />
    );
  } else if (props.isEmpty) {
    body = (
      <Text size="sm" c="dimmed" py="md">
        {props.emptyText}
      </Text>
    );
  } else {
    body = (
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
        {props.children}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={props.id}>
      <Group justify="space-between" align="center" mb="sm" gap="sm">
        <Title order={2} size="h4" id={props.id}>
          {props.title}
        </Title>
        {props.action}
      </Group>
      {body}
    </Paper>
  );
}

interface AssignmentItemProps {
  name: string;
  email: string;
  /** Badges beside the name (Primary, the unit). */
  badges?: ReactNode;
  /** Buttons before the remove button. */
  actions?: ReactNode;
  removeLabel: string;
  onRemove: () => void;
}

export function AssignmentItem({ name, email, badges, actions, removeLabel, onRemove }: AssignmentItemProps) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Text fw={500} size="sm">
            {name || email}
          </Text>
          {badges}
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {email}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        {actions}
        <Tooltip label={removeLabel}>
          <ActionIcon variant="subtle" color="red" aria-label={removeLabel} onClick={onRemove}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
