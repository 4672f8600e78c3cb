// The announcements feature's entry for what is part of the signed-in shell's first download: the
// dashboard's Community Updates and the notification bell need the latest announcements' query and
// the reader's query key, not the rest of ./api.ts or the markdown renderer, which only the
// announcement pages load. Everything exported here is downloaded with the dashboard: add nothing
// heavy (docs/decisions/0063-shell-bundle.md). Route files import the pages from ./components.
export {
  announcementPagePath,
  announcementReaderKey,
  announcementsPagePath,
  isUnreadPost,
  latestAnnouncementsQueryOptions,
} from './latest.ts';
