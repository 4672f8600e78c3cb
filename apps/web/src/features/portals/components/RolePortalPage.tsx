import type { Role } from '@commonwise/contracts';
import { IconTools } from '@tabler/icons-react';
import { UpcomingPage } from '../../../components/UpcomingPage.tsx';
import { portals } from '../../../lib/portals.ts';

/** A role portal's page. Its content arrives with later issues; until then it says so plainly. */
export function RolePortalPage({ role }: { role: Exclude<Role, 'admin'> }) {
  const portal = portals[role];
  return (
    <UpcomingPage
      title={portal.name}
      description={portal.description}
      icon={<IconTools size={28} aria-hidden />}
      noticeTitle="This portal is being built"
      notice="Nothing to show yet. It fills in with the coming releases."
    />
  );
}
