import type { CommunitySetup, CommunitySummary, SetupStep, SetupStepState } from '@commonwise/contracts';
import {
  Anchor,
  Badge,
  Group,
  Loader,
  Progress,
  Select,
  Stack,
  Text,
  ThemeIcon,
  type MantineColor,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconCircleDashed,
  IconClipboardCheck,
  IconHourglassHigh,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { communitiesQueryOptions, communitySetupQueryOptions } from '../api.ts';

const stateLook: Record<SetupStepState, { label: string; color: MantineColor; icon: ReactNode }> = {
  complete: { label: 'Done', color: 'green', icon: <IconCheck size={16} aria-hidden /> },
  in_progress: { label: 'In progress', color: 'blue', icon: <IconHourglassHigh size={16} aria-hidden /> },
  failed: { label: 'Needs attention', color: 'red', icon: <IconAlertTriangle size={16} aria-hidden /> },
  todo: { label: 'To do', color: 'gray', icon: <IconCircleDashed size={16} aria-hidden /> },
};

function Loading({ text }: { text: string }) {
  return (
    <Group gap="sm" py="md" role="status">
      <Loader size="sm" aria-hidden />
      <Text c="dimmed">{text}</Text>
    </Group>
  );
}

/**
 * Live (issue 9): a chosen community's real setup — managers assigned, residents added, each required
 * document uploaded and processed, and whether it is active. The choice is kept in the URL (?community=).
 */
export function CommunitySetupCard({ canEditProperties }: { canEditProperties: boolean }) {
  const communities = useQuery(communitiesQueryOptions);
  const [searchParams, setSearchParams] = useSearchParams();
  const list = communities.data ?? [];
  const chosenId = searchParams.get('community');
  const chosen = list.find((community) => community.id === chosenId) ?? list[0];

  let body: ReactNode;
  if (communities.isPending) body = <Loading text="Loading communities..." />;
  else if (communities.isError)
    body = (
      <ErrorState
        title="Failed to load communities"
        onRetry={() => void communities.refetch()}
        isRetrying={communities.isFetching}
        headingOrder={3}
      />
    );
  else if (!chosen)
    body = (
      <Text c="dimmed">
        No communities yet. A new project's community, or a property an administrator adds, shows its setup
        checklist here.
      </Text>
    );
  else
    body = (
      <Stack gap="md">
        <Select
          label="Community"
          data={list.map((community) => ({ value: community.id, label: community.name }))}
          value={chosen.id}
          allowDeselect={false}
          searchable={list.length > 6}
          maw={{ sm: 420 }}
          onChange={(value) => {
            if (!value) return;
            setSearchParams(
              (params) => {
                params.set('community', value);
                return params;
              },
              { replace: true },
            );
          }}
        />
        <SetupChecklist community={chosen} canEditProperties={canEditProperties} />
      </Stack>
    );

  return (
    <PortalSectionCard
      title="Community Setup Checklist"
      icon={<IconClipboardCheck size={20} aria-hidden />}
      color="violet"
    >
      {body}
    </PortalSectionCard>
  );
}

function SetupChecklist({
  community,
  canEditProperties,
}: {
  community: CommunitySummary;
  canEditProperties: boolean;
}) {
  const setup = useQuery(communitySetupQueryOptions(community.id));
  if (setup.isPending) return <Loading text="Loading the checklist..." />;
  if (setup.isError)
    return (
      <ErrorState
        title="Failed to load the checklist"
        onRetry={() => void setup.refetch()}
        isRetrying={setup.isFetching}
        headingOrder={3}
      />
    );
  return <ChecklistBody setup={setup.data} canEditProperties={canEditProperties} />;
}

function ChecklistBody({ setup, canEditProperties }: { setup: CommunitySetup; canEditProperties: boolean }) {
  const { community, steps, percentage } = setup;
  const isDone = community.completedSteps === community.totalSteps;
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {community.address}
          </Text>
          <Text size="sm" fw={600}>
            {community.completedSteps} of {community.totalSteps} steps complete
          </Text>
        </Group>
        <Progress
          value={percentage}
          color={isDone ? 'green' : 'violet'}
          aria-label={`Setup of ${community.name}: ${percentage}% complete`}
        />
      </Stack>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Setup steps">
        {steps.map((step) => (
          <StepRow key={step.key} step={step} />
        ))}
      </Stack>
      {canEditProperties ? (
        <Anchor component={Link} to={`/admin-portal/properties/${community.id}`} size="sm">
          Open {community.name} in Property Management
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          Your administrator assigns managers and adds residents; upload the governing documents in the
          documents panel below.
        </Text>
      )}
    </Stack>
  );
}

function StepRow({ step }: { step: SetupStep }) {
  const look = stateLook[step.state];
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" radius="xl" size="md" color={look.color} mt={2}>
        {look.icon}
      </ThemeIcon>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={500}>{step.label}</Text>
          <Badge variant="light" color={look.color} size="sm">
            {look.label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {step.detail}
        </Text>
      </Stack>
    </Group>
  );
}
