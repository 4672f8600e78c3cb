export { CreatePropertyPage as Component } from '../../features/properties/components/CreatePropertyPage.tsx';
