import { useParams } from 'react-router';
import { LetterDetail } from '../../features/letters/components/LetterDetail.tsx';
import { PropertySubpage } from '../../features/properties/index.ts';

/** One letter of a property: its PDF, approval, sending and delivery record (issue 18). */
export function Component() {
  const { id = '', letterId = '' } = useParams();
  return (
    <PropertySubpage propertyId={id} back={{ to: '/manager-portal', label: 'Manager Portal' }} title="letter">
      {(property) => <LetterDetail propertyId={property.id} letterId={letterId} />}
    </PropertySubpage>
  );
}
