import { useParams } from 'react-router';
import { LettersPage } from '../../features/letters/components/LettersPage.tsx';
import { PropertySubpage } from '../../features/properties/index.ts';

/**
 * A property's letters and templates (issue 18), for its managers and its board (admins too). The
 * server decides which properties the caller may see and what they may do; two features meet here.
 */
export function Component() {
  const { id = '' } = useParams();
  return (
    <PropertySubpage
      propertyId={id}
      back={{ to: '/manager-portal', label: 'Manager Portal' }}
      title="letters"
    >
      {(property) => <LettersPage propertyId={property.id} />}
    </PropertySubpage>
  );
}
