// The work-orders feature's public components and helpers: other features import these from here,
// and its queries and mutations from ./api.ts (eslint.config.js refuses any other file of it).
export { CreateTaskDialog } from './components/CreateTaskDialog.tsx';
export { NeedsAttentionCard } from './components/NeedsAttentionCard.tsx';
export { MyWorkOrdersCard } from './components/MyWorkOrdersCard.tsx';
export { TaskDashboard } from './components/TaskDashboard.tsx';
export { VendorAssignField } from './components/VendorAssignField.tsx';
export { VendorWorkOrdersCard } from './components/VendorWorkOrdersCard.tsx';
export { VendorWorkSummary } from './components/VendorWorkSummary.tsx';
export { WorkOrderStatusBadge } from './components/WorkOrderBadges.tsx';
export { WorkOrderDrawer } from './components/WorkOrderDrawer.tsx';
export { WorkOrderOverviewSection } from './components/WorkOrderOverviewSection.tsx';
export { WorkOrderPanel } from './components/WorkOrderPanel.tsx';
export { WorkOrderRatingSection } from './components/WorkOrderRatingSection.tsx';
export { WorkOrderStatusField } from './components/WorkOrderStatusField.tsx';
export { WorkOrderTasksSection } from './components/WorkOrderTasksSection.tsx';
export {
  RelatedWorkOrdersRow,
  WorkOrderDetailRow,
  WorkOrderSummary,
} from './components/WorkOrderSummary.tsx';
export { useLiveWorkOrders } from './hooks/use-live-work-orders.ts';
export { formatWorkOrderNumber, shortWorkOrderId } from './labels.ts';
