import { useParams } from 'react-router';
import { BudgetPage } from '../../features/finance/components/BudgetPage.tsx';
import { PropertySubpage } from '../../features/properties/index.ts';
import { useSignedInUser } from '../../lib/session.ts';

/**
 * A property's budget by fiscal year (issue 20), for its managers, who draft it and record its
 * adoption, and its board, who read it (admins too). The server decides; two features meet here.
 */
export function Component() {
  const { id = '' } = useParams();
  const user = useSignedInUser();
  const back =
    user.role === 'board'
      ? { to: '/board-portal', label: 'Board Portal' }
      : { to: '/manager-portal', label: 'Manager Portal' };
  return (
    <PropertySubpage propertyId={id} back={back} title="budget">
      {(property) => <BudgetPage propertyId={property.id} />}
    </PropertySubpage>
  );
}
