import { MyAnnouncementsCard } from '../../features/announcements/components/AnnouncementPortalCards.tsx';
import { OwnerAccountCard } from '../../features/finance/components/OwnerAccountCard.tsx';
import { AssociationRostersCard } from '../../features/committees/components/AssociationRostersCard.tsx';
import { MyLettersCard } from '../../features/letters/components/MyLettersCard.tsx';
import { ResidentPortalPage } from '../../features/portals/resident/components/ResidentPortalPage.tsx';
import { MyViolationsCard } from '../../features/violations/components/MyViolationsCard.tsx';
import { MyArcRequestsCard } from '../../features/arc/index.ts';
import { CommitteeWorkCard, PublishedDecisionsCard } from '../../features/decisions/index.ts';
import { MyAmenitiesCard } from '../../features/amenities/components/MyAmenitiesCard.tsx';
import { BoardHandoversCard } from '../../features/projects/index.ts';

/** The resident portal with the association's rosters: features meet here, not in each other. */
export function Component() {
  return (
    <ResidentPortalPage
      accountCard={(home) => <OwnerAccountCard home={home} />}
      announcementsCard={<MyAnnouncementsCard />}
      rostersCard={<AssociationRostersCard />}
      lettersCard={<MyLettersCard />}
      violationsCard={<MyViolationsCard />}
      arcCard={<MyArcRequestsCard />}
      committeeCard={<CommitteeWorkCard />}
      decisionsCard={<PublishedDecisionsCard />}
      amenitiesCard={<MyAmenitiesCard />}
      handoverCard={<BoardHandoversCard />}
    />
  );
}
