export { ReviewStep as Component } from '../../features/properties/onboarding/components/ReviewStep.tsx';
