import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PropertySubpage } from '../features/properties/index.ts';
import { useSignedInUser } from '../lib/session.ts';

/**
 * A property's finance page (issue 20: books, assessments, budget, owner balances) for its managers and
 * its board (admins too), under the property's name, with the way back to the person's portal. The
 * server decides which properties the caller may see and what they may do; two features meet here.
 */
export function FinanceSubpage({
  title,
  children,
}: {
  title: string;
  children: (propertyId: string) => ReactNode;
}) {
  const { id = '' } = useParams();
  const user = useSignedInUser();
  const back =
    user.role === 'board'
      ? { to: '/board-portal', label: 'Board Portal' }
      : { to: '/manager-portal', label: 'Manager Portal' };
  return (
    <PropertySubpage propertyId={id} back={back} title={title}>
      {(property) => children(property.id)}
    </PropertySubpage>
  );
}
