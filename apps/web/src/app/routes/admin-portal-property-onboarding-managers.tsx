export { ManagersStep as Component } from '../../features/properties/onboarding/components/ManagersStep.tsx';
