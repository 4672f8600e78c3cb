import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { portals } from '../../../lib/portals.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { CommunitySetupCard } from '../../properties/index.ts';
import { NewProjectDialog } from './NewProjectDialog.tsx';
import { MilestonesCard, ProjectOverviewCard, SalesDashboardCard } from './SampleSections.tsx';

/** /developer-portal (SPEC §2): sample project figures, and the live community setup checklist. */
export function DeveloperPortalPage() {
  const user = useSignedInUser();
  const [isNewProjectOpen, setNewProjectOpen] = useState(false);
  const isAdmin = user.role === 'admin';
  return (
    <>
      <PageHeader
        title={portals.developer.name}
        description={portals.developer.description}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setNewProjectOpen(true)}>
            New Project
          </Button>
        }
      />
      <Stack gap="lg" maw={1200}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ProjectOverviewCard />
          <SalesDashboardCard />
        </SimpleGrid>
        <CommunitySetupCard canEditProperties={isAdmin} />
        <MilestonesCard />
      </Stack>
      <NewProjectDialog
        opened={isNewProjectOpen}
        onClose={() => setNewProjectOpen(false)}
        canOnboard={isAdmin}
      />
    </>
  );
}
