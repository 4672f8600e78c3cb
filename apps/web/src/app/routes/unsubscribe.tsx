export { UnsubscribePage as Component } from '../../features/notifications/components/UnsubscribePage.tsx';
