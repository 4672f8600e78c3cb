import { attachmentAccept } from '@commonwise/contracts';
import { ActionIcon, FileButton, Group, Image, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconFile, IconPaperclip, IconX } from '@tabler/icons-react';
import type { AttachmentDraft } from '../hooks/use-attachment-draft.ts';

/** The paperclip: on a phone it offers the camera, the gallery and files. */
export function AttachButton({ draft, disabled }: { draft: AttachmentDraft; disabled?: boolean }) {
  return (
    <FileButton onChange={(files) => draft.add(files)} accept={attachmentAccept} multiple disabled={disabled}>
      {(props) => (
        <Tooltip label="Attach photos, videos or files" openDelay={400}>
          <ActionIcon
            {...props}
            variant="subtle"
            size={36}
            aria-label="Attach photos, videos or files"
            disabled={disabled}
          >
            <IconPaperclip size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </FileButton>
  );
}

/** The files chosen for the next message: each with its upload's progress, a way to remove it, and why it failed. */
export function AttachmentTray({
  draft,
  label = 'Files to send',
}: {
  draft: AttachmentDraft;
  label?: string;
}) {
  if (draft.files.length === 0) return null;
  return (
    <Group gap="xs" px="sm" pt="sm" aria-label={label} role="list">
      {draft.files.map((file) => (
        <Stack
          key={file.key}
          role="listitem"
          gap={4}
          w={96}
          p={4}
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 8,
            position: 'relative',
          }}
        >
          {file.previewUrl ? (
            <Image src={file.previewUrl} alt="" h={56} fit="cover" radius="sm" />
          ) : (
            <Group h={56} justify="center">
              <IconFile size={28} aria-hidden />
            </Group>
          )}
          <Text size="xs" truncate="end" title={file.name}>
            {file.name}
          </Text>
          {file.status === 'uploading' ? (
            <Progress
              value={Math.round(file.progress * 100)}
              size="xs"
              aria-label={`Uploading ${file.name}`}
            />
          ) : null}
          {file.status === 'failed' ? (
            <Text size="xs" c="red" role="alert">
              {file.error}
            </Text>
          ) : null}
          <ActionIcon
            size="sm"
            variant="filled"
            color="gray"
            radius="xl"
            aria-label={`Remove ${file.name}`}
            onClick={() => draft.remove(file.key)}
            style={{ position: 'absolute', top: -8, right: -8 }}
          >
            <IconX size={12} aria-hidden />
          </ActionIcon>
        </Stack>
      ))}
    </Group>
  );
}
