import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBuildingCommunity, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { formatDate } from '../../../lib/format.ts';
import {
  myArcRequestPagePath,
  myArcRequestsPageSize,
  myArcRequestsQueryOptions,
  newArcRequestPagePath,
} from '../api.ts';
import { listInWords } from '../labels.ts';
import { ArcStatusBadge } from './ArcRequestParts.tsx';

/** The anchor a link (the assistant's, a notification's) can open the portal at. */
export const myArcRequestsAnchor = 'architectural-requests';

/**
 * The resident portal's architectural requests (issue 22 item 1): the owner's requests, newest first,
 * each with its status and what it waits for — the files still needed, or the decision's due date — and
 * the way to start a new one.
 */
export function MyArcRequestsCard() {
  const [page, setPage] = useState(1);
  const query = useQuery(myArcRequestsQueryOptions(page));
  const newButton = (
    <Button
      component={Link}
      to={newArcRequestPagePath()}
      size="sm"
      leftSection={<IconPlus size={16} aria-hidden />}
    >
      New request
    </Button>
  );

  let body: ReactNode;
  if (query.isPending)
    body = (
      <Group gap="sm" py="md" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading architectural requests...</Text>
      </Group>
    );
  else if (query.isError)
    body = (
      <ErrorState
        title="Failed to load your architectural requests"
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        headingOrder={3}
      />
    );
  else if (query.data.requests.length === 0)
    body = (
      <Text c="dimmed">
        No architectural requests. Before you change the outside of your home — a fence, a paint colour, solar
        panels — ask the committee with a new request.
      </Text>
    );
  else
    body = (
      <Stack gap="sm">
        <Stack
          component="ul"
          gap={0}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Your architectural requests"
        >
          {query.data.requests.map((request, index) => (
            <Stack
              component="li"
              key={request.id}
              gap={4}
              py="sm"
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
                <Anchor
                  component={Link}
                  to={myArcRequestPagePath(request.id)}
                  fw={600}
                  style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 12rem' }}
                >
                  {request.title}
                </Anchor>
                <ArcStatusBadge status={request.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {request.projectType.name} · Unit {request.unit.label}, {request.propertyName}
              </Text>
              <Text size="sm">
                {request.status === 'incomplete' && request.missing.length > 0
                  ? `Still needed: ${listInWords(request.missing.map((item) => item.label))}`
                  : request.decisionDueOn && request.decision === null && request.status !== 'withdrawn'
                    ? `Decision due by ${formatDate(request.decisionDueOn)}`
                    : `Sent ${formatDate(request.submittedAt)}`}
              </Text>
            </Stack>
          ))}
        </Stack>
        <ListPager
          noun="architectural requests"
          page={page}
          pageSize={myArcRequestsPageSize}
          total={query.data.total}
          onChange={setPage}
        />
      </Stack>
    );

  return (
    <div id={myArcRequestsAnchor} style={{ scrollMarginTop: 80 }}>
      <PortalSectionCard
        title="Architectural requests"
        icon={<IconBuildingCommunity size={20} aria-hidden />}
        color="teal"
        action={newButton}
      >
        {body}
      </PortalSectionCard>
    </div>
  );
}
