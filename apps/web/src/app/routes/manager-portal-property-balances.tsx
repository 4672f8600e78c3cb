import { useParams } from 'react-router';
import { OwnerBalancesPage } from '../../features/finance/components/OwnerBalancesPage.tsx';
import { PropertySubpage } from '../../features/properties/index.ts';
import { useSignedInUser } from '../../lib/session.ts';

/** A property's owner balances by age (issue 20), for its managers and its board (admins too). */
export function Component() {
  const { id = '' } = useParams();
  const user = useSignedInUser();
  const back =
    user.role === 'board'
      ? { to: '/board-portal', label: 'Board Portal' }
      : { to: '/manager-portal', label: 'Manager Portal' };
  return (
    <PropertySubpage propertyId={id} back={back} title="owner balances">
      {(property) => <OwnerBalancesPage propertyId={property.id} />}
    </PropertySubpage>
  );
}
