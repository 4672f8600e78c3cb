export { DashboardPage as Component } from '../../features/dashboard/components/DashboardPage.tsx';
