export { OnboardingLayout as Component } from '../../features/properties/onboarding/components/OnboardingLayout.tsx';
