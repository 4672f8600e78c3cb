import { useParams } from 'react-router';
import { AnnouncementPage } from '../../features/announcements/components/AnnouncementPage.tsx';
import { AnnouncementsPage } from '../../features/announcements/components/AnnouncementsPage.tsx';

/**
 * The announcements addressed to the person, and one of them (issue 23 item 1). Both routes load this
 * one chunk: each lazy chunk adds its imports' names to the first download (DESIGN.md §6 budget).
 */
export function Component() {
  const { announcementId } = useParams();
  return announcementId ? <AnnouncementPage announcementId={announcementId} /> : <AnnouncementsPage />;
}
