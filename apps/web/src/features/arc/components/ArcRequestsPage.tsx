import { arcRequestStatuses, type ArcRequestSummary } from '@commonwise/contracts';
import { Anchor, Button, Group, Loader, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconBuildingCommunity, IconSearch, IconSettings } from '@tabler/icons-react';
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
import {
  arcProjectTypesPagePath,
  arcRequestPagePath,
  arcRequestsPageSize,
  arcRequestsQueryOptions,
} from '../api.ts';
import { arcStatusOptions } from '../labels.ts';
import { ArcStatusBadge, DueDate } from './ArcRequestParts.tsx';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /arc (issue 22): the architectural requests of the associations the person manages, governs or reviews
 * for (managers, the board, residents on the review committee), filtered by association, status and
 * "deadline passed" — filters in the address, so a link (a nudge, the portal's count) opens it filtered.
 */
export function ArcRequestsPage() {
  const user = useSignedInUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const propertyId = uuidPattern.test(searchParams.get('propertyId') ?? '')
    ? searchParams.get('propertyId')
    : null;
  const status = arcRequestStatuses.find((one) => one === searchParams.get('status')) ?? null;
  const deadlinePassed = searchParams.get('deadlinePassed') === 'true';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const [search, setSearch] = useState(searchParams.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const properties = useQuery(propertiesQueryOptions({ limit: 100 }));
  const requests = useQuery(arcRequestsQueryOptions({ propertyId, status, deadlinePassed, q, page }));

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
  const filtered = Boolean(propertyId || status || deadlinePassed || q);
  const portal = getPortalForRole(user.role);
  const isManager = user.role === 'manager' || user.role === 'admin';

  let content: ReactNode;
  if (requests.isPending)
    content = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading architectural requests...</Text>
      </Group>
    );
  else if (requests.isError)
    content = (
      <ErrorState
        title="Failed to load architectural requests"
        description={getErrorMessage(requests.error)}
        onRetry={() => void requests.refetch()}
        isRetrying={requests.isFetching}
      />
    );
  else if (requests.data.requests.length === 0)
    content = (
      <StatusMessage
        icon={<IconBuildingCommunity size={32} aria-hidden />}
        title={filtered ? 'No requests match' : 'No architectural requests yet'}
        description={
          filtered
            ? 'Try other filters.'
            : 'Owners’ requests to change the outside of their homes appear here once they send them.'
        }
      />
    );
  else
    content = (
      <ResponsiveTable
        caption="Architectural requests"
        columns={columns}
        rows={requests.data.requests}
        rowKey={(request) => request.id}
        titleColumn="project"
      />
    );

  return (
    <Stack gap="lg" maw={1280}>
      <Anchor component={Link} to={portal.path} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {portal.name}
        </Group>
      </Anchor>
      <PageHeader
        title="Architectural requests"
        description="Owners’ requests to change the outside of their homes, with what each still needs and when its decision is due."
        actions={
          isManager && propertyId ? (
            <Button
              component={Link}
              to={arcProjectTypesPagePath(propertyId)}
              variant="default"
              leftSection={<IconSettings size={16} aria-hidden />}
            >
              Project types
            </Button>
          ) : undefined
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Unit, owner or project"
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
          data={arcStatusOptions}
          value={status}
          onChange={(value) => setFilter('status', value)}
          clearable
          style={{ flex: '1 1 12rem' }}
        />
        <Switch
          label="Deadline passed"
          description="Undecided after the due date"
          checked={deadlinePassed}
          onChange={(event) => setFilter('deadlinePassed', event.currentTarget.checked ? 'true' : null)}
          mb={4}
        />
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 0 }} style={{ overflow: 'hidden' }}>
        {content}
      </Paper>
      {requests.data && !requests.isError ? (
        <ListPager
          noun="architectural requests"
          page={page}
          pageSize={arcRequestsPageSize}
          total={requests.data.total}
          onChange={(next) => setFilter('page', next === 1 ? null : String(next))}
        />
      ) : null}
    </Stack>
  );
}

const columns: Column<ArcRequestSummary>[] = [
  {
    key: 'project',
    label: 'Project',
    render: (request) => (
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={arcRequestPagePath(request.propertyId, request.id)} fw={600} size="sm">
          {request.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {request.projectType.name}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'unit',
    label: 'Unit',
    render: (request) => (
      <Stack gap={0}>
        <Text size="sm">Unit {request.unit.label}</Text>
        <Text size="xs" c="dimmed">
          {request.propertyName}
        </Text>
      </Stack>
    ),
  },
  { key: 'applicant', label: 'Applicant', render: (request) => request.applicant.fullName },
  { key: 'status', label: 'Status', render: (request) => <ArcStatusBadge status={request.status} /> },
  { key: 'due', label: 'Decision due', render: (request) => <DueDate request={request} /> },
];
