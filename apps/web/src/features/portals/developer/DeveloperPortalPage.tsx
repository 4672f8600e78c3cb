import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { portals } from '../../../lib/portals.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { DeveloperProjects, NewProjectDialog, useSelectProject } from '../../projects/index.ts';
import { CommunitySetupCard } from '../../properties/index.ts';

/**
 * /developer-portal (SPEC §2, issue 25): the developer's projects, live (overview, sales, inventory,
 * milestones, hand-over), New Project, and the community setup checklist.
 */
export function DeveloperPortalPage({
  documentsPanel,
}: {
  /** The chosen project's community documents (the documents feature; the route file composes it). */
  documentsPanel?: (propertyId: string) => ReactNode;
} = {}) {
  const user = useSignedInUser();
  const [isNewProjectOpen, setNewProjectOpen] = useState(false);
  const selectProject = useSelectProject();
  const openNewProject = () => setNewProjectOpen(true);
  return (
    <>
      <PageHeader
        title={portals.developer.name}
        description={portals.developer.description}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openNewProject}>
            New Project
          </Button>
        }
      />
      <Stack gap="lg" maw={1200}>
        <DeveloperProjects onNewProject={openNewProject} documentsPanel={documentsPanel} />
        <CommunitySetupCard canEditProperties={user.role === 'admin'} />
      </Stack>
      <NewProjectDialog
        opened={isNewProjectOpen}
        onClose={() => setNewProjectOpen(false)}
        onCreated={(project) => {
          setNewProjectOpen(false);
          selectProject(project);
        }}
      />
    </>
  );
}
