import { type Project } from '@commonwise/contracts';
import {
  Alert,
  Anchor,
  Blockquote,
  Button,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBuildingCommunity, IconInfoCircle, IconPencil, IconTarget } from '@tabler/icons-react';
import { useState } from 'react';
import { DocumentLink } from '../../../components/DocumentLink.tsx';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { formatBp, projectionText, projectStatusText, unitsText } from '../labels.ts';
import { HandoverThresholdDialog } from './HandoverThresholdDialog.tsx';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Stack>
  );
}

const phaseUnitCount = (units: Project['phases'][number]['units']) =>
  Object.values(units).reduce((sum, count) => sum + count, 0);

/**
 * The project's overview (live): where the community stands, its phases and units, the hand-over threshold
 * with the clause it comes from, what state law says, and how far away the hand-over is.
 */
export function ProjectOverviewCard({ project }: { project: Project }) {
  const [isSettingThreshold, setSettingThreshold] = useState(false);
  const status = projectStatusText(project);
  return (
    <PortalSectionCard title="Project overview" icon={<IconBuildingCommunity size={20} aria-hidden />}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="md">
          <div>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
                {project.name}
              </Text>
              <ToneBadge color={status.color} style={{ textTransform: 'none' }}>
                {status.label}
              </ToneBadge>
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {project.address}
            </Text>
            {project.handedOverOn ? (
              <Text size="sm" mt={4}>
                Handed over to the owners on {formatDate(project.handedOverOn)}.
              </Text>
            ) : null}
          </div>
          <SimpleGrid cols={3} spacing="sm">
            <Stat label="Total units" value={project.totalUnits.toLocaleString('en-US')} />
            <Stat label="Closed" value={project.closedUnits.toLocaleString('en-US')} />
            <Stat label="Share conveyed" value={formatBp(project.conveyedBp)} />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={600} id={`phases-${project.id}`}>
              Phases
            </Text>
            <Stack
              component="ul"
              gap={2}
              m={0}
              pl="md"
              aria-labelledby={`phases-${project.id}`}
              style={{ overflowWrap: 'anywhere' }}
            >
              {project.phases.map((phase) => (
                <Text component="li" size="sm" key={phase.id}>
                  {phase.name}: {unitsText(phaseUnitCount(phase.units))}
                  {phase.completedOn ? `, complete on ${formatDate(phase.completedOn)}` : ''}
                </Text>
              ))}
            </Stack>
          </Stack>
        </Stack>

        <Stack gap="md">
          <Divider hiddenFrom="md" />
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Title order={3} size="h5">
              Hand-over threshold
            </Title>
            {project.handoverThresholdBp !== null ? (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => setSettingThreshold(true)}
              >
                Change threshold
              </Button>
            ) : null}
          </Group>
          {project.handoverThresholdBp !== null ? (
            <Stack gap="xs">
              <Text>
                The owners take over when <strong>{formatBp(project.handoverThresholdBp)}</strong> of the
                units are conveyed
                {project.projection
                  ? ` (${unitsText(project.projection.thresholdUnits)} of ${project.totalUnits})`
                  : ''}
                .
              </Text>
              {project.handoverThresholdClause ? (
                <Blockquote p="xs" pl="md" color="gray" radius="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm">{project.handoverThresholdClause}</Text>
                </Blockquote>
              ) : null}
              {project.handoverThresholdDocument ? (
                <Group gap={6} wrap="wrap">
                  <Text size="sm" c="dimmed">
                    From:
                  </Text>
                  <DocumentLink
                    documentId={project.handoverThresholdDocument.id}
                    title={project.handoverThresholdDocument.name}
                  />
                </Group>
              ) : null}
            </Stack>
          ) : (
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                No threshold yet. Set the share of units conveyed that hands the association to its owners,
                with the clause of the governing documents it comes from.
              </Text>
              <Button
                leftSection={<IconTarget size={16} aria-hidden />}
                onClick={() => setSettingThreshold(true)}
              >
                Set hand-over threshold
              </Button>
            </Stack>
          )}
          <Text size="sm" fw={500} aria-live="polite">
            {projectionText(project)}
          </Text>
          <StatutoryNote project={project} />
        </Stack>
      </SimpleGrid>
      <HandoverThresholdDialog
        project={project}
        opened={isSettingThreshold}
        onClose={() => setSettingThreshold(false)}
      />
    </PortalSectionCard>
  );
}

/** What state law says about the hand-over, from the jurisdiction's reviewed profile; nothing invented. */
function StatutoryNote({ project }: { project: Project }) {
  const statutory = project.statutoryThreshold;
  return (
    <Alert
      variant="light"
      color="gray"
      radius="md"
      p="sm"
      icon={<IconInfoCircle size={18} aria-hidden />}
      title={`State law: ${statutory.jurisdictionLabel}`}
    >
      <Stack gap={4}>
        {statutory.known ? (
          <>
            {(statutory.text ?? []).map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))}
            {statutory.statute ? <Text size="sm">{statutory.statute}</Text> : null}
            {statutory.sourceUrl ? (
              <Anchor href={statutory.sourceUrl} target="_blank" rel="noreferrer" size="sm">
                Read the source
              </Anchor>
            ) : null}
          </>
        ) : null}
        {statutory.note ? <Text size="sm">{statutory.note}</Text> : null}
      </Stack>
    </Alert>
  );
}
