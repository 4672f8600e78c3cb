import { useParams } from 'react-router';
import { ProjectTypesPage } from '../../features/arc/components/ProjectTypesPage.tsx';
import { PropertySubpage } from '../../features/properties/index.ts';

/** A managed property's architectural project types (issue 22), for its managers. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <PropertySubpage
      propertyId={id}
      back={{ to: '/manager-portal', label: 'Manager Portal' }}
      title="architectural project types"
    >
      {(property) => <ProjectTypesPage propertyId={property.id} />}
    </PropertySubpage>
  );
}
