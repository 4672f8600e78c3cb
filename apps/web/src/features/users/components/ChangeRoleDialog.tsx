import { roleLabels, roles, type Role, type User } from '@commonwise/contracts';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { useChangeRole } from '../api.ts';

const roleDescriptions: Record<Role, string> = {
  admin: 'Everything, including properties and users',
  manager: 'Runs the properties they are assigned to',
  resident: 'Lives at a property; requests work and asks the assistant',
  vendor: 'Works on the work orders assigned to them',
  board: 'Board member: reads properties, work orders and reports',
  developer: 'Developer of a new community',
};

interface ChangeRoleDialogProps {
  user: User;
  opened: boolean;
  onClose: () => void;
}

/** Change Role (SPEC §5): any of the six roles except the one the user already has. */
export function ChangeRoleDialog({ user, opened, onClose }: ChangeRoleDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Change Role">
      <ChangeRoleForm user={user} onClose={onClose} />
    </Modal>
  );
}

function ChangeRoleForm({ user, onClose }: Omit<ChangeRoleDialogProps, 'opened'>) {
  const [role, setRole] = useState<Role | null>(null);
  const changeRole = useChangeRole();

  const submit = () => {
    if (!role) return;
    changeRole.mutate(
      { userId: user.id, role },
      {
        onSuccess: () => {
          showSuccessToast('User role updated successfully');
          onClose();
        },
        onError: (error) => showFailureToast('Failed to update user role', error),
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        Choose the new role for <strong>{user.fullName || user.email}</strong>. What they can see and do
        changes with it.
      </Text>
      <Radio.Group label="Role" value={role} onChange={(value) => setRole(value as Role)}>
        <Stack gap="xs" mt="xs">
          {roles.map((option) => (
            <Radio
              key={option}
              value={option}
              disabled={option === user.role}
              label={option === user.role ? `${roleLabels[option]} (current role)` : roleLabels[option]}
              description={roleDescriptions[option]}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={changeRole.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={!role} loading={changeRole.isPending}>
          Change Role
        </Button>
      </Group>
    </Stack>
  );
}
