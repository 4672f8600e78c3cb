export { DocumentsStep as Component } from '../../features/properties/onboarding/components/DocumentsStep.tsx';
