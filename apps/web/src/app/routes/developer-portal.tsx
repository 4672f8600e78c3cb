import { RolePortalPage } from '../../features/portals/components/RolePortalPage.tsx';

export function Component() {
  return <RolePortalPage role="developer" />;
}
