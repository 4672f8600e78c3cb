import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { SampleDataBadge } from '../../../../components/SampleDataBadge.tsx';
import { sampleViolations } from '../sample-data.ts';

const largest = Math.max(...sampleViolations.map((violation) => violation.count));
const total = sampleViolations.reduce((sum, violation) => sum + violation.count, 0);

/** Violation counts by type: sample figures (violations are not tracked yet). */
export function ViolationsCard() {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="manager-violations">
      <Group justify="space-between" align="center" gap="xs" mb="md">
        <Title order={2} size="h4" id="manager-violations">
          Violations by Type
        </Title>
        <SampleDataBadge />
      </Group>
      <Stack gap={10} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {sampleViolations.map((violation) => (
          <li key={violation.type}>
            <Group justify="space-between" gap="xs" mb={4}>
              <Text size="sm">{violation.type}</Text>
              <Text size="sm" fw={600}>
                {violation.count}
              </Text>
            </Group>
            <Progress
              value={(violation.count / largest) * 100}
              color="orange"
              size="sm"
              radius="xl"
              aria-label={`${violation.type}: ${violation.count}`}
            />
          </li>
        ))}
      </Stack>
      <Text size="sm" c="dimmed" mt="md">
        {total} open violations this quarter
      </Text>
    </Card>
  );
}
