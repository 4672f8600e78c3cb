import { ManagerPortalPage } from '../../features/portals/manager/components/ManagerPortalPage.tsx';

export function Component() {
  return <ManagerPortalPage />;
}
