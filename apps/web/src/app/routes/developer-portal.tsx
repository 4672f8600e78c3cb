export { DeveloperPortalPage as Component } from '../../features/portals/developer/DeveloperPortalPage.tsx';
