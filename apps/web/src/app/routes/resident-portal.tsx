import { OwnerAccountCard } from '../../features/finance/components/OwnerAccountCard.tsx';
import { AssociationRostersCard } from '../../features/committees/components/AssociationRostersCard.tsx';
import { MyLettersCard } from '../../features/letters/components/MyLettersCard.tsx';
import { ResidentPortalPage } from '../../features/portals/resident/components/ResidentPortalPage.tsx';
import { MyViolationsCard } from '../../features/violations/components/MyViolationsCard.tsx';

/** The resident portal with the association's rosters: features meet here, not in each other. */
export function Component() {
  return (
    <ResidentPortalPage
      accountCard={(home) => <OwnerAccountCard home={home} />}
      rostersCard={<AssociationRostersCard />}
      lettersCard={<MyLettersCard />}
      violationsCard={<MyViolationsCard />}
    />
  );
}
