import { Button, Group, Stack, Text, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { PortalModal } from './PortalModal.tsx';

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

/**
 * White text on a filled button needs a dark shade: red at the theme's shade 7 is 3.8:1, shade 9 passes.
 * A colour given with its shade ("green.9") is used as it is.
 */
const filledShade = (color: MantineColor) => (color.includes('.') ? color : `${color}.9`);

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
    <PortalModal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="lg">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end" gap="sm">
          {/* Focus starts on the safe choice: Enter does not confirm by accident. */}
          <Button variant="default" onClick={onClose} disabled={isConfirming} data-autofocus>
            Cancel
          </Button>
          <Button color={filledShade(confirmColor)} onClick={onConfirm} loading={isConfirming}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </PortalModal>
  );
}
