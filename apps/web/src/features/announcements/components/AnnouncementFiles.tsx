import { announcementFilesMax, type Announcement, type AnnouncementPost } from '@commonwise/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FilesPanel } from '../../attachments/index.ts';
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
  return (
    <FilesPanel
      files={files}
      target={{ announcementId: announcement.id }}
      canChange={
        side === 'author' && (announcement.status === 'draft' || announcement.status === 'scheduled')
      }
      max={announcementFilesMax}
      hint="They go out with it."
      emptyText={side === 'author' ? 'No files.' : null}
      onChanged={() => invalidateAnnouncementFiles(queryClient, announcement.id)}
    />
  );
}

/** The reader's files, under the text: nothing at all when there are none. */
export function PostFiles({ post }: { post: AnnouncementPost }) {
  return <AnnouncementFiles side="reader" announcement={post} />;
}
