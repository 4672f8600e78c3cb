import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BoardAssociationLinks } from '../../portals/index.ts';
import { violationReportPagePath, violationRulesPagePath, violationsPagePath } from '../api.ts';

/**
 * The board portal's way to covenant enforcement (issue 21): the association's rules and the violations
 * recorded, to read. The server lists the associations whose board the person sits on.
 */
export function BoardViolationsCard() {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="board-violations">
      <Group justify="space-between" gap="xs" mb="xs">
        <Title order={2} size="h4" id="board-violations">
          Rules and violations
        </Title>
        <Anchor component={Link} to={violationsPagePath()} size="sm">
          All violations
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Read the rules the managers enforce, each quoted from the governing documents, and the violations
        recorded with their photos, and how evenly each rule is enforced, month by month.
      </Text>
      <Stack gap="sm">
        <BoardAssociationLinks label={(name) => `Rules of ${name}`} to={violationRulesPagePath} />
        <BoardAssociationLinks label={(name) => `Fairness report of ${name}`} to={violationReportPagePath} />
      </Stack>
    </Card>
  );
}
