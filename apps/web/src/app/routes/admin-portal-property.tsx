export { PropertyDetailPage as Component } from '../../features/properties/components/PropertyDetailPage.tsx';
