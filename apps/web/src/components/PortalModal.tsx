import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface PortalModalProps extends Omit<ModalRootProps, 'title' | 'children'> {
  title: string;
  children: ReactNode;
}

/**
 * Mantine's Modal, put together so it passes axe: its header is a plain element (a <header> inside the
 * dialog counts as a second banner landmark beside the page's own) and its close button has a name.
 */
export function PortalModal({ title, children, ...props }: PortalModalProps) {
  return (
    <Modal.Root {...props}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
