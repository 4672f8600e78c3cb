import type { Milestone, Project } from '@commonwise/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconFlag, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DocumentLink } from '../../../components/DocumentLink.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { milestonesQueryOptions } from '../api.ts';
import { milestoneKindLabels } from '../labels.ts';
import { MilestoneDialog, type MilestoneDialogState } from './MilestoneDialog.tsx';
import { Loading } from './ProjectBits.tsx';

/** Where a milestone stands, in words (the colour only adds to them). */
function MilestoneState({ milestone }: { milestone: Milestone }) {
  if (milestone.actualOn)
    return (
      <Group gap={4} wrap="nowrap" component="span">
        <IconCheck size={14} aria-hidden color="var(--mantine-color-green-8)" />
        <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
          {formatDate(milestone.actualOn)}
        </Text>
      </Group>
    );
  if (milestone.isOverdue)
    return (
      <ToneBadge
        color="red"
        leftSection={<IconAlertTriangle size={12} aria-hidden />}
        style={{ textTransform: 'none', minWidth: 'max-content' }}
      >
        Overdue
      </ToneBadge>
    );
  return (
    <Text size="sm" c="dimmed">
      Not yet
    </Text>
  );
}

/**
 * The project's milestones (live): permits, recordings, amenities, closings, phases and the hand-over
 * meeting, each with its planned and actual dates, owner and documents; overdue ones said so.
 */
export function MilestonesCard({ project }: { project: Project }) {
  const milestones = useQuery(milestonesQueryOptions(project.id));
  const [dialog, setDialog] = useState<MilestoneDialogState | null>(null);
  const overdue = (milestones.data ?? []).filter((milestone) => milestone.isOverdue);

  const columns: Column<Milestone>[] = [
    {
      key: 'title',
      label: 'Milestone',
      render: (milestone) => (
        <Stack gap={0}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {milestone.title}
          </Text>
          <Text size="xs" c="dimmed">
            {milestoneKindLabels[milestone.kind]}
            {milestone.phaseName ? ` · ${milestone.phaseName}` : ''}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'planned',
      label: 'Planned',
      render: (milestone) => (
        <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
          {formatDate(milestone.plannedOn)}
        </Text>
      ),
    },
    { key: 'actual', label: 'Done', render: (milestone) => <MilestoneState milestone={milestone} /> },
    {
      key: 'owner',
      label: 'Owner',
      render: (milestone) =>
        milestone.owner ? (
          milestone.owner.fullName
        ) : (
          <Text size="sm" c="dimmed">
            No one yet
          </Text>
        ),
    },
    {
      key: 'documents',
      label: 'Documents',
      render: (milestone) =>
        milestone.documents.length === 0 ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          <Stack gap={2}>
            {milestone.documents.map((document) => (
              <DocumentLink key={document.id} documentId={document.id} title={document.name} />
            ))}
          </Stack>
        ),
    },
    {
      key: 'actions',
      label: 'Actions',
      align: 'right',
      render: (milestone) => (
        <Group gap={6} wrap="wrap" justify="flex-end">
          {milestone.actualOn ? null : (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconCheck size={14} aria-hidden />}
              aria-label={`Mark done: ${milestone.title}`}
              onClick={() => setDialog({ mode: 'done', milestone })}
            >
              Mark done
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={`Edit ${milestone.title}`}
            onClick={() => setDialog({ mode: 'edit', milestone })}
          >
            Edit
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <PortalSectionCard
      title="Milestones"
      icon={<IconFlag size={20} aria-hidden />}
      color="grape"
      action={
        milestones.data && milestones.data.length > 0 ? (
          <Button
            size="sm"
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setDialog({ mode: 'add' })}
          >
            Add milestone
          </Button>
        ) : null
      }
    >
      {milestones.isPending ? (
        <Loading text="Loading milestones..." />
      ) : milestones.isError ? (
        <ErrorState
          headingOrder={3}
          title="Failed to load milestones"
          description={getErrorMessage(milestones.error)}
          onRetry={() => void milestones.refetch()}
          isRetrying={milestones.isFetching}
        />
      ) : milestones.data.length === 0 ? (
        <StatusMessage
          headingOrder={3}
          icon={<IconFlag size={32} aria-hidden />}
          title="No milestones yet"
          description="Add the permits, the recorded plat or declaration, amenities, first closing, each phase and the hand-over meeting, with their planned dates."
          actions={
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setDialog({ mode: 'add' })}
            >
              Add milestone
            </Button>
          }
        />
      ) : (
        <Stack gap="md">
          {overdue.length > 0 ? (
            <Alert
              color="red"
              variant="light"
              p="sm"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={`${overdue.length} ${overdue.length === 1 ? 'milestone is' : 'milestones are'} overdue`}
            >
              {overdue.map((milestone) => milestone.title).join(', ')}: planned before today and not done yet.
            </Alert>
          ) : null}
          <ResponsiveTable
            caption={`Milestones of ${project.name}`}
            columns={columns}
            rows={milestones.data}
            rowKey={(milestone) => milestone.id}
            titleColumn="title"
          />
        </Stack>
      )}
      <MilestoneDialog project={project} state={dialog} onClose={() => setDialog(null)} />
    </PortalSectionCard>
  );
}
