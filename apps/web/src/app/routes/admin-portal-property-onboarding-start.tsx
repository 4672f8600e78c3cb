export { WelcomeStep as Component } from '../../features/properties/onboarding/components/WelcomeStep.tsx';
