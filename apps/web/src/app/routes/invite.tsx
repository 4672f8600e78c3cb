export { AcceptInvitationPage as Component } from '../../features/users/components/AcceptInvitationPage.tsx';
