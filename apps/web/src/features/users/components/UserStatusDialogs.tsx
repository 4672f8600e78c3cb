import type { User } from '@commonwise/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { useSetUserActive } from '../api.ts';

const nameOf = (user: User) => user.fullName || user.email;

interface SetActiveDialogProps {
  user: User;
  /** What the dialog does: true reactivates, false deactivates. */
  isActive: boolean;
  opened: boolean;
  onClose: () => void;
}

/** Asks before deactivating (signed out everywhere, cannot sign in) or reactivating someone. */
export function SetActiveDialog({ user, isActive, opened, onClose }: SetActiveDialogProps) {
  const setActive = useSetUserActive();
  return (
    <ConfirmDialog
      opened={opened}
      title={isActive ? 'Reactivate user' : 'Deactivate user'}
      confirmLabel={isActive ? 'Reactivate' : 'Deactivate'}
      confirmColor={isActive ? 'green' : 'red'}
      isConfirming={setActive.isPending}
      onClose={onClose}
      onConfirm={() =>
        setActive.mutate(
          { userId: user.id, isActive },
          {
            onSuccess: () => {
              showSuccessToast(
                isActive ? `${nameOf(user)} has been reactivated` : `${nameOf(user)} has been deactivated`,
              );
              onClose();
            },
            onError: (error) =>
              showFailureToast(isActive ? 'Failed to reactivate user' : 'Failed to deactivate user', error),
          },
        )
      }
    >
      {isActive
        ? `${nameOf(user)} will be able to sign in again with their password.`
        : `${nameOf(user)} will be signed out everywhere and can no longer sign in. Their history stays, and you can reactivate them at any time.`}
    </ConfirmDialog>
  );
}

interface DeleteUserDialogProps {
  user: User;
  /** Offer deactivation instead (not for oneself, nor for someone already deactivated). */
  canDeactivate: boolean;
  opened: boolean;
  onClose: () => void;
}

/**
 * The Delete action. The server refuses to delete people (their work orders, messages and history
 * would be orphaned), so instead of 'Are you sure?' this explains and offers deactivation.
 */
export function DeleteUserDialog({ user, canDeactivate, opened, onClose }: DeleteUserDialogProps) {
  const setActive = useSetUserActive();
  return (
    <Modal opened={opened} onClose={onClose} title="Users cannot be deleted">
      <Stack gap="lg">
        <Text>Users cannot be deleted, so that their history stays intact. Deactivate the user instead.</Text>
        {canDeactivate ? (
          <Text size="sm" c="dimmed">
            Deactivating {nameOf(user)} signs them out everywhere and stops them signing in; you can
            reactivate them at any time.
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={setActive.isPending}>
            {canDeactivate ? 'Cancel' : 'Close'}
          </Button>
          {canDeactivate ? (
            <Button
              color="red"
              loading={setActive.isPending}
              onClick={() =>
                setActive.mutate(
                  { userId: user.id, isActive: false },
                  {
                    onSuccess: () => {
                      showSuccessToast(`${nameOf(user)} has been deactivated`);
                      onClose();
                    },
                    onError: (error) => showFailureToast('Failed to deactivate user', error),
                  },
                )
              }
            >
              Deactivate instead
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
