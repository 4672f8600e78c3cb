import type { AnnouncementFeed, AnnouncementPost } from '@commonwise/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

// Apart from api.ts so that the dashboard's Community Updates (through ./index.ts) and the notification
// bell, which need only this, do not download the announcements' queries, mutations and markdown
// renderer: the signed-in shell is within a size budget (docs/decisions/0063-shell-bundle.md).

/**
 * Everything a reader's screens show of announcements (the feed, one announcement, the dashboard's
 * latest): a new notification reloads it, so an announcement appears within seconds of its sending.
 */
export const announcementReaderKey = ['announcements', 'reader'] as const;

/** The reader's page of all announcements, and one of them. */
export const announcementsPagePath = '/announcements';
export const announcementPagePath = (announcementId: string) =>
  `${announcementsPagePath}/${encodeURIComponent(announcementId)}`;

/** The reader's routes: what is addressed to the signed-in person (the feed, one, read, acknowledge). */
export const readerApiBase = '/api/me/announcements';

export const latestAnnouncementsLimit = 3;

/** The newest live announcements addressed to the person (the dashboard's Community Updates). */
export const latestAnnouncementsQueryOptions = queryOptions({
  queryKey: [...announcementReaderKey, 'latest'],
  queryFn: ({ signal }) =>
    api.get<AnnouncementFeed>(`${readerApiBase}?page=1&limit=${latestAnnouncementsLimit}`, { signal }),
  staleTime: 30_000,
});

/**
 * Addressed to the person and not read yet. An association's managers and board also see what it
 * sends to others (isForMe false): that is never unread for them, and asks them for nothing.
 */
export const isUnreadPost = (post: Pick<AnnouncementPost, 'isForMe' | 'readAt'>) =>
  post.isForMe && post.readAt === null;
