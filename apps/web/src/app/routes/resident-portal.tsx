export { ResidentPortalPage as Component } from '../../features/portals/resident/components/ResidentPortalPage.tsx';
