import type { Property, PropertySortKey } from '@commonwise/contracts';
import {
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconBuildingEstate,
  IconChevronDown,
  IconChevronUp,
  IconPlus,
  IconSearch,
  IconSelector,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { propertiesQueryOptions } from '../api.ts';
import { propertyStatusColors, propertyStatusLabels, propertyTypeLabels } from '../property-labels.ts';

interface PropertySort {
  key: PropertySortKey;
  direction: 'asc' | 'desc';
}
const defaultPropertySort: PropertySort = { key: 'name', direction: 'asc' };
const pageSize = 25;

const columns: { key: PropertySortKey; label: string; align?: 'right' }[] = [
  { key: 'name', label: 'Name' },
  { key: 'type', label: 'Type' },
  { key: 'address', label: 'Address' },
  { key: 'units', label: 'Units', align: 'right' },
  { key: 'status', label: 'Status' },
];

const sortOptions = columns.flatMap(({ key, label }) => [
  { value: `${key}:asc`, label: `${label} (${key === 'units' ? 'fewest' : 'A–Z'} first)` },
  { value: `${key}:desc`, label: `${label} (${key === 'units' ? 'most' : 'Z–A'} first)` },
]);

export const propertyDetailPath = (id: string) => `/admin-portal/properties/${id}`;

/**
 * /admin-portal/properties (SPEC §2 Property list), with a search box and sortable columns: searched,
 * sorted and paged on the server, so a portfolio of hundreds reads as fast as two.
 */
export function PropertiesPage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [sort, setSortState] = useState<PropertySort>(defaultPropertySort);
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching, refetch } = useQuery(
    propertiesQueryOptions({ q, sort: sort.key, direction: sort.direction, page, limit: pageSize }),
  );
  // Below Mantine's 'sm' the rows become cards: six columns do not fit a phone.
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const setSort = (next: PropertySort) => {
    setSortState(next);
    setPage(1);
  };

  const shown = data?.properties ?? [];
  // With no search, an empty first page means there are no properties at all.
  const hasProperties = q !== '' || search !== '' || (data?.total ?? 0) > 0;

  let content: ReactNode;
  if (isPending) {
    content = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading properties...</Text>
      </Group>
    );
  } else if (isError) {
    content = (
      <ErrorState title="Failed to load properties" onRetry={() => void refetch()} isRetrying={isFetching} />
    );
  } else if (!hasProperties) {
    content = (
      <StatusMessage
        icon={<IconBuildingEstate size={32} aria-hidden />}
        title="No properties yet"
        description="Add the first property to start assigning managers and residents."
        actions={<AddPropertyButton />}
      />
    );
  } else if (shown.length === 0) {
    content = (
      <Text c="dimmed" ta="center" p="xl">
        No properties match your search
      </Text>
    );
  } else if (isNarrow) {
    content = <PropertyCards properties={shown} />;
  } else {
    content = <PropertyTable properties={shown} sort={sort} onSort={setSort} />;
  }

  return (
    <>
      <PageHeader
        title="Properties"
        description="Every property Commonwise manages."
        actions={<AddPropertyButton />}
      />
      <Stack gap="md" maw={1100}>
        {hasProperties ? (
          <Group gap="sm" align="flex-end">
            <TextInput
              aria-label="Search properties"
              placeholder="Search by name, address, type or status..."
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              type="search"
              maxLength={200}
              style={{ flex: '1 1 16rem' }}
              maw={{ sm: 420 }}
            />
            {isNarrow ? (
              <Select
                aria-label="Sort properties"
                data={sortOptions}
                value={`${sort.key}:${sort.direction}`}
                allowDeselect={false}
                onChange={(value) => {
                  if (!value) return;
                  const [key, direction] = value.split(':') as [PropertySortKey, PropertySort['direction']];
                  setSort({ key, direction });
                }}
                style={{ flex: '1 1 16rem' }}
              />
            ) : null}
          </Group>
        ) : null}
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          {content}
        </Paper>
        {data && hasProperties && !isError ? (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {q ? 'Found ' : ''}
              {data.total} {data.total === 1 ? 'property' : 'properties'}
            </Text>
            <ListPager
              noun="properties"
              page={page}
              pageSize={pageSize}
              total={data.total}
              onChange={setPage}
            />
          </>
        ) : null}
      </Stack>
    </>
  );
}

function AddPropertyButton() {
  return (
    <Button
      component={Link}
      to="/admin-portal/properties/new"
      leftSection={<IconPlus size={16} aria-hidden />}
    >
      Add Property
    </Button>
  );
}

function StatusBadge({ status }: { status: Property['status'] }) {
  return (
    <Badge variant="light" color={propertyStatusColors[status] ?? 'gray'} style={{ flexShrink: 0 }}>
      {propertyStatusLabels[status] ?? status}
    </Badge>
  );
}

interface PropertyTableProps {
  properties: Property[];
  sort: PropertySort;
  onSort: (sort: PropertySort) => void;
}

function PropertyTable({ properties, sort, onSort }: PropertyTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" horizontalSpacing="md" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const isSorted = sort.key === column.key;
              const SortIcon = !isSorted
                ? IconSelector
                : sort.direction === 'asc'
                  ? IconChevronUp
                  : IconChevronDown;
              return (
                <Table.Th
                  key={column.key}
                  ta={column.align}
                  aria-sort={isSorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <UnstyledButton
                    onClick={() =>
                      onSort({
                        key: column.key,
                        direction: isSorted && sort.direction === 'asc' ? 'desc' : 'asc',
                      })
                    }
                    fw={700}
                    fz="sm"
                  >
                    <Group gap={4} wrap="nowrap" justify={column.align === 'right' ? 'flex-end' : undefined}>
                      {column.label}
                      <SortIcon size={14} aria-hidden style={{ opacity: isSorted ? 1 : 0.45 }} />
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {properties.map((property) => (
            <Table.Tr key={property.id}>
              <Table.Td fw={500}>{property.name}</Table.Td>
              <Table.Td>{propertyTypeLabels[property.type] ?? property.type}</Table.Td>
              <Table.Td>{property.address}</Table.Td>
              <Table.Td ta="right">{property.units}</Table.Td>
              <Table.Td>
                <StatusBadge status={property.status} />
              </Table.Td>
              <Table.Td>
                <Button
                  component={Link}
                  to={propertyDetailPath(property.id)}
                  variant="light"
                  size="xs"
                  aria-label={`Details for ${property.name}`}
                >
                  Details
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PropertyCards({ properties }: { properties: Property[] }) {
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {properties.map((property, index) => (
        <Stack
          key={property.id}
          component="li"
          gap={6}
          p="md"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {property.name}
            </Text>
            <StatusBadge status={property.status} />
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {property.address}
          </Text>
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm">
              {propertyTypeLabels[property.type] ?? property.type} · {property.units}{' '}
              {property.units === 1 ? 'unit' : 'units'}
            </Text>
            <Button
              component={Link}
              to={propertyDetailPath(property.id)}
              variant="light"
              size="xs"
              aria-label={`Details for ${property.name}`}
            >
              Details
            </Button>
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
