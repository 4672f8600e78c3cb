import { occupantKindLabels, type Unit } from '@commonwise/contracts';
import { Badge, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { occupanciesQueryOptions, ownershipsQueryOptions } from '../api.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { formatShare } from './UnitsTable.tsx';
import { WelcomeLetterButton } from './WelcomeLetterButton.tsx';

interface UnitHistoryDrawerProps {
  propertyId: string;
  unit: Unit | null;
  onClose: () => void;
}

const dateOrDash = (date: string | null) => (date ? formatDate(date) : '—');

/** A unit's owners and occupants, past and present: ending one keeps it here with its dates. */
export function UnitHistoryDrawer({ propertyId, unit, onClose }: UnitHistoryDrawerProps) {
  return (
    <Drawer
      opened={unit !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={unit ? `Unit ${unit.label}: owners and occupants` : ''}
    >
      {unit ? <UnitHistory propertyId={propertyId} unitId={unit.id} /> : null}
    </Drawer>
  );
}

function UnitHistory({ propertyId, unitId }: { propertyId: string; unitId: string }) {
  const ownerships = useQuery(ownershipsQueryOptions(propertyId, unitId));
  const occupancies = useQuery(occupanciesQueryOptions(propertyId, unitId));
  const role = useSignedInUser().role;
  const canWrite = role === 'manager' || role === 'admin';
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Stack gap="lg">
      <HistoryTable
        title="Owners"
        query={ownerships}
        columns={['Owner', 'From', 'Until', 'Share of the unit']}
        rows={(ownerships.data ?? []).map((row) => ({
          key: row.id,
          cells: [
            <Stack gap={4} key="name" align="flex-start">
              <Group gap={6} wrap="nowrap">
                <Text size="sm">{row.fullName}</Text>
                {row.isPrimary ? (
                  <Badge size="xs" variant="light">
                    Primary
                  </Badge>
                ) : null}
              </Group>
              {/* A current owner can be sent the association's welcome letter (issue 18). */}
              {canWrite && (row.endsOn === null || row.endsOn > today) ? (
                <WelcomeLetterButton
                  size="compact-xs"
                  variant="subtle"
                  propertyId={propertyId}
                  unitId={unitId}
                  userId={row.userId}
                  fullName={row.fullName}
                />
              ) : null}
            </Stack>,
            dateOrDash(row.startsOn),
            dateOrDash(row.endsOn),
            row.shareBp === null ? 'Equal' : formatShare(row.shareBp),
          ],
        }))}
      />
      <HistoryTable
        title="Occupants"
        query={occupancies}
        columns={['Occupant', 'Lives there as', 'Moved in', 'Moved out']}
        rows={(occupancies.data ?? []).map((row) => ({
          key: row.id,
          cells: [
            row.fullName,
            occupantKindLabels[row.kind],
            dateOrDash(row.movedInOn),
            dateOrDash(row.movedOutOn),
          ],
        }))}
      />
    </Stack>
  );
}

function HistoryTable({
  title,
  query,
  columns,
  rows,
}: {
  title: string;
  query: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <section aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {query.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            Loading {title.toLowerCase()}...
          </Text>
        </Group>
      ) : query.isError ? (
        <ErrorState
          headingOrder={3}
          title={`Failed to load ${title.toLowerCase()}`}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          None recorded.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  {row.cells.map((cell, index) => (
                    <Table.Td key={columns[index]}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
