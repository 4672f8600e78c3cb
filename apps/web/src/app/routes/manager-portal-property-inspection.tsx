import { useParams } from 'react-router';
import { InspectionPage } from '../../features/violations/components/InspectionPage.tsx';
import { PropertySubpage } from '../../features/properties/index.ts';

/** An inspection drive of a managed property (issue 21), made for a phone. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <PropertySubpage
      propertyId={id}
      back={{ to: '/manager-portal', label: 'Manager Portal' }}
      title="inspection"
    >
      {(property) => <InspectionPage propertyId={property.id} />}
    </PropertySubpage>
  );
}
