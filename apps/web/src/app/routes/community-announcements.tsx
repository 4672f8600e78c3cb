import { useLocation, useParams } from 'react-router';
import {
  EditAnnouncementPage,
  NewAnnouncementPage,
} from '../../features/announcements/components/AnnouncementComposer.tsx';
import { ManageAnnouncementPage } from '../../features/announcements/components/ManageAnnouncementPage.tsx';
import { ManageAnnouncementsPage } from '../../features/announcements/components/ManageAnnouncementsPage.tsx';

/**
 * The announcements an association's managers and board write (issue 23 item 1): the list, a new one,
 * one with its readers, and editing it. The four routes load this one chunk: each lazy chunk adds its
 * imports' names to the first download (DESIGN.md §6 budget).
 */
export function Component() {
  const { propertyId, announcementId } = useParams();
  const { pathname } = useLocation();
  if (propertyId && announcementId)
    return pathname.endsWith('/edit') ? (
      <EditAnnouncementPage propertyId={propertyId} announcementId={announcementId} />
    ) : (
      <ManageAnnouncementPage propertyId={propertyId} announcementId={announcementId} />
    );
  if (pathname.replace(/\/$/, '').endsWith('/new')) return <NewAnnouncementPage />;
  return <ManageAnnouncementsPage />;
}
