import { useParams } from 'react-router';
import { DocumentsPanel } from '../../features/documents/components/DocumentsPanel.tsx';
import { PropertySubpage } from '../../features/properties/index.ts';

/**
 * A managed property's documents, for its managers (admins have them on the property page): where a
 * manager uploads the property's documents (from the manager portal's property health, issue 26) and
 * adds the document behind a question the assistant could not answer. The server decides which
 * properties the caller may see; two features meet here, not in each other.
 */
export function Component() {
  const { id = '' } = useParams();
  return (
    <PropertySubpage
      propertyId={id}
      back={{ to: '/manager-portal', label: 'Manager Portal' }}
      title="documents"
    >
      {(property) => <DocumentsPanel propertyId={property.id} />}
    </PropertySubpage>
  );
}
