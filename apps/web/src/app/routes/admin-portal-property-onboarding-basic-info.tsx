export { BasicInfoStep as Component } from '../../features/properties/onboarding/components/BasicInfoStep.tsx';
