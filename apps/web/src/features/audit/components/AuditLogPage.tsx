import {
  auditActionLabels,
  auditEntities,
  auditEntityLabels,
  roleLabels,
  type AuditEvent,
  type AuditListQuery,
} from '@commonwise/contracts';
import { Badge, Button, Group, Loader, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconClipboardList, IconDownload, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { propertiesQueryOptions } from '../../properties/api.ts';
import { auditEventsQueryOptions, auditExportUrl, auditPageSize } from '../api.ts';
import { describeChanges } from '../changes.ts';

const entityOptions = auditEntities.map((entity) => ({ value: entity, label: auditEntityLabels[entity] }));
const actionColors = { insert: 'teal', update: 'indigo', delete: 'red' } as const;

/** /admin-portal/audit-logs (issue 18): who changed what, and when, filtered, paged and exported. */
export function AuditLogPage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [propertyId, setPropertyId] = useState<string | null>(null);
  const [propertySearch, setPropertySearch] = useState('');
  const [debouncedPropertySearch] = useDebouncedValue(propertySearch, 250);
  const [entity, setEntity] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

  const filters: Omit<AuditListQuery, 'page' | 'limit'> = {
    q: q || undefined,
    propertyId: propertyId ?? undefined,
    entity: (entity as AuditListQuery['entity']) ?? undefined,
    from: from || undefined,
    to: to || undefined,
  };
  const { data, isPending, isError, isFetching, refetch } = useQuery(
    auditEventsQueryOptions({ ...filters, page, limit: auditPageSize }),
  );
  const properties = useQuery(propertiesQueryOptions({ q: debouncedPropertySearch || undefined, limit: 20 }));
  const propertyOptions = (properties.data?.properties ?? []).map((property) => ({
    value: property.id,
    label: property.name,
  }));
  const filtered = Object.values(filters).some(Boolean);
  // Any change of filter starts again from the first page.
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  let content: ReactNode;
  if (isPending) {
    content = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading the audit trail...</Text>
      </Group>
    );
  } else if (isError) {
    content = (
      <ErrorState
        title="Failed to load the audit trail"
        onRetry={() => void refetch()}
        isRetrying={isFetching}
      />
    );
  } else if (data.events.length === 0) {
    content = (
      <StatusMessage
        icon={<IconClipboardList size={32} aria-hidden />}
        title={filtered ? 'No changes match these filters' : 'No changes recorded yet'}
        description={
          filtered
            ? 'Try another person, property, kind of record or dates.'
            : 'Changes to properties, units, owners, committees, documents and work orders appear here.'
        }
      />
    );
  } else {
    content = isNarrow ? <EventCards events={data.events} /> : <EventTable events={data.events} />;
  }

  return (
    <>
      <PageHeader
        title="Audit Logs"
        description="Every change to association records: who made it, in which role, and what it changed. The trail cannot be edited."
        actions={
          <Button
            component="a"
            href={auditExportUrl(filters)}
            download
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Export CSV
          </Button>
        }
      />
      <Stack gap="md" maw={1200}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Person or record id"
            placeholder="Name, e-mail or id"
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              isFetching && !isPending ? <Loader size={14} role="status" aria-label="Searching" /> : null
            }
            value={search}
            onChange={(event) => refilter(setSearch)(event.currentTarget.value)}
            style={{ flex: '1 1 14rem' }}
            maxLength={100}
          />
          <Select
            label="Property"
            placeholder="All properties"
            data={propertyOptions}
            value={propertyId}
            onChange={refilter(setPropertyId)}
            searchable
            searchValue={propertySearch}
            onSearchChange={setPropertySearch}
            filter={({ options }) => options}
            nothingFoundMessage={properties.isFetching ? 'Searching...' : 'No property found'}
            clearable
            style={{ flex: '1 1 12rem' }}
          />
          <Select
            label="Kind of record"
            placeholder="All kinds"
            data={entityOptions}
            value={entity}
            onChange={refilter(setEntity)}
            clearable
            style={{ flex: '1 1 12rem' }}
          />
          <TextInput
            label="From"
            type="date"
            value={from}
            onChange={(event) => refilter(setFrom)(event.currentTarget.value)}
            style={{ flex: '0 1 10rem' }}
          />
          <TextInput
            label="To"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => refilter(setTo)(event.currentTarget.value)}
            style={{ flex: '0 1 10rem' }}
          />
        </Group>
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          {content}
        </Paper>
        {data && !isError ? (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {data.total} {data.total === 1 ? 'change' : 'changes'}
            </Text>
            <ListPager
              noun="changes"
              page={page}
              pageSize={auditPageSize}
              total={data.total}
              onChange={setPage}
            />
          </>
        ) : null}
      </Stack>
    </>
  );
}

function Who({ event }: { event: AuditEvent }) {
  if (!event.actor) return <Text size="sm">System</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {event.actor.fullName || event.actor.email}
      </Text>
      {event.actorRole ? (
        <Text size="xs" c="dimmed">
          as {roleLabels[event.actorRole]}
        </Text>
      ) : null}
    </Stack>
  );
}

function What({ event }: { event: AuditEvent }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="light" color={actionColors[event.action]}>
        {auditActionLabels[event.action]}
      </Badge>
      <Text size="sm">{auditEntityLabels[event.entity]}</Text>
    </Group>
  );
}

function Changes({ event }: { event: AuditEvent }) {
  const lines = describeChanges(event);
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {lines.map((line) => (
        <Text key={line} component="li" size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

function EventTable({ events }: { events: AuditEvent[] }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" horizontalSpacing="md" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Property</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Changes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.occurredAt)}</Table.Td>
              <Table.Td>
                <Who event={event} />
              </Table.Td>
              <Table.Td>{event.property?.name || '—'}</Table.Td>
              <Table.Td>
                <What event={event} />
                <Text size="xs" c="dimmed" ff="monospace" title={event.entityId}>
                  {event.entityId.slice(0, 8)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Changes event={event} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function EventCards({ events }: { events: AuditEvent[] }) {
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {events.map((event, index) => (
        <Stack
          key={event.id}
          component="li"
          gap={6}
          p="md"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <What event={event} />
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(event.occurredAt)}
            </Text>
          </Group>
          <Who event={event} />
          {event.property ? (
            <Text size="sm" c="dimmed">
              {event.property.name}
            </Text>
          ) : null}
          <Changes event={event} />
        </Stack>
      ))}
    </Stack>
  );
}
