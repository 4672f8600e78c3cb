export { VendorPortalPage as Component } from '../../features/portals/vendor/VendorPortalPage.tsx';
