export { AccountPage as Component } from '../../features/account/components/AccountPage.tsx';
