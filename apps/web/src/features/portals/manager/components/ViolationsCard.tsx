import { violationCategoryLabels, type ManagerPortalOverview } from '@commonwise/contracts';
import { Anchor, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { violationsPagePath } from '../../../violations/api.ts';

/**
 * Open violations by their rule's category over the manager's associations (issue 21 item 8), largest
 * first as the server sends them; each row opens the violations list filtered to that category.
 */
export function ViolationsCard({ counts }: { counts: ManagerPortalOverview['openViolationsByCategory'] }) {
  const largest = Math.max(1, ...counts.map((row) => row.count));
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="manager-violations">
      <Title order={2} size="h4" id="manager-violations" mb="md">
        Violations by Type
      </Title>
      {counts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No open violations
        </Text>
      ) : (
        <>
          <Stack gap={10} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {counts.map((row) => {
              const label = violationCategoryLabels[row.category];
              return (
                <li key={row.category}>
                  <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
                    <Anchor
                      component={Link}
                      to={violationsPagePath({ category: row.category, status: 'open' })}
                      size="sm"
                      aria-label={`${label}: ${row.count} open`}
                    >
                      {label}
                    </Anchor>
                    <Text size="sm" fw={600} aria-hidden>
                      {row.count}
                    </Text>
                  </Group>
                  <Progress
                    value={(row.count / largest) * 100}
                    color="orange"
                    size="sm"
                    radius="xl"
                    aria-hidden
                  />
                </li>
              );
            })}
          </Stack>
          <Text size="sm" c="dimmed" mt="md">
            {total} open {total === 1 ? 'violation' : 'violations'}
          </Text>
        </>
      )}
      <Anchor component={Link} to={violationsPagePath()} size="sm" mt="sm" display="block">
        All violations
      </Anchor>
    </Card>
  );
}
