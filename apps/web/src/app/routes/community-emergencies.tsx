import { useLocation, useParams } from 'react-router';
import {
  EditAnnouncementPage,
  NewAnnouncementPage,
} from '../../features/announcements/components/AnnouncementComposer.tsx';
import { EmergencyPage } from '../../features/announcements/components/EmergencyPage.tsx';

/**
 * Emergency broadcasts (issue 23 item 2): a new notice, its check-and-send step, and editing it before
 * it goes. The three routes load this one chunk.
 */
export function Component() {
  const { propertyId, announcementId } = useParams();
  const { pathname } = useLocation();
  if (propertyId && announcementId)
    return pathname.endsWith('/edit') ? (
      <EditAnnouncementPage propertyId={propertyId} announcementId={announcementId} mode="emergency" />
    ) : (
      <EmergencyPage propertyId={propertyId} announcementId={announcementId} />
    );
  return <NewAnnouncementPage mode="emergency" />;
}
