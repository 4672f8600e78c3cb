import { IconMessages } from '@tabler/icons-react';
import { UpcomingPage } from '../../../components/UpcomingPage.tsx';

/** /work-rooms: per-work-order rooms arrive in a later release; the route exists now. */
export function WorkRoomsPage() {
  return (
    <UpcomingPage
      title="Work Rooms"
      description="One room per work order, where residents, managers and vendors talk it through."
      icon={<IconMessages size={28} aria-hidden />}
      noticeTitle="Coming in a later release"
      notice="Work Rooms are not available yet. They arrive in a later release."
    />
  );
}
