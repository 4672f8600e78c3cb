export { PropertiesPage as Component } from '../../features/properties/components/PropertiesPage.tsx';
