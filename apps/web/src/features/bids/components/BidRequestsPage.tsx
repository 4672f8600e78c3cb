import {
  bidRequestStatuses,
  bidRequestStatusLabels,
  vendorTradeLabels,
  type BidRequestStatus,
  type BidRequestSummary,
} from '@commonwise/contracts';
import { Anchor, Button, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import {
  bidAssociationsQueryOptions,
  bidRequestPagePath,
  bidRequestsPageSize,
  bidRequestsQueryOptions,
  newBidRequestPath,
} from '../api.ts';
import { dueRelative, formatMomentIn } from '../labels.ts';
import { RequestStatusBadge } from './BidBits.tsx';

const statusOptions = bidRequestStatuses.map((status) => ({
  value: status,
  label: bidRequestStatusLabels[status],
}));

/** Who manages requests for bids in the web: the server decides per association (bids:manage). */
export const canRequestBids = (role: string) => role === 'manager' || role === 'admin';

/**
 * /bids (issue 24 item 2): an association's requests for bids, open ones first by due time. Managers
 * request bids here; the board reads them. One association at a time, picked when the person has several.
 */
export function BidRequestsPage() {
  const user = useSignedInUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const associations = useQuery(bidAssociationsQueryOptions);
  const list = associations.data?.properties ?? [];
  const asked = searchParams.get('propertyId');
  const association = list.find((item) => item.id === asked) ?? list[0] ?? null;
  const status = (searchParams.get('status') as BidRequestStatus | null) ?? null;
  const page = Math.max(1, Number(searchParams.get('page')) || 1);

  const setParam = (key: string, value: string | null) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title="Bids"
        description="Requests for quotes to vendor companies, their bids side by side, and awards."
        actions={
          canRequestBids(user.role) && association ? (
            <Button
              component={Link}
              to={newBidRequestPath({ propertyId: association.id })}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              Request bids
            </Button>
          ) : null
        }
      />
      {associations.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading your associations...</Text>
        </Group>
      ) : associations.isError ? (
        <ErrorState
          title="Your associations could not be loaded"
          description={getErrorMessage(associations.error)}
          onRetry={() => void associations.refetch()}
          isRetrying={associations.isFetching}
        />
      ) : !association ? (
        <Text c="dimmed">You have no association whose bids you can see.</Text>
      ) : (
        <>
          <Group gap="sm" align="flex-end" wrap="wrap">
            {list.length > 1 ? (
              <Select
                label="Association"
                data={list.map((item) => ({ value: item.id, label: item.name }))}
                value={association.id}
                onChange={(value) => setParam('propertyId', value)}
                allowDeselect={false}
                w={{ base: '100%', xs: 300 }}
              />
            ) : null}
            <Select
              label="Status"
              placeholder="Every status"
              data={statusOptions}
              value={status}
              onChange={(value) => setParam('status', value)}
              clearable
              w={{ base: '100%', xs: 220 }}
            />
          </Group>
          <RequestsList
            key={association.id}
            propertyId={association.id}
            timeZone={association.timeZone}
            status={status}
            page={page}
            onPageChange={(next) => setParam('page', String(next))}
            isFiltered={status !== null}
            canCreate={canRequestBids(user.role)}
          />
        </>
      )}
    </Stack>
  );
}

function RequestsList({
  propertyId,
  timeZone,
  status,
  page,
  onPageChange,
  isFiltered,
  canCreate,
}: {
  propertyId: string;
  timeZone: string;
  status: BidRequestStatus | null;
  page: number;
  onPageChange: (page: number) => void;
  isFiltered: boolean;
  canCreate: boolean;
}) {
  const requests = useQuery(bidRequestsQueryOptions(propertyId, { status, page }));
  if (requests.isPending)
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading the requests for bids...</Text>
      </Group>
    );
  if (requests.isError)
    return (
      <ErrorState
        title="The requests for bids could not be loaded"
        description={getErrorMessage(requests.error)}
        onRetry={() => void requests.refetch()}
        isRetrying={requests.isFetching}
      />
    );
  const { requests: rows, total } = requests.data;
  if (rows.length === 0)
    return (
      <Paper withBorder radius="md" p="lg">
        <Text c="dimmed">
          {isFiltered
            ? 'No requests for bids with that status.'
            : canCreate
              ? 'No requests for bids yet. Request bids to get quotes from the vendors serving this association.'
              : 'No requests for bids yet.'}
        </Text>
      </Paper>
    );
  const columns: Column<BidRequestSummary>[] = [
    {
      key: 'title',
      label: 'Request',
      render: (request) => (
        <Anchor component={Link} to={bidRequestPagePath(propertyId, request.id)} fw={600} size="sm">
          {request.title}
        </Anchor>
      ),
    },
    {
      key: 'workOrder',
      label: 'Work order',
      render: (request) =>
        request.workOrder ? (
          <Text size="sm" lineClamp={2}>
            {request.workOrder.summary}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Project
          </Text>
        ),
    },
    { key: 'trade', label: 'Trade', render: (request) => vendorTradeLabels[request.trade] },
    {
      key: 'due',
      label: 'Due',
      render: (request) => (
        <span title={formatMomentIn(request.dueAt, timeZone)}>
          <Text size="sm" component="span" display="block">
            {request.status === 'open' ? dueRelative(request.dueAt) : formatMomentIn(request.dueAt, timeZone)}
          </Text>
          {request.status === 'open' ? (
            <Text size="xs" c="dimmed" component="span" display="block">
              {formatMomentIn(request.dueAt, timeZone)}
            </Text>
          ) : null}
        </span>
      ),
    },
    {
      key: 'answers',
      label: 'Bids',
      render: (request) =>
        `${request.bidCount} of ${request.invitationCount} invited${request.declinedCount > 0 ? ` · ${request.declinedCount} declined` : ''}`,
    },
    { key: 'status', label: 'Status', render: (request) => <RequestStatusBadge status={request.status} /> },
  ];
  return (
    <Stack gap="sm">
      <ResponsiveTable
        caption="Requests for bids"
        columns={columns}
        rows={rows}
        rowKey={(request) => request.id}
        titleColumn="title"
      />
      <ListPager
        noun="requests"
        page={page}
        pageSize={bidRequestsPageSize}
        total={total}
        onChange={onPageChange}
      />
    </Stack>
  );
}
