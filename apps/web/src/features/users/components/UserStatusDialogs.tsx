import type { User } from '@commonwise/contracts';
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
