import type { Attachment } from '@commonwise/contracts';
import { ActionIcon, Anchor, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconFile,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';

const stopEscape = { 'data-mantine-stop-propagation': 'true' } as const;

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * Attachments as thumbnails (photos, videos) and links (files); a photo or video opens in a viewer
 * that steps through them with the arrow keys. Links are signed for an hour; a page left open longer
 * loads them afresh when it is read again.
 */
export function AttachmentGallery({ attachments, size = 88 }: { attachments: Attachment[]; size?: number }) {
  const [open, setOpen] = useState<number | null>(null);
  const viewable = attachments.filter((attachment) => attachment.kind !== 'file');
  const files = attachments.filter((attachment) => attachment.kind === 'file');
  const current = open === null ? null : viewable[open];
  const step = (by: number) =>
    setOpen((index) => (index === null ? null : (index + by + viewable.length) % viewable.length));
  // The viewer's keys. A Mantine dialog under it (a work order's sheet) closes on any Escape pressed
  // in the window unless the focused element says not to (data-mantine-stop-propagation), so the
  // viewer's controls say so and the viewer closes itself: Escape closes the viewer only.
  const onKeyDown = (event: KeyboardEvent) => {
    if (open === null) return;
    if (event.key === 'ArrowRight') step(1);
    if (event.key === 'ArrowLeft') step(-1);
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(null);
    }
  };

  return (
    <Stack gap={6} onKeyDown={onKeyDown}>
      {viewable.length > 0 ? (
        <Group gap={6}>
          {viewable.map((attachment, index) => (
            <UnstyledButton
              key={attachment.id}
              onClick={() => setOpen(index)}
              aria-label={`Open ${attachment.kind === 'video' ? 'video' : 'photo'} ${attachment.fileName}`}
              style={{
                width: size,
                height: size,
                borderRadius: 8,
                overflow: 'hidden',
                background: 'var(--mantine-color-gray-2)',
                display: 'grid',
                placeItems: 'center',
              }}
            >
              {attachment.thumbnailUrl ? (
                <img
                  src={attachment.thumbnailUrl}
                  alt={attachment.fileName}
                  loading="lazy"
                  width={size}
                  height={size}
                  style={{ objectFit: 'cover', width: size, height: size }}
                />
              ) : (
                <IconPlayerPlay size={28} aria-hidden />
              )}
            </UnstyledButton>
          ))}
        </Group>
      ) : null}
      {files.map((attachment) => (
        <Group key={attachment.id} gap={6} wrap="nowrap">
          <IconFile size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Anchor
            href={attachment.url}
            target="_blank"
            rel="noopener"
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {attachment.fileName}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {sizeOf(attachment.sizeBytes)}
          </Text>
        </Group>
      ))}
      <Modal
        opened={current !== null && current !== undefined}
        onClose={() => setOpen(null)}
        title={current ? current.fileName : ''}
        size="xl"
        centered
        closeOnEscape={false}
        closeButtonProps={{ 'aria-label': 'Close', ...stopEscape }}
        fullScreen={typeof window !== 'undefined' && window.innerWidth < 576}
      >
        {current ? (
          <Stack gap="sm">
            {current.kind === 'video' ? (
              <video
                src={current.url}
                controls
                preload="metadata"
                style={{ width: '100%', maxHeight: '70vh' }}
              >
                <track kind="captions" />
              </video>
            ) : (
              <img
                src={current.url}
                alt={current.fileName}
                style={{ width: '100%', maxHeight: '70vh', objectFit: 'contain' }}
              />
            )}
            <Group justify="space-between">
              <Group gap="xs">
                <ActionIcon
                  variant="default"
                  aria-label="Previous"
                  onClick={() => step(-1)}
                  disabled={viewable.length < 2}
                >
                  <IconChevronLeft size={18} aria-hidden />
                </ActionIcon>
                <Text size="sm" c="dimmed">
                  {open! + 1} of {viewable.length}
                  {current.uploadedBy ? ` · from ${current.uploadedBy.fullName}` : ''}
                </Text>
                <ActionIcon
                  variant="default"
                  aria-label="Next"
                  onClick={() => step(1)}
                  disabled={viewable.length < 2}
                >
                  <IconChevronRight size={18} aria-hidden />
                </ActionIcon>
              </Group>
              <Anchor {...stopEscape} href={current.url} target="_blank" rel="noopener" size="sm">
                <Group gap={4}>
                  <IconDownload size={16} aria-hidden /> Open full size
                </Group>
              </Anchor>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
