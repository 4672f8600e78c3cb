export { ResidentsStep as Component } from '../../features/properties/onboarding/components/ResidentsStep.tsx';
