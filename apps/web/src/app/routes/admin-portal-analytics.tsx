export { AssistantAnalyticsPage as Component } from '../../features/analytics/components/AssistantAnalyticsPage.tsx';
