import { basisPointsMax, unitSalesStatuses, type Project } from '@commonwise/contracts';
import { Box, Group, Progress, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChartBar } from '@tabler/icons-react';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import {
  formatBp,
  monthLabel,
  salesStatusColors,
  shortMonthLabel,
  unitSalesStatusLabels,
  unitsText,
} from '../labels.ts';
import classes from './SalesDashboardCard.module.css';

/**
 * The sales dashboard (live): the share conveyed against the hand-over threshold, units by sales status
 * per phase, and closings per month. Every bar has its figures in words or in a table beside it.
 */
export function SalesDashboardCard({ project }: { project: Project }) {
  return (
    <PortalSectionCard title="Sales dashboard" icon={<IconChartBar size={20} aria-hidden />} color="teal">
      <Stack gap="xl">
        <ShareConveyed project={project} />
        <UnitsByStatus project={project} />
        <ClosingsByMonth project={project} />
      </Stack>
    </PortalSectionCard>
  );
}

function ShareConveyed({ project }: { project: Project }) {
  const percent = (project.conveyedBp / basisPointsMax) * 100;
  const threshold = project.handoverThresholdBp;
  const thresholdPercent = threshold === null ? null : (threshold / basisPointsMax) * 100;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} size="h5">
          Share conveyed
        </Title>
        <Text size="sm" fw={600}>
          {formatBp(project.conveyedBp)}: {project.closedUnits} of {unitsText(project.totalUnits)} closed
        </Text>
      </Group>
      <Box pos="relative" py={4}>
        <Progress
          value={percent}
          size="lg"
          color="teal"
          aria-label={`Share conveyed: ${formatBp(project.conveyedBp)}${threshold === null ? '' : `, hand-over at ${formatBp(threshold)}`}`}
        />
        {thresholdPercent !== null ? (
          <div className={classes.marker} style={{ left: `${thresholdPercent}%` }} aria-hidden />
        ) : null}
      </Box>
      <Text size="sm" c="dimmed">
        {threshold === null
          ? 'No hand-over threshold set yet.'
          : `The line marks the hand-over threshold, ${formatBp(threshold)}.`}
      </Text>
    </Stack>
  );
}

function UnitsByStatus({ project }: { project: Project }) {
  const totals = Object.fromEntries(
    unitSalesStatuses.map((status) => [
      status,
      project.phases.reduce((sum, phase) => sum + (phase.units[status] ?? 0), 0),
    ]),
  );
  const captionId = `units-by-status-${project.id}`;
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <Stack gap="sm" style={{ minWidth: 0 }}>
      <Title order={3} size="h5" id={captionId}>
        Units by status
      </Title>
      <Group gap="sm" wrap="wrap" aria-hidden>
        {unitSalesStatuses.map((status) => (
          <Group key={status} gap={4} wrap="nowrap">
            <span
              className={classes.swatch}
              style={{ background: `var(--mantine-color-${salesStatusColors[status]}-6)` }}
            />
            <Text size="xs">{unitSalesStatusLabels[status]}</Text>
          </Group>
        ))}
      </Group>
      {isNarrow ? (
        <PhaseList project={project} labelledBy={captionId} />
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={6} horizontalSpacing="xs" aria-labelledby={captionId} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Phase</Table.Th>
                {unitSalesStatuses.map((status) => (
                  <Table.Th scope="col" key={status} ta="right">
                    {unitSalesStatusLabels[status]}
                  </Table.Th>
                ))}
                <Table.Th scope="col" ta="right">
                  Total
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {project.phases.map((phase) => {
                const total = unitSalesStatuses.reduce((sum, status) => sum + (phase.units[status] ?? 0), 0);
                return (
                  <Table.Tr key={phase.id}>
                    <Table.Th scope="row" fw={500}>
                      <Text size="sm" fw={500}>
                        {phase.name}
                      </Text>
                      <PhaseBar units={phase.units} />
                    </Table.Th>
                    {unitSalesStatuses.map((status) => (
                      <Table.Td key={status} ta="right">
                        {phase.units[status] ?? 0}
                      </Table.Td>
                    ))}
                    <Table.Td ta="right" fw={600}>
                      {total}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
            {project.phases.length > 1 ? (
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">All phases</Table.Th>
                  {unitSalesStatuses.map((status) => (
                    <Table.Td key={status} ta="right" fw={600}>
                      {totals[status]}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" fw={700}>
                    {project.totalUnits}
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            ) : null}
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** A phase's stacked bar: a picture of the counts beside it, which screen readers read instead. */
function PhaseBar({ units }: { units: Project['phases'][number]['units'] }) {
  const total = unitSalesStatuses.reduce((sum, status) => sum + (units[status] ?? 0), 0);
  return (
    <Progress.Root size="sm" mt={4} aria-hidden>
      {unitSalesStatuses.map((status) =>
        units[status] ? (
          <Progress.Section
            key={status}
            value={total === 0 ? 0 : ((units[status] ?? 0) / total) * 100}
            color={salesStatusColors[status]}
          />
        ) : null,
      )}
    </Progress.Root>
  );
}

/** On a phone the table would scroll sideways: each phase is a short list of its counts instead. */
function PhaseList({ project, labelledBy }: { project: Project; labelledBy: string }) {
  return (
    <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={labelledBy}>
      {project.phases.map((phase) => {
        const total = unitSalesStatuses.reduce((sum, status) => sum + (phase.units[status] ?? 0), 0);
        return (
          <Stack component="li" key={phase.id} gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {phase.name}
              </Text>
              <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
                {unitsText(total)}
              </Text>
            </Group>
            <PhaseBar units={phase.units} />
            <SimpleGrid component="dl" cols={2} spacing="lg" verticalSpacing={2} m={0}>
              {unitSalesStatuses.map((status) => (
                <Group key={status} gap={6} wrap="nowrap" justify="space-between">
                  <Text component="dt" size="xs" c="dimmed">
                    {unitSalesStatusLabels[status]}
                  </Text>
                  <Text component="dd" size="xs" fw={600} m={0}>
                    {phase.units[status] ?? 0}
                  </Text>
                </Group>
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}

function ClosingsByMonth({ project }: { project: Project }) {
  const months = project.closingsByMonth;
  const highest = Math.max(1, ...months.map((month) => month.count));
  const total = months.reduce((sum, month) => sum + month.count, 0);
  const thisMonth = months.at(-1);
  const titleId = `closings-${project.id}`;
  return (
    <Stack gap="sm" style={{ minWidth: 0 }}>
      <Title order={3} size="h5" id={titleId}>
        Closings per month
      </Title>
      <Text size="sm" c="dimmed">
        {total} {total === 1 ? 'closing' : 'closings'} in the last 12 months
        {thisMonth ? `, ${thisMonth.count} this month` : ''}.
      </Text>
      {/* The bars are a picture of the table below, which screen readers read instead. */}
      <div className={classes.chart} aria-hidden>
        {months.map((month) => (
          <div
            key={month.month}
            className={classes.column}
            title={`${monthLabel(month.month)}: ${month.count}`}
          >
            <span className={classes.count}>{month.count > 0 ? month.count : ''}</span>
            <div className={classes.track}>
              <div className={classes.bar} style={{ height: `${(month.count / highest) * 100}%` }} />
            </div>
            <span className={classes.month}>{shortMonthLabel(month.month)}</span>
          </div>
        ))}
      </div>
      <VisuallyHidden>
        <table aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Closings</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthLabel(month.month)}</th>
                <td>{month.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Stack>
  );
}
