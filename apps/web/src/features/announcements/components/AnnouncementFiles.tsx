import {
  allowedAttachmentsSentence,
  announcementFilesMax,
  attachmentAccept,
  type Announcement,
  type AnnouncementPost,
} from '@commonwise/contracts';
import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api.ts';
import { showFailureToast } from '../../../lib/toasts.ts';
import { AttachmentGallery } from '../../attachments/index.ts';
import { deleteAttachment, uploadAttachment } from '../../attachments/api.ts';
import { announcementFilesQueryOptions, invalidateAnnouncementFiles } from '../api.ts';

/**
 * An announcement's files (issue 23 item 1): a schedule, a map, a notice as a PDF. Readers see them
 * under the text; its authors add and remove them while it is a draft or scheduled. Every file is
 * checked by its bytes on the server, and opens only for whoever may read the announcement.
 */
export function AnnouncementFiles({
  side,
  announcement,
}: {
  side: 'author' | 'reader';
  announcement: Pick<Announcement, 'id' | 'propertyId'> & { status?: Announcement['status'] };
}) {
  const queryClient = useQueryClient();
  const files = useQuery(announcementFilesQueryOptions(side, announcement));
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const canChange =
    side === 'author' && (announcement.status === 'draft' || announcement.status === 'scheduled');
  const upload = useMutation({
    mutationFn: (file: File) =>
      uploadAttachment({ announcementId: announcement.id }, file, (fraction) => setProgress(fraction)),
    onSettled: () => {
      setProgress(null);
      return invalidateAnnouncementFiles(queryClient, announcement.id);
    },
  });
  const remove = useMutation({
    mutationFn: deleteAttachment,
    onSettled: () => invalidateAnnouncementFiles(queryClient, announcement.id),
  });

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
  if (list.length === 0 && !canChange) return side === 'author' ? <Text size="sm">No files.</Text> : null;
  return (
    <Stack gap="sm">
      {list.length > 0 ? <AttachmentGallery attachments={list} /> : null}
      {canChange && list.length > 0 ? (
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
      {canChange ? (
        <Stack gap={6} align="flex-start">
          <FileButton
            accept={attachmentAccept}
            disabled={upload.isPending || list.length >= announcementFilesMax}
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
                Add a file
              </Button>
            )}
          </FileButton>
          {progress !== null ? (
            <Progress value={Math.round(progress * 100)} w={240} aria-label="Upload progress" />
          ) : null}
          <Text size="xs" c="dimmed">
            Up to {announcementFilesMax} files. {allowedAttachmentsSentence} They go out with it.
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

/** The reader's files, under the text: nothing at all when there are none. */
export function PostFiles({ post }: { post: AnnouncementPost }) {
  return <AnnouncementFiles side="reader" announcement={post} />;
}
