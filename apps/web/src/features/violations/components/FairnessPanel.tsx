import {
  fairnessFlagLabels,
  fairnessWindowMonths,
  noticeStateLabels,
  violationStatusLabels,
  type FairnessViolation,
  type ViolationFairness,
} from '@commonwise/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconScale } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { violationFairnessQueryOptions, violationPagePath } from '../api.ts';

/** How many of the other units' violations show before "Show all". */
const firstShown = 5;

/**
 * The consistency check an approver reads before a notice goes out (issue 21 item 7): flags first, each a
 * plain sentence; then how the same rule went at the association's other units over the last twelve
 * months, and which other units the same inspection saw it at. Compact: it sits beside the approval.
 */
export function FairnessPanel({ violationId }: { violationId: string }) {
  const fairness = useQuery(violationFairnessQueryOptions(violationId));

  if (fairness.isPending)
    return (
      <Group gap="sm" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          Checking how this rule was applied...
        </Text>
      </Group>
    );
  if (fairness.isError)
    return (
      <Alert color="red" variant="light" role="alert" p="xs" title="Failed to load the consistency check">
        <Stack gap={6} align="flex-start">
          <Text size="sm">{getErrorMessage(fairness.error)}</Text>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            onClick={() => void fairness.refetch()}
            loading={fairness.isFetching}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  return <FairnessDetails data={fairness.data} />;
}

function FairnessDetails({ data }: { data: ViolationFairness }) {
  const others = data.otherUnits;
  return (
    <Stack gap="md">
      {data.flags.length > 0 ? (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Flags">
          {data.flags.map((flag) => (
            <Alert
              key={flag.kind}
              component="li"
              color="orange"
              variant="light"
              p="xs"
              icon={<IconAlertTriangle size={16} aria-hidden />}
              title={fairnessFlagLabels[flag.kind]}
            >
              {flag.message}
            </Alert>
          ))}
        </Stack>
      ) : (
        <Group gap={6} wrap="nowrap">
          <IconScale size={16} aria-hidden color="var(--mantine-color-teal-7)" />
          <Text size="sm">No flags: nothing suggests this rule is applied unevenly here.</Text>
        </Group>
      )}

      <Stack gap={6} component="section" aria-labelledby={`fairness-others-${data.violation.id}`}>
        <Title order={3} size="h6" id={`fairness-others-${data.violation.id}`}>
          “{data.violation.rule.title}” at other units, last {fairnessWindowMonths} months
        </Title>
        {others.violations === 0 ? (
          <Text size="sm" c="dimmed">
            No other unit had a violation of this rule.
          </Text>
        ) : (
          <>
            <Text size="sm">
              {others.violations} {others.violations === 1 ? 'violation' : 'violations'} at {others.units}{' '}
              {others.units === 1 ? 'unit' : 'units'}
              {others.open > 0 ? `, ${others.open} still open` : ''}.
            </Text>
            <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" component="dl" m={0}>
              <Figure label="Cited" value={others.cited} />
              <Figure label="Cured" value={others.cured} />
              <Figure label="Fined" value={others.fined} />
              <Figure label="Waived or dismissed" value={others.waived} />
            </SimpleGrid>
            <ViolationList rows={others.recent} total={others.violations} />
          </>
        )}
        <Text size="xs" c="dimmed">
          This unit: {data.thisUnit.violations} {data.thisUnit.violations === 1 ? 'violation' : 'violations'}{' '}
          of this rule in the same period, this one included.
        </Text>
      </Stack>

      <Stack gap={6} component="section" aria-labelledby={`fairness-inspection-${data.violation.id}`}>
        <Title order={3} size="h6" id={`fairness-inspection-${data.violation.id}`}>
          Same inspection
        </Title>
        {data.violation.inspectionId === null ? (
          <Text size="sm" c="dimmed">
            Reported from a complaint: there is no inspection to compare.
          </Text>
        ) : data.sameInspection.length === 0 ? (
          <Text size="sm" c="dimmed">
            The inspection saw this rule at no other unit.
          </Text>
        ) : (
          <ViolationList rows={data.sameInspection} total={data.sameInspection.length} />
        )}
      </Stack>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

const noticeColors = { none: 'gray', pending: 'yellow', sent: 'blue' } as const;

function ViolationList({ rows, total }: { rows: FairnessViolation[]; total: number }) {
  const [isAll, setIsAll] = useState(false);
  const shown = isAll ? rows : rows.slice(0, firstShown);
  return (
    <Stack gap={4}>
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
        {shown.map((row) => (
          <Group component="li" key={row.id} gap={6} wrap="wrap" align="center">
            <Anchor component={Link} to={violationPagePath(row.id)} size="sm" fw={600}>
              Unit {row.unit.label}
            </Anchor>
            <Text size="xs" c="dimmed">
              {formatDate(row.observedAt)} · {violationStatusLabels[row.status]}
              {row.source === 'complaint' ? ' · complaint' : ''}
            </Text>
            <Badge size="xs" variant="light" color={noticeColors[row.notice]}>
              {noticeStateLabels[row.notice]}
            </Badge>
            {row.isFined ? (
              <Badge size="xs" variant="light" color="red">
                Fined
              </Badge>
            ) : null}
            {row.isWaived ? (
              <Badge size="xs" variant="light" color="gray">
                Waived
              </Badge>
            ) : null}
          </Group>
        ))}
      </Stack>
      {rows.length > firstShown ? (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => setIsAll((current) => !current)}
          style={{ alignSelf: 'flex-start' }}
        >
          {isAll ? 'Show fewer' : `Show all ${rows.length}`}
        </Button>
      ) : null}
      {total > rows.length ? (
        <Text size="xs" c="dimmed">
          The {rows.length} newest of {total} are listed.
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The panel as a section of a violation's page, closed until asked for: it is read before approving a
 * notice, not every time the violation is opened (and it is not fetched until then).
 */
export function ConsistencyCheck({ violationId }: { violationId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = `consistency-check-${violationId}`;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={`${panelId}-title`}>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Title order={2} size="h4" id={`${panelId}-title`}>
          Consistency check
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setIsOpen((current) => !current)}
          aria-expanded={isOpen}
          aria-controls={panelId}
          rightSection={
            <IconChevronDown
              size={14}
              aria-hidden
              style={{ transform: isOpen ? 'rotate(180deg)' : undefined }}
            />
          }
        >
          {isOpen ? 'Hide' : 'Show'}
        </Button>
      </Group>
      <Collapse expanded={isOpen} id={panelId}>
        <Stack gap="sm" pt="sm">
          <Text size="sm" c="dimmed">
            How this rule was applied to the association’s other units, before a notice goes out.
          </Text>
          {isOpen ? <FairnessPanel violationId={violationId} /> : null}
        </Stack>
      </Collapse>
    </Card>
  );
}
