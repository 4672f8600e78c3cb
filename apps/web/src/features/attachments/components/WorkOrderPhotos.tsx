import { Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { workOrderAttachmentsQueryOptions } from '../api.ts';
import { AttachmentGallery } from './AttachmentGallery.tsx';

/** A work order's photos and files: the resident's report's, the room's and the tasks', newest first. */
export function WorkOrderPhotos({ workOrderId }: { workOrderId: string }) {
  const query = useQuery(workOrderAttachmentsQueryOptions(workOrderId));
  return (
    <Stack gap="xs" component="section" aria-labelledby={`photos-${workOrderId}`}>
      <Title order={3} size="h5" id={`photos-${workOrderId}`}>
        Photos and files
      </Title>
      {query.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading photos" />
      ) : query.isError ? (
        <ErrorState
          title="Photos could not be loaded"
          description={getErrorMessage(query.error)}
          onRetry={() => void query.refetch()}
          headingOrder={3}
        />
      ) : query.data.attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No photos or files yet. They appear here when the resident, the vendor or a manager attaches them.
        </Text>
      ) : (
        <>
          <AttachmentGallery attachments={query.data.attachments} />
          {query.data.total > query.data.attachments.length ? (
            <Text size="xs" c="dimmed">
              Showing the newest {query.data.attachments.length} of {query.data.total}.
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}
