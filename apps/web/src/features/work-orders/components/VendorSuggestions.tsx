import type { VendorSuggestion } from '@commonwise/contracts';
import { Button, Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { StandingBadge } from '../../vendors/index.ts';
import { vendorSuggestionsQueryOptions } from '../api.ts';

/** How many suggestions are shown: the server ranks them, best first. */
export const suggestionsShown = 3;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "rated 4.0, 1 open work order" — what tells suggestions apart at a glance. */
export function suggestionSummary(suggestion: VendorSuggestion): string {
  const rating =
    suggestion.ratingAverage !== null && suggestion.ratingCount > 0
      ? `rated ${suggestion.ratingAverage.toFixed(1)}`
      : 'not rated yet';
  const open =
    suggestion.openWorkOrders === 0
      ? 'no open work orders'
      : plural(suggestion.openWorkOrders, 'open work order', 'open work orders');
  return `${rating}, ${open}`;
}

/**
 * Vendors suggested for the work order (issue 24 item 5), above the vendor select: up to three companies
 * of its trade serving its association, with the reasons in words and a button that assigns their person
 * through the same path as the select (its refusals and the assign-anyway step apply). Never assigns by
 * itself. Open at once while nobody is assigned; behind a button once someone is.
 */
export function VendorSuggestions({
  workOrderId,
  assignedVendorId,
  isAssigning,
  onAssign,
}: {
  workOrderId: string;
  assignedVendorId: string | null;
  isAssigning: boolean;
  onAssign: (vendorId: string) => void;
}) {
  const titleId = useId();
  const listId = useId();
  const [isOpen, setIsOpen] = useState(assignedVendorId === null);
  const query = useQuery(vendorSuggestionsQueryOptions(workOrderId));
  const suggestions = query.data?.suggestions.slice(0, suggestionsShown) ?? [];

  let body;
  if (query.isPending)
    body = (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          Finding vendors to suggest...
        </Text>
      </Group>
    );
  else if (query.isError)
    body = (
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="red.8">
          Suggestions could not be loaded: {getErrorMessage(query.error)}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
        >
          Try again
        </Button>
      </Group>
    );
  else if (suggestions.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {query.data.note ?? 'No vendor to suggest for this work order.'}
      </Text>
    );
  else
    body = (
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
        {suggestions.map((suggestion) => (
          <SuggestionCard
            key={suggestion.companyId}
            suggestion={suggestion}
            isAssigned={suggestion.vendor.id === assignedVendorId}
            isAssigning={isAssigning}
            onAssign={() => onAssign(suggestion.vendor.id)}
          />
        ))}
      </Stack>
    );

  return (
    <Stack gap={6} component="section" aria-labelledby={titleId}>
      <UnstyledButton
        onClick={() => setIsOpen((open) => !open)}
        aria-expanded={isOpen}
        aria-controls={listId}
        style={{ alignSelf: 'flex-start', borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Group gap={4} wrap="nowrap">
          {isOpen ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
          <IconSparkles size={16} aria-hidden color="var(--mantine-color-indigo-7)" />
          <Text size="sm" fw={600} id={titleId} component="span">
            Suggested vendors
          </Text>
          {!isOpen && query.data && suggestions.length > 0 ? (
            <Text size="xs" c="dimmed" component="span">
              ({suggestions.length})
            </Text>
          ) : null}
        </Group>
      </UnstyledButton>
      <div id={listId} hidden={!isOpen}>
        {isOpen ? (
          <Stack gap={6}>
            {body}
            {suggestions.length > 0 ? (
              <Text size="xs" c="dimmed">
                By trade, insurance, residents’ ratings and open work. You decide who is assigned.
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </div>
    </Stack>
  );
}

function SuggestionCard({
  suggestion,
  isAssigned,
  isAssigning,
  onAssign,
}: {
  suggestion: VendorSuggestion;
  isAssigned: boolean;
  isAssigning: boolean;
  onAssign: () => void;
}) {
  const reasonsId = useId();
  // The line above says the rating and open work; the reasons in full open on request.
  const [showsReasons, setShowsReasons] = useState(false);
  return (
    <Paper component="li" withBorder radius="md" p="xs" aria-label={suggestion.companyName}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap={6} wrap="wrap">
          <Stack gap={0} style={{ minWidth: 0, flex: '1 1 10rem' }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {suggestion.companyName}
            </Text>
            <Text size="xs" c="dimmed">
              {suggestion.vendor.fullName} · {suggestionSummary(suggestion)}
            </Text>
          </Stack>
          {suggestion.insurance.status !== 'current' ? (
            <StandingBadge standing={suggestion.insurance} label="Insurance" />
          ) : null}
        </Group>
        {showsReasons ? (
          <Text component="ul" size="xs" c="dimmed" m={0} pl="md" id={reasonsId} aria-label="Why suggested">
            {suggestion.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </Text>
        ) : null}
        <Group gap="xs" wrap="wrap">
          {isAssigned ? (
            <ToneBadge color="green">Assigned</ToneBadge>
          ) : (
            <Button size="xs" variant="light" disabled={isAssigning} onClick={onAssign}>
              Assign {suggestion.vendor.fullName}
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            aria-expanded={showsReasons}
            aria-controls={showsReasons ? reasonsId : undefined}
            // The visible words first (WCAG 2.5.3), then whose reasons they are.
            aria-label={`${showsReasons ? 'Hide why' : 'Why suggested'}: ${suggestion.companyName}`}
            onClick={() => setShowsReasons((shows) => !shows)}
          >
            {showsReasons ? 'Hide why' : 'Why suggested'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
