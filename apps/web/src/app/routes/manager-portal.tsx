import { ArcReviewCard } from '../../features/arc/index.ts';
import { ManagerPortalPage } from '../../features/portals/manager/components/ManagerPortalPage.tsx';

/** The manager portal with architectural review at a glance: features meet here, not in each other. */
export function Component() {
  return <ManagerPortalPage reviewCard={<ArcReviewCard />} />;
}
