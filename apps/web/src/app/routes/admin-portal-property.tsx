import { CommitteesSection } from '../../features/committees/components/CommitteesSection.tsx';
import { DocumentsPanel } from '../../features/documents/components/DocumentsPanel.tsx';
import { PropertyDetailPage } from '../../features/properties/components/PropertyDetailPage.tsx';
import { PropertyPeople, PropertyUnits } from '../../features/units/components/PropertyUnitsSections.tsx';

/** The property detail page with its documents panel and rosters: features meet here, not in each other. */
export function Component() {
  return (
    <PropertyDetailPage
      renderDocuments={(propertyId) => <DocumentsPanel propertyId={propertyId} />}
      renderCommittees={(propertyId) => <CommitteesSection propertyId={propertyId} />}
      renderUnits={(propertyId) => <PropertyUnits propertyId={propertyId} />}
      renderPeople={(propertyId) => <PropertyPeople propertyId={propertyId} />}
    />
  );
}
