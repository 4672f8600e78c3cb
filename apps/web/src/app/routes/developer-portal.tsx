import { DocumentsPanel } from '../../features/documents/components/DocumentsPanel.tsx';
import { DeveloperPortalPage } from '../../features/portals/developer/DeveloperPortalPage.tsx';

/**
 * The developer portal with the chosen project's community documents, where the hand-over's evidence is
 * kept and attached from: two features meet here, not in each other.
 */
export function Component() {
  return <DeveloperPortalPage documentsPanel={(propertyId) => <DocumentsPanel propertyId={propertyId} />} />;
}
