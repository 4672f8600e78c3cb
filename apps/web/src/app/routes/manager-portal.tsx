import { ManageAnnouncementsCard } from '../../features/announcements/components/AnnouncementPortalCards.tsx';
import { ArcReviewCard } from '../../features/arc/index.ts';
import { ManagerPortalPage } from '../../features/portals/manager/components/ManagerPortalPage.tsx';

/** The manager portal with architectural review at a glance and the way to announcements: features meet here, not in each other. */
export function Component() {
  return <ManagerPortalPage reviewCard={<ArcReviewCard />} announcementsCard={<ManageAnnouncementsCard />} />;
}
