import { Badge, Group, Progress, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconCheck,
  IconChartLine,
  IconCircleDashed,
  IconFlag,
  IconHammer,
} from '@tabler/icons-react';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { sampleMilestones, sampleProject, sampleSales, type SampleMilestoneStatus } from './sample-data.ts';

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

export function ProjectOverviewCard() {
  const project = sampleProject;
  return (
    <PortalSectionCard
      title="Project Overview"
      icon={<IconBuildingCommunity size={20} aria-hidden />}
      isSample
    >
      <Stack gap="md">
        <div>
          <Text fw={600} size="lg">
            {project.name}
          </Text>
          <Text size="sm" c="dimmed">
            {project.phase} · {project.location}
          </Text>
        </div>
        <SimpleGrid cols={2} spacing="md">
          <Stat label="Homes planned" value={String(project.homesPlanned)} />
          <Stat label="Homes completed" value={String(project.homesCompleted)} />
        </SimpleGrid>
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm">Construction progress</Text>
            <Text size="sm" fw={600}>
              {project.constructionProgress}%
            </Text>
          </Group>
          <Progress
            value={project.constructionProgress}
            aria-label={`Construction progress: ${project.constructionProgress}%`}
          />
        </Stack>
        <Text size="sm" c="dimmed">
          Planned HOA turnover: {project.turnover}
        </Text>
      </Stack>
    </PortalSectionCard>
  );
}

export function SalesDashboardCard() {
  const sales = sampleSales;
  const soldPercent = Math.round((sales.homesSold / sales.homesPlanned) * 100);
  return (
    <PortalSectionCard
      title="Sales Dashboard"
      icon={<IconChartLine size={20} aria-hidden />}
      color="teal"
      isSample
    >
      <Stack gap="md">
        <SimpleGrid cols={2} spacing="md">
          <Stat label="Homes sold" value={`${sales.homesSold} of ${sales.homesPlanned}`} />
          <Stat label="Sold this quarter" value={String(sales.soldThisQuarter)} />
          <Stat label="Revenue to date" value={sales.revenueToDate} />
          <Stat label="Average sale price" value={sales.averagePrice} />
        </SimpleGrid>
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm">Sold</Text>
            <Text size="sm" fw={600}>
              {soldPercent}%
            </Text>
          </Group>
          <Progress color="teal" value={soldPercent} aria-label={`Homes sold: ${soldPercent}%`} />
        </Stack>
        <Text size="sm" c="dimmed">
          {sales.reservations} reservations waiting for contracts
        </Text>
      </Stack>
    </PortalSectionCard>
  );
}

const milestoneLabels: Record<SampleMilestoneStatus, string> = {
  completed: 'Completed',
  in_progress: 'In Progress',
  upcoming: 'Upcoming',
};
const milestoneColors: Record<SampleMilestoneStatus, string> = {
  completed: 'green',
  in_progress: 'blue',
  upcoming: 'gray',
};
const milestoneIcons = {
  completed: <IconCheck size={12} aria-hidden />,
  in_progress: <IconHammer size={12} aria-hidden />,
  upcoming: <IconCircleDashed size={12} aria-hidden />,
};

export function MilestonesCard() {
  // Timeline marks everything up to the last finished or running milestone as reached.
  const active = sampleMilestones.findLastIndex((milestone) => milestone.status !== 'upcoming');
  return (
    <PortalSectionCard title="Milestones" icon={<IconFlag size={20} aria-hidden />} color="grape" isSample>
      <Timeline active={active} bulletSize={22} lineWidth={2}>
        {sampleMilestones.map((milestone) => (
          <Timeline.Item
            key={milestone.title}
            bullet={milestoneIcons[milestone.status]}
            title={
              <Group gap="xs" wrap="wrap">
                <Text fw={600} size="sm">
                  {milestone.title}
                </Text>
                <Badge variant="light" color={milestoneColors[milestone.status]} size="sm">
                  {milestoneLabels[milestone.status]}
                </Badge>
              </Group>
            }
          >
            <Text size="sm" c="dimmed">
              {milestone.date}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </PortalSectionCard>
  );
}
