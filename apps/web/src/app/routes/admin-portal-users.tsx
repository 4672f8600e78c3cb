export { UsersPage as Component } from '../../features/users/components/UsersPage.tsx';
