import type { Project, ProjectSummary } from '@commonwise/contracts';
import { Button, Card, Select, Stack } from '@mantine/core';
import { IconBuildingCommunity, IconFileSearch, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { projectQueryOptions, projectsQueryOptions } from '../api.ts';
import { formatBp } from '../labels.ts';
import { HandoverCard } from './HandoverCard.tsx';
import { InventoryCard } from './InventoryCard.tsx';
import { MilestonesCard } from './MilestonesCard.tsx';
import { Loading } from './ProjectBits.tsx';
import { ProjectOverviewCard } from './ProjectOverviewCard.tsx';
import { ProjectTeamCard } from './ProjectTeamCard.tsx';
import { SalesDashboardCard } from './SalesDashboardCard.tsx';

/**
 * The chosen project is kept in the address (?project=), so a reload or a shared link keeps it; the
 * community setup checklist (?community=) follows it to the project's property.
 */
export function useSelectProject() {
  const [, setParams] = useSearchParams();
  return (project: Pick<Project, 'id' | 'propertyId'>) =>
    setParams((params) => {
      params.set('project', project.id);
      params.set('community', project.propertyId);
      return params;
    });
}

/**
 * The developer's projects (issue 25): a picker when there are several, and the chosen one's overview,
 * sales dashboard, inventory, milestones, hand-over and documents, all live.
 */
export function DeveloperProjects({
  onNewProject,
  documentsPanel,
}: {
  onNewProject: () => void;
  /** The community's documents (the documents feature; the route file composes it). */
  documentsPanel?: (propertyId: string) => ReactNode;
}) {
  const projects = useQuery(projectsQueryOptions);
  const [params] = useSearchParams();
  const selectProject = useSelectProject();

  if (projects.isPending)
    return (
      <Card withBorder radius="lg" padding="lg">
        <Loading text="Loading projects..." />
      </Card>
    );
  if (projects.isError)
    return (
      <Card withBorder radius="lg" padding="lg">
        <ErrorState
          title="Failed to load projects"
          description={getErrorMessage(projects.error)}
          onRetry={() => void projects.refetch()}
          isRetrying={projects.isFetching}
        />
      </Card>
    );

  const list = projects.data;
  const selectedId = params.get('project') ?? list[0]?.id ?? null;
  if (!selectedId)
    return (
      <Card withBorder radius="lg" padding="lg" component="section" aria-label="Projects">
        <StatusMessage
          icon={<IconBuildingCommunity size={32} aria-hidden />}
          title="No projects yet"
          description="Create a project for each community you build: its phases and lots, their sales, milestones and the hand-over to the owners."
          actions={
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNewProject}>
              New Project
            </Button>
          }
        />
      </Card>
    );

  const isListed = list.some((project) => project.id === selectedId);
  return (
    <Stack gap="lg">
      {list.length > 1 || !isListed ? (
        <ProjectPicker
          projects={list}
          value={isListed ? selectedId : null}
          onChange={(project) => selectProject(project)}
        />
      ) : null}
      <ProjectView key={selectedId} projectId={selectedId} documentsPanel={documentsPanel} />
    </Stack>
  );
}

function ProjectPicker({
  projects,
  value,
  onChange,
}: {
  projects: ProjectSummary[];
  value: string | null;
  onChange: (project: ProjectSummary) => void;
}) {
  return (
    <Select
      label="Project"
      description={`${projects.length} ${projects.length === 1 ? 'project' : 'projects'}`}
      leftSection={<IconBuildingCommunity size={16} aria-hidden />}
      data={projects.map((project) => ({
        value: project.id,
        label: `${project.name} (${formatBp(project.conveyedBp)} conveyed)`,
      }))}
      value={value}
      placeholder="Choose a project"
      allowDeselect={false}
      searchable={projects.length > 6}
      nothingFoundMessage="No project matches"
      maw={{ base: '100%', sm: 460 }}
      onChange={(id) => {
        const project = projects.find((candidate) => candidate.id === id);
        if (project) onChange(project);
      }}
    />
  );
}

function ProjectView({
  projectId,
  documentsPanel,
}: {
  projectId: string;
  documentsPanel?: ((propertyId: string) => ReactNode) | undefined;
}) {
  const project = useQuery(projectQueryOptions(projectId));
  const [params, setParams] = useSearchParams();
  const propertyId = project.data?.propertyId;
  const hasCommunity = params.has('community');
  const namesProject = params.has('project');

  // The setup checklist follows a project named in the address when it names no community. A bare
  // /developer-portal is left as it was opened (its checklist starts on the first community).
  useEffect(() => {
    if (!propertyId || hasCommunity || !namesProject) return;
    setParams(
      (current) => {
        current.set('community', propertyId);
        return current;
      },
      { replace: true },
    );
  }, [propertyId, hasCommunity, namesProject, setParams]);

  if (project.isPending)
    return (
      <Card withBorder radius="lg" padding="lg">
        <Loading text="Loading the project..." />
      </Card>
    );
  if (project.isError) {
    const isNotFound = isApiRequestError(project.error) && [400, 404].includes(project.error.status);
    return (
      <Card withBorder radius="lg" padding="lg">
        {isNotFound ? (
          <StatusMessage
            icon={<IconFileSearch size={32} aria-hidden />}
            title="Project not found"
            description="It may have been removed, or you do not take part in it."
          />
        ) : (
          <ErrorState
            title="Failed to load the project"
            description={getErrorMessage(project.error)}
            onRetry={() => void project.refetch()}
            isRetrying={project.isFetching}
          />
        )}
      </Card>
    );
  }
  const data = project.data;
  return (
    <Stack gap="lg">
      <ProjectOverviewCard project={data} />
      <SalesDashboardCard project={data} />
      <InventoryCard project={data} />
      <MilestonesCard project={data} />
      <HandoverCard project={data} />
      <ProjectTeamCard project={data} />
      {documentsPanel?.(data.propertyId)}
    </Stack>
  );
}
