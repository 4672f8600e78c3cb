import { arcProjectKindLabels, type ArcProjectType } from '@commonwise/contracts';
import { Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTools, IconWand } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { projectTypesQueryOptions, useInstallDefaultProjectTypes } from '../api.ts';
import { formatFee, reviewWindowText } from '../labels.ts';
import { ProjectTypeDialog } from './ProjectTypeDialog.tsx';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * /manager-portal/properties/:id/arc-project-types (issue 22 item 1): the association's project types —
 * a fence, a paint colour, solar panels… — each with its form, files, guideline checks, fee and review
 * window. An association with none can start from the defaults.
 */
export function ProjectTypesPage({ propertyId }: { propertyId: string }) {
  const types = useQuery(projectTypesQueryOptions(propertyId));
  const install = useInstallDefaultProjectTypes(propertyId);
  // undefined: no dialog; null: a new type.
  const [editing, setEditing] = useState<ArcProjectType | null | undefined>(undefined);

  const installDefaults = () =>
    install.mutate(undefined, {
      onSuccess: (list) =>
        showSuccessToast(
          `${count(list.projectTypes.length, 'default project type', 'default project types')} set up: check each one’s fee, review window and checks`,
        ),
      onError: (failure) => showFailureToast('Failed to set up the default project types', failure),
    });
  const addButton = (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      variant="default"
      onClick={() => setEditing(null)}
    >
      Add a project type
    </Button>
  );

  let body;
  if (types.isPending)
    body = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading project types...</Text>
      </Group>
    );
  else if (types.isError)
    body = (
      <ErrorState
        title="Failed to load the project types"
        description={getErrorMessage(types.error)}
        onRetry={() => void types.refetch()}
        isRetrying={types.isFetching}
      />
    );
  else if (types.data.projectTypes.length === 0)
    body = (
      <StatusMessage
        icon={<IconTools size={32} aria-hidden />}
        title="No project types yet"
        description="Owners choose a project type when they ask for approval: a fence, a paint colour, a roof, solar panels, an addition, landscaping. Start from the defaults and adjust them to the association’s guidelines."
        actions={
          <>
            <Button
              leftSection={<IconWand size={16} aria-hidden />}
              onClick={installDefaults}
              loading={install.isPending}
            >
              Set up the default project types
            </Button>
            {addButton}
          </>
        }
      />
    );
  else
    body = (
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            {count(types.data.projectTypes.filter((type) => type.active).length, 'type is', 'types are')}{' '}
            offered to owners.
          </Text>
          {addButton}
        </Group>
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing="md"
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {types.data.projectTypes.map((type) => (
            <ProjectTypeItem key={type.id} type={type} onEdit={() => setEditing(type)} />
          ))}
        </SimpleGrid>
      </Stack>
    );

  return (
    <Stack gap="md">
      <Text>
        What owners can ask the architectural review committee about, what each request must hold, and the
        guideline checks the committee sees with it.
      </Text>
      {body}
      {editing !== undefined ? (
        <ProjectTypeDialog propertyId={propertyId} type={editing} onClose={() => setEditing(undefined)} />
      ) : null}
    </Stack>
  );
}

function ProjectTypeItem({ type, onEdit }: { type: ArcProjectType; onEdit: () => void }) {
  const headingId = `arc-type-${type.id}`;
  return (
    <Card
      component="li"
      withBorder
      radius="lg"
      padding="md"
      aria-labelledby={headingId}
      style={{ minWidth: 0 }}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {type.name}
            </Title>
            <Group gap={4}>
              <Badge variant="outline" color="gray">
                {arcProjectKindLabels[type.kind]}
              </Badge>
              {type.active ? null : (
                <Badge variant="light" color="gray">
                  Inactive
                </Badge>
              )}
            </Group>
          </Stack>
          <Button
            size="sm"
            variant="light"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={onEdit}
            aria-label={`Edit ${type.name}`}
          >
            Edit
          </Button>
        </Group>
        {type.description ? (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {type.description}
          </Text>
        ) : null}
        <Text size="sm">
          {formatFee(type.feeCents)} · {reviewWindowText(type.reviewDays, type.reviewDaysSource)}
        </Text>
        <Text size="sm" c="dimmed">
          {count(type.fields.length, 'question', 'questions')} · {count(type.files.length, 'file', 'files')} ·{' '}
          {count(type.checks.length, 'guideline check', 'guideline checks')}
        </Text>
      </Stack>
    </Card>
  );
}
