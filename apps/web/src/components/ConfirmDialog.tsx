import { Button, Group, Modal, Stack, Text, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The question or explanation. */
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: MantineColor;
  isConfirming?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question before an action that cannot simply be taken back. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  confirmColor = 'red',
  isConfirming = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="lg">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end" gap="sm">
          {/* Focus starts on the safe choice: Enter does not confirm by accident. */}
          <Button variant="default" onClick={onClose} disabled={isConfirming} data-autofocus>
            Cancel
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={isConfirming}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
