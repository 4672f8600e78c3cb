import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { arcRequestsPagePath, arcRequestsQueryOptions } from '../api.ts';

const underReview = arcRequestsQueryOptions({
  propertyId: null,
  status: 'under_review',
  deadlinePassed: false,
  q: '',
  page: 1,
});
const pastDeadline = arcRequestsQueryOptions({
  propertyId: null,
  status: null,
  deadlinePassed: true,
  q: '',
  page: 1,
});

/**
 * Architectural review at a glance for the manager portal (issue 22): how many requests wait for the
 * committee, and how many are undecided past their deadline (the product never decides them itself).
 */
export function ArcReviewCard() {
  const waiting = useQuery(underReview);
  const late = useQuery(pastDeadline);
  const failed = waiting.isError || late.isError;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="arc-review">
      <Title order={2} size="h4" id="arc-review" mb="md">
        Architectural Review
      </Title>
      {waiting.isPending || late.isPending ? (
        <Skeleton height={48} radius="md" role="status" aria-label="Loading the architectural requests" />
      ) : failed ? (
        <Text size="sm" c="red.8">
          The architectural requests could not be loaded.
        </Text>
      ) : (
        <Stack gap={6}>
          <Text size="sm">
            {waiting.data.total === 0
              ? 'No requests wait for the committee.'
              : `${waiting.data.total} ${waiting.data.total === 1 ? 'request waits' : 'requests wait'} for the committee.`}
          </Text>
          {late.data.total > 0 ? (
            <Group gap={6} wrap="nowrap">
              <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden />
              <Anchor
                component={Link}
                to={`${arcRequestsPagePath}?deadlinePassed=true`}
                size="sm"
                c="red.8"
                fw={600}
              >
                Deadline passed: {late.data.total} undecided
              </Anchor>
            </Group>
          ) : null}
        </Stack>
      )}
      <Group gap="md" mt="md">
        <Anchor component={Link} to={arcRequestsPagePath} size="sm">
          All requests
        </Anchor>
        <Anchor component={Link} to="/decisions" size="sm">
          Decisions
        </Anchor>
      </Group>
    </Card>
  );
}
