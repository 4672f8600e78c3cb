export { ResetPasswordPage as Component } from '../../features/auth/components/ResetPasswordPage.tsx';
