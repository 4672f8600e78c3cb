export { CompleteStep as Component } from '../../features/properties/onboarding/components/CompleteStep.tsx';
