import { arcDecisionLabels, type ArcRequest } from '@commonwise/contracts';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { arcRequestPagePath } from '../api.ts';

const decisionColors = { approve: 'green', approve_with_conditions: 'teal', deny: 'red' } as const;

/**
 * Past decisions on the same kind of project at the association (issue 22 item 2): what was approved,
 * on which conditions, and what was denied and why — so that like is decided like. For reviewers.
 */
export function ArcPrecedents({ request }: { request: ArcRequest }) {
  const precedents = request.precedents ?? [];
  if (precedents.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No earlier {request.projectType.name.toLowerCase()} request has been decided here yet.
      </Text>
    );
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Past decisions">
      {precedents.map((precedent) => (
        <Stack component="li" key={precedent.id} gap={2}>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color={decisionColors[precedent.decision]}>
              {arcDecisionLabels[precedent.decision]}
            </Badge>
            <Anchor
              component={Link}
              to={arcRequestPagePath(request.propertyId, precedent.id)}
              size="sm"
              fw={600}
            >
              Unit {precedent.unit.label}: {precedent.title}
            </Anchor>
            <Text size="xs" c="dimmed">
              {formatDate(precedent.decidedAt)}
            </Text>
          </Group>
          {precedent.conditions ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              Conditions: {precedent.conditions}
            </Text>
          ) : null}
          {precedent.reasons ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              Reasons: {precedent.reasons}
            </Text>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}
