import type { Unit } from '@commonwise/contracts';
import { Button, Group, Loader, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingCommunity, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { unitsPageSize, unitsQueryOptions, useSetUnitArchived } from '../api.ts';
import { ImportUnitsButton } from './ImportUnitsDialog.tsx';
import { UnitFormDialog } from './UnitFormDialog.tsx';
import { UnitHistoryDrawer } from './UnitHistoryDrawer.tsx';
import { UnitsTable } from './UnitsTable.tsx';

interface UnitsTabProps {
  propertyId: string;
  /** Add, edit and archive: the property's managers and admins. */
  canEdit: boolean;
}

/** The property page's Units tab: a searched, paged table of the association's units. */
export function UnitsTab({ propertyId, canEdit }: UnitsTabProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<Unit | 'new' | null>(null);
  const [toArchive, setToArchive] = useState<Unit | null>(null);
  const [historyOf, setHistoryOf] = useState<Unit | null>(null);
  const setUnitArchived = useSetUnitArchived(propertyId);
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useQuery(
    unitsQueryOptions(propertyId, { q, page, archived }),
  );

  const toggleArchived = (unit: Unit) => {
    if (!unit.archivedAt) return setToArchive(unit);
    setUnitArchived.mutate(
      { unitId: unit.id, archived: false },
      {
        onSuccess: () => showSuccessToast(`Unit ${unit.label} restored`),
        onError: (error) => showFailureToast('Failed to restore unit', error),
      },
    );
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="units-title"
    >
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4" id="units-title">
            Units{data ? ` (${data.total})` : ''}
          </Title>
          {canEdit ? (
            <Group gap="xs">
              <ImportUnitsButton propertyId={propertyId} />
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
                Add Unit
              </Button>
            </Group>
          ) : null}
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 14rem' }}
            label="Search units"
            placeholder="Label, address, building or name"
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              isFetching && !isPending ? <Loader size="xs" role="status" aria-label="Searching" /> : null
            }
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
          <SegmentedControl
            aria-label="Which units"
            value={archived ? 'archived' : 'current'}
            onChange={(value) => {
              setArchived(value === 'archived');
              setPage(1);
            }}
            data={[
              { value: 'current', label: 'Current' },
              { value: 'archived', label: 'Archived' },
            ]}
          />
        </Group>
        {isPending ? (
          <Group justify="center" gap="sm" p="lg" role="status">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">Loading units...</Text>
          </Group>
        ) : isError ? (
          <ErrorState
            headingOrder={3}
            title="Failed to load units"
            description="There was a problem fetching this property's units. Please try again."
            onRetry={() => void refetch()}
            isRetrying={isFetching}
          />
        ) : data.units.length === 0 ? (
          <StatusMessage
            headingOrder={3}
            icon={<IconBuildingCommunity size={32} aria-hidden />}
            title={q ? 'No units match your search' : archived ? 'No archived units' : 'No units yet'}
            description={
              q
                ? 'Try another label, address, building or name.'
                : archived
                  ? 'Units you archive are kept here with their history.'
                  : canEdit
                    ? 'Add the association’s units to record their owners and occupants.'
                    : 'This property has no units recorded yet.'
            }
          />
        ) : (
          <div style={{ opacity: isPlaceholderData ? 0.6 : 1 }} aria-busy={isPlaceholderData}>
            <UnitsTable
              units={data.units}
              canEdit={canEdit}
              onEdit={(unit) => setEditing(unit)}
              onToggleArchived={toggleArchived}
              onOpen={setHistoryOf}
            />
          </div>
        )}
        {data ? (
          <ListPager
            noun="units"
            page={page}
            pageSize={unitsPageSize}
            total={data.total}
            onChange={setPage}
          />
        ) : null}
      </Stack>
      <UnitHistoryDrawer propertyId={propertyId} unit={historyOf} onClose={() => setHistoryOf(null)} />
      {canEdit ? (
        <>
          <UnitFormDialog
            propertyId={propertyId}
            unit={editing === 'new' ? null : editing}
            opened={editing !== null}
            onClose={() => setEditing(null)}
          />
          <ConfirmDialog
            opened={toArchive !== null}
            title="Archive unit"
            confirmLabel="Archive"
            isConfirming={setUnitArchived.isPending}
            onClose={() => setToArchive(null)}
            onConfirm={() => {
              if (!toArchive) return;
              setUnitArchived.mutate(
                { unitId: toArchive.id, archived: true },
                {
                  onSuccess: () => {
                    showSuccessToast(`Unit ${toArchive.label} archived`);
                    setToArchive(null);
                  },
                  onError: (error) => showFailureToast('Failed to archive unit', error),
                },
              );
            }}
          >
            <Text>
              Archive unit {toArchive?.label}? It leaves the list and the property’s unit count; its owners,
              occupants and history are kept, and you can restore it from Archived units.
            </Text>
          </ConfirmDialog>
        </>
      ) : null}
    </Paper>
  );
}
