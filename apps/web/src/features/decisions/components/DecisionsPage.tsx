import {
  decisionKindLabels,
  decisionKinds,
  decisionStatuses,
  type DecisionItemSummary,
} from '@commonwise/contracts';
import { Anchor, Button, Group, Loader, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconGavel, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { getPortalForRole } from '../../../lib/portals.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { propertiesQueryOptions } from '../../properties/api.ts';
import { decisionPagePath, decisionsPageSize, decisionsQueryOptions } from '../api.ts';
import { decisionKindOptions, decisionStatusOptions, votesCastText } from '../labels.ts';
import { DecisionDue, DecisionStatusBadge, MyVoteState } from './DecisionBits.tsx';
import { canPutDecisions, NewDecisionDialog } from './NewDecisionDialog.tsx';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pick = <T extends string>(values: readonly T[], asked: string | null): T | null =>
  values.find((value) => value === asked) ?? null;

/**
 * /decisions (issue 22 item 5): what the person's boards and committees decide — for managers, board
 * members and residents serving on a committee. Filtered by association, status, kind and "needs my
 * vote", searched and paged on the server; the filters live in the address so a link opens it filtered.
 */
export function DecisionsPage() {
  const user = useSignedInUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const propertyId = uuidPattern.test(searchParams.get('propertyId') ?? '')
    ? searchParams.get('propertyId')
    : null;
  const status = pick(decisionStatuses, searchParams.get('status'));
  const kind = pick(decisionKinds, searchParams.get('kind'));
  const mine = searchParams.get('mine') === 'true';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [isCreating, setIsCreating] = useState(false);
  const properties = useQuery(propertiesQueryOptions({ limit: 100 }));
  const decisions = useQuery(decisionsQueryOptions({ propertyId, status, kind, mine, q, page }));

  /** Changes one filter (and goes back to the first page); the address keeps them. */
  const setFilter = (key: string, value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  const filtered = Boolean(propertyId || status || kind || mine || q);
  const portal = getPortalForRole(user.role);

  let content: ReactNode;
  if (decisions.isPending)
    content = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading decisions...</Text>
      </Group>
    );
  else if (decisions.isError)
    content = (
      <ErrorState
        title="Failed to load decisions"
        description={getErrorMessage(decisions.error)}
        onRetry={() => void decisions.refetch()}
        isRetrying={decisions.isFetching}
      />
    );
  else if (decisions.data.items.length === 0)
    content = (
      <StatusMessage
        icon={<IconGavel size={32} aria-hidden />}
        title={filtered ? 'No decisions match' : 'No decisions yet'}
        description={
          filtered
            ? 'Try other filters.'
            : 'Items your boards and committees decide appear here, with their votes and outcomes.'
        }
      />
    );
  else
    content = (
      <ResponsiveTable
        caption="Decisions"
        columns={columns}
        rows={decisions.data.items}
        rowKey={(item) => item.id}
        titleColumn="decision"
      />
    );

  return (
    <Stack gap="lg" maw={1280}>
      {portal.path === '/dashboard' ? null : (
        <Anchor component={Link} to={portal.path} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {portal.name}
          </Group>
        </Anchor>
      )}
      <PageHeader
        title="Decisions"
        description="What your boards and committees decide: the background, the options, who voted how and the outcome."
        actions={
          canPutDecisions(user.role) ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setIsCreating(true)}>
              New decision
            </Button>
          ) : undefined
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Title"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setFilter('page', null);
          }}
          maxLength={100}
          style={{ flex: '1 1 14rem' }}
        />
        <Select
          label="Association"
          placeholder={properties.isError ? 'Failed to load' : 'Every association'}
          data={(properties.data?.properties ?? []).map((property) => ({
            value: property.id,
            label: property.name,
          }))}
          value={propertyId}
          onChange={(value) => setFilter('propertyId', value)}
          clearable
          searchable
          nothingFoundMessage="No association matches"
          style={{ flex: '1 1 16rem' }}
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={decisionStatusOptions}
          value={status}
          onChange={(value) => setFilter('status', value)}
          clearable
          style={{ flex: '1 1 9rem' }}
        />
        <Select
          label="Kind"
          placeholder="Any kind"
          data={decisionKindOptions}
          value={kind}
          onChange={(value) => setFilter('kind', value)}
          clearable
          style={{ flex: '1 1 12rem' }}
        />
        <Switch
          label="Needs my vote"
          checked={mine}
          onChange={(event) => setFilter('mine', event.currentTarget.checked ? 'true' : null)}
          mb={8}
        />
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 0 }} style={{ overflow: 'hidden' }}>
        {content}
      </Paper>
      {decisions.data && !decisions.isError ? (
        <ListPager
          noun="decisions"
          page={page}
          pageSize={decisionsPageSize}
          total={decisions.data.total}
          onChange={(next) => setFilter('page', next === 1 ? null : String(next))}
        />
      ) : null}
      <NewDecisionDialog opened={isCreating} onClose={() => setIsCreating(false)} />
    </Stack>
  );
}

const columns: Column<DecisionItemSummary>[] = [
  {
    key: 'decision',
    label: 'Decision',
    render: (item) => (
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={decisionPagePath(item.propertyId, item.id)} fw={600} size="sm">
          {item.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {item.committeeName}
        </Text>
      </Stack>
    ),
  },
  { key: 'property', label: 'Association', render: (item) => item.propertyName },
  { key: 'kind', label: 'Kind', render: (item) => decisionKindLabels[item.kind] },
  { key: 'due', label: 'Due', render: (item) => <DecisionDue item={item} /> },
  {
    key: 'status',
    label: 'Status',
    render: (item) =>
      item.status === 'decided' && item.outcome ? (
        <Stack gap={2} align="flex-start">
          <DecisionStatusBadge status={item.status} />
          <Text size="xs">{item.outcome.label}</Text>
        </Stack>
      ) : (
        <DecisionStatusBadge status={item.status} />
      ),
  },
  {
    key: 'votes',
    label: 'Votes',
    render: (item) => (
      <Stack gap={2} align="flex-start">
        <Text size="sm">{votesCastText(item)}</Text>
        <MyVoteState item={item} />
      </Stack>
    ),
  },
];
