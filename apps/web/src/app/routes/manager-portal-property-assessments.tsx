import { useParams } from 'react-router';
import { AssessmentsPage } from '../../features/finance/components/AssessmentsPage.tsx';
import { PropertySubpage } from '../../features/properties/index.ts';
import { useSignedInUser } from '../../lib/session.ts';

/**
 * A property's assessments (issue 20, item 2), for its managers and its board (admins too). The server
 * decides which properties the caller may see and what they may do; two features meet here.
 */
export function Component() {
  const { id = '' } = useParams();
  const user = useSignedInUser();
  const back =
    user.role === 'board'
      ? { to: '/board-portal', label: 'Board Portal' }
      : { to: '/manager-portal', label: 'Manager Portal' };
  return (
    <PropertySubpage propertyId={id} back={back} title="assessments">
      {(property) => <AssessmentsPage propertyId={property.id} />}
    </PropertySubpage>
  );
}
