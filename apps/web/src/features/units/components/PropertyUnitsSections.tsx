import { useSignedInUser } from '../../../lib/session.ts';
import { PeopleSection } from './PeopleSection.tsx';
import { UnitsTab } from './UnitsTab.tsx';

/**
 * Who sees the edit controls: the property's managers and admins (the server decides which property a
 * manager runs and answers 404 for another's; the controls only follow the role).
 */
function useCanEditUnits(): boolean {
  const { role } = useSignedInUser();
  return role === 'admin' || role === 'manager';
}

/** The property page's Units tab. */
export function PropertyUnits({ propertyId }: { propertyId: string }) {
  return <UnitsTab propertyId={propertyId} canEdit={useCanEditUnits()} />;
}

/** The property page's People tab: owners and occupants with their units. */
export function PropertyPeople({ propertyId }: { propertyId: string }) {
  return <PeopleSection propertyId={propertyId} canEdit={useCanEditUnits()} />;
}
