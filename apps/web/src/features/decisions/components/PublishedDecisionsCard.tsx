import { decisionKindLabels, type PublishedDecision } from '@commonwise/contracts';
import { Button, Collapse, Group, Loader, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconGavel } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { formatDate } from '../../../lib/format.ts';
import { publishedDecisionsPageSize, publishedDecisionsQueryOptions } from '../api.ts';

/**
 * The resident portal's 'Board decisions' (issue 22 item 5): what the boards of the resident's
 * associations decided and chose to publish, newest first — the outcome and its background, never who
 * voted how.
 */
export function PublishedDecisionsCard() {
  const [page, setPage] = useState(1);
  const query = useQuery(publishedDecisionsQueryOptions(page));
  let body: ReactNode;
  if (query.isPending)
    body = (
      <Group gap="sm" py="md" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading board decisions...</Text>
      </Group>
    );
  else if (query.isError)
    body = (
      <ErrorState
        title="Failed to load board decisions"
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        headingOrder={3}
      />
    );
  else if (query.data.decisions.length === 0)
    body = (
      <Text c="dimmed">
        No published decisions yet. When your association’s board decides something it shares with residents,
        it appears here.
      </Text>
    );
  else {
    const isSeveral = new Set(query.data.decisions.map((decision) => decision.propertyName)).size > 1;
    body = (
      <Stack gap="md">
        <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {query.data.decisions.map((decision) => (
            <PublishedDecisionItem key={decision.id} decision={decision} showAssociation={isSeveral} />
          ))}
        </Stack>
        <ListPager
          noun="board decisions"
          page={page}
          pageSize={publishedDecisionsPageSize}
          total={query.data.total}
          onChange={setPage}
        />
      </Stack>
    );
  }
  return (
    <PortalSectionCard title="Board decisions" icon={<IconGavel size={20} aria-hidden />} color="grape">
      {body}
    </PortalSectionCard>
  );
}

function PublishedDecisionItem({
  decision,
  showAssociation,
}: {
  decision: PublishedDecision;
  showAssociation: boolean;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const backgroundId = useId();
  return (
    <Stack component="li" gap={4}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {decision.title}
      </Text>
      <Text size="sm">
        Decided: <strong>{decision.outcome}</strong>
      </Text>
      <Text size="xs" c="dimmed">
        {decisionKindLabels[decision.kind]} · {formatDate(decision.decidedAt)}
        {showAssociation ? ` · ${decision.propertyName}` : ''}
      </Text>
      <div>
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          rightSection={
            isOpen ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
          }
          aria-expanded={isOpen}
          aria-controls={backgroundId}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? 'Hide the background' : 'Show the background'}
        </Button>
      </div>
      <Collapse expanded={isOpen} id={backgroundId}>
        <Stack gap={4}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {decision.background}
          </Text>
          {decision.outcomeNote ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {decision.outcomeNote}
            </Text>
          ) : null}
        </Stack>
      </Collapse>
    </Stack>
  );
}
