import {
  allowedAttachmentsSentence,
  attachmentAccept,
  type AttachmentList,
  type AttachmentTarget,
} from '@commonwise/contracts';
import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useMutation, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api.ts';
import { showFailureToast } from '../../../lib/toasts.ts';
import { deleteAttachment, uploadAttachment } from '../api.ts';
import { AttachmentGallery } from './AttachmentGallery.tsx';

/**
 * The files of one thing (an announcement, a deposit settlement): shown as a gallery, and, while they
 * may still change, added one at a time (with progress) and removed. The server checks every file by its
 * bytes and decides who may open it; this only shows what it answered.
 */
export function FilesPanel({
  files,
  target,
  canChange,
  canAdd = canChange,
  canRemove = canChange,
  max,
  hint,
  emptyText,
  addLabel = 'Add a file',
  onChanged,
}: {
  files: UseQueryResult<AttachmentList>;
  /** Where an upload goes. */
  target: AttachmentTarget;
  canChange: boolean;
  /** When adding and removing differ (a rejected document's wrong file may go, none may be added). */
  canAdd?: boolean;
  canRemove?: boolean;
  max: number;
  /** Under the button: what the files are for and who sees them. */
  hint: string;
  /** Shown when there are none and none may be added (nothing at all when null). */
  emptyText: string | null;
  addLabel?: string;
  onChanged: () => Promise<unknown>;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadAttachment(target, file, (fraction) => setProgress(fraction)),
    onSettled: () => {
      setProgress(null);
      return onChanged();
    },
  });
  const remove = useMutation({ mutationFn: deleteAttachment, onSettled: onChanged });

  if (files.isPending)
    return (
      <Text size="sm" c="dimmed">
        Loading files...
      </Text>
    );
  if (files.isError)
    return (
      <Text size="sm" c="red.9" role="alert">
        The files could not be loaded: {getErrorMessage(files.error)}
      </Text>
    );
  const list = files.data.attachments;
  if (list.length === 0 && !canAdd) return emptyText ? <Text size="sm">{emptyText}</Text> : null;
  return (
    <Stack gap="sm">
      {list.length > 0 ? <AttachmentGallery attachments={list} /> : null}
      {canRemove && list.length > 0 ? (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Files to remove">
          {list.map((file) => (
            <Group key={file.id} component="li" gap="xs" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere', flex: 1 }}>
                {file.fileName}
              </Text>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                leftSection={<IconTrash size={14} aria-hidden />}
                aria-label={`Remove ${file.fileName}`}
                loading={remove.isPending && remove.variables === file.id}
                onClick={() =>
                  remove.mutate(file.id, {
                    onError: (error) => showFailureToast(`${file.fileName} was not removed`, error),
                  })
                }
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      ) : null}
      {canAdd ? (
        <Stack gap={6} align="flex-start">
          <FileButton
            accept={attachmentAccept}
            disabled={upload.isPending || list.length >= max}
            onChange={(file) => {
              if (!file) return;
              setFailure(null);
              upload.mutate(file, { onError: (error) => setFailure(getErrorMessage(error)) });
            }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconPaperclip size={16} aria-hidden />}
                loading={upload.isPending}
              >
                {addLabel}
              </Button>
            )}
          </FileButton>
          {progress !== null ? (
            <Progress value={Math.round(progress * 100)} w={240} aria-label="Upload progress" />
          ) : null}
          <Text size="xs" c="dimmed">
            Up to {max} files. {allowedAttachmentsSentence} {hint}
          </Text>
          {failure ? (
            <Text size="sm" c="red.9" role="alert">
              {failure}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
