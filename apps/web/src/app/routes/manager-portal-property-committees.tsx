import { useParams } from 'react-router';
import { CommitteesSection } from '../../features/committees/components/CommitteesSection.tsx';
import { PropertySubpage } from '../../features/properties/index.ts';

/**
 * A managed property's board and committees, for its managers (admins have them on the property page):
 * where a manager keeps the rosters (issue 17). The server decides which properties the caller may
 * see and change; two features meet here, not in each other.
 */
export function Component() {
  const { id = '' } = useParams();
  return (
    <PropertySubpage
      propertyId={id}
      back={{ to: '/manager-portal', label: 'Manager Portal' }}
      title="board & committees"
    >
      {(property) => <CommitteesSection propertyId={property.id} />}
    </PropertySubpage>
  );
}
