import { documentCategoryLabels, type RequiredDocumentsStatus } from '@commonwise/contracts';
import { Badge, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';

/** SPEC §2: 'Required Documents', 'N of M complete', a percentage and a chip per required category. */
export function RequiredDocumentsCard({ status }: { status: RequiredDocumentsStatus | undefined }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="var(--mantine-color-gray-0)"
      aria-labelledby="required-documents-title"
    >
      <Group justify="space-between" align="baseline" gap="xs" mb="xs">
        <Title order={3} size="h5" id="required-documents-title">
          Required Documents
        </Title>
        {status ? (
          <Text size="sm" c="dimmed">
            {status.completeCount} of {status.totalRequired} complete
          </Text>
        ) : null}
      </Group>
      {status ? (
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Progress
              value={status.percentage}
              color={status.percentage === 100 ? 'green' : 'blue'}
              size="lg"
              radius="xl"
              style={{ flex: 1 }}
              aria-label="Required documents complete"
            />
            <Text size="sm" fw={600} miw="3rem" ta="right">
              {status.percentage}%
            </Text>
          </Group>
          <Group gap="xs">
            {status.requiredCategories.map((category) => {
              const isComplete = status.completeCategories.includes(category);
              return (
                <Badge
                  key={category}
                  size="lg"
                  radius="xl"
                  variant={isComplete ? 'light' : 'outline'}
                  color={isComplete ? 'green' : 'gray'}
                  tt="none"
                  fw={500}
                  leftSection={
                    isComplete ? (
                      <IconCircleCheck size={14} aria-hidden />
                    ) : (
                      <IconCircleDashed size={14} aria-hidden />
                    )
                  }
                  aria-label={`${documentCategoryLabels[category]}: ${isComplete ? 'uploaded' : 'missing'}`}
                  style={{ maxWidth: '100%' }}
                >
                  {documentCategoryLabels[category]}
                </Badge>
              );
            })}
          </Group>
        </Stack>
      ) : (
        <Skeleton height={48} aria-label="Loading required documents" />
      )}
    </Paper>
  );
}
