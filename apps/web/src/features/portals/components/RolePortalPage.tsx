import type { Role } from '@commonwise/contracts';
import { EmptyState, Paper } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { portals } from '../../../lib/portals.ts';

/** A role portal's page. Its content arrives with later issues; until then it says so plainly. */
export function RolePortalPage({ role }: { role: Exclude<Role, 'admin'> }) {
  const portal = portals[role];
  return (
    <>
      <PageHeader title={portal.name} description={portal.description} />
      <Paper withBorder radius="lg" p="xl" maw={900}>
        <EmptyState
          icon={<IconTools size={28} aria-hidden />}
          withIndicatorBackground
          title="This portal is being built"
          description="Nothing to show yet. It fills in with the coming releases."
        />
      </Paper>
    </>
  );
}
