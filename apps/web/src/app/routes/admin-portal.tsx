export { AdminPortalPage as Component } from '../../features/portals/components/AdminPortalPage.tsx';
