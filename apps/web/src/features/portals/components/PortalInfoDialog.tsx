import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

interface PortalInfoDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}

/**
 * A dialog that explains something (a sample button's preview). Built from Modal's parts so that its
 * header is a plain div — Modal's own <header> outside the page's landmarks reads as a second banner —
 * and its close button is named.
 */
export function PortalInfoDialog({ opened, onClose, title, children }: PortalInfoDialogProps) {
  const isMobile = useMediaQuery('(max-width: 47.99em)');
  return (
    <Modal.Root opened={opened} onClose={onClose} centered fullScreen={isMobile}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close dialog" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
