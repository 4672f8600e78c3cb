import type { PropertyDocument } from '@commonwise/contracts';
import { Button, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink, IconFileOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { fileExtensionOf } from '@commonwise/contracts';
import { fetchFileLink } from '../api.ts';
import { isPreviewable } from '../document-labels.ts';

interface PreviewDialogProps {
  document: PropertyDocument | null;
  onClose: () => void;
}

/** SPEC §2: PDFs and images inside the page; anything else opens in a new tab. */
export function PreviewDialog({ document, onClose }: PreviewDialogProps) {
  const isMobile = useMediaQuery('(max-width: 47.99em)');
  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      title={document?.name ?? ''}
      size="xl"
      fullScreen={isMobile}
      centered
    >
      {document ? <PreviewBody document={document} /> : null}
    </Modal>
  );
}

function PreviewBody({ document }: { document: PropertyDocument }) {
  // Links last an hour; a fresh one each time the dialog opens.
  const link = useQuery({
    queryKey: ['documents', document.id, 'file-link'],
    queryFn: () => fetchFileLink(document.id),
    staleTime: 30 * 60 * 1000,
    retry: false,
  });
  if (link.isPending)
    return (
      <Center h={200} role="status">
        <Loader size="sm" role="status" aria-label="Loading the file" />
      </Center>
    );
  if (link.isError)
    return (
      <Text c="red" role="alert">
        Failed to access document file
      </Text>
    );
  const url = link.data.url;
  const extension = fileExtensionOf(document.fileName);
  const openButton = (
    <Button
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      leftSection={<IconExternalLink size={16} aria-hidden />}
      variant={isPreviewable(document.fileName) ? 'default' : 'filled'}
    >
      Open File
    </Button>
  );
  if (!isPreviewable(document.fileName))
    return (
      <Stack align="center" gap="md" py="xl">
        <IconFileOff size={40} aria-hidden color="var(--mantine-color-gray-6)" />
        <Text ta="center">This file type cannot be previewed in the browser</Text>
        {openButton}
      </Stack>
    );
  return (
    <Stack gap="sm">
      {extension === 'pdf' ? (
        <iframe
          src={url}
          title={`Preview of ${document.name}`}
          style={{ width: '100%', height: 'min(75vh, 900px)', border: 0, borderRadius: 8 }}
        />
      ) : (
        <Image src={url} alt={document.name} fit="contain" mah="75vh" radius="sm" />
      )}
      <Group justify="flex-end">{openButton}</Group>
    </Stack>
  );
}
