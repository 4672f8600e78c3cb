export { NotificationCentrePage as Component } from '../../features/notifications/components/NotificationCentrePage.tsx';
