import {
  formatMoney,
  unitSalesStatuses,
  type Project,
  type ProjectUnit,
  type UnitSalesEvent,
  type UnitSalesStatus,
} from '@commonwise/contracts';
import { Alert, Button, Checkbox, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingWarehouse, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { projectUnitsPageSize, projectUnitsQueryOptions, useStepUnits } from '../api.ts';
import { salesEventLabels, unitSalesStatusLabels, unitsText } from '../labels.ts';
import { Loading, SalesStatusBadge } from './ProjectBits.tsx';
import { UnitSaleDialogs, type SaleDialog } from './UnitSaleDialogs.tsx';

type BulkEvent = 'start_construction' | 'release';
const bulkEvents: BulkEvent[] = ['start_construction', 'release'];
const isBulkEvent = (event: UnitSalesEvent): event is BulkEvent => (bulkEvents as string[]).includes(event);

const bulkDone: Record<BulkEvent, (count: number) => string> = {
  start_construction: (count) => `Construction started on ${unitsText(count)}`,
  release: (count) => `${unitsText(count)} released for sale`,
};
const bulkRule: Record<BulkEvent, string> = {
  start_construction: 'Only planned units can start construction.',
  release: 'Only units under construction can be released.',
};

/** The accessible name of a row's step: the visible words, and which unit. */
const eventAriaLabel: Record<UnitSalesEvent, (label: string) => string> = {
  start_construction: (label) => `Start construction on ${label}`,
  release: (label) => `Release ${label}`,
  sign_contract: (label) => `Sign contract for ${label}`,
  close: (label) => `Close sale of ${label}`,
  cancel_contract: (label) => `Cancel contract on ${label}`,
};

/** A date that does not break across lines; a dash when there is none. */
function DateText({ date }: { date: string | null }) {
  return (
    <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
      {date ? formatDate(date) : '—'}
    </Text>
  );
}

/**
 * The project's lots and units (live): searched, filtered by phase and status, paged on the server. Each
 * row offers the steps its status allows; several may start construction or be released at once.
 */
export function InventoryCard({ project }: { project: Project }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [phaseId, setPhaseId] = useState<string | null>(null);
  const [status, setStatus] = useState<UnitSalesStatus | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Map<string, ProjectUnit>>(new Map());
  const [dialog, setDialog] = useState<SaleDialog | null>(null);
  const [stepFailure, setStepFailure] = useState<string | null>(null);
  const stepUnits = useStepUnits(project.id);
  const filters = { q, phaseId, status, page };
  const units = useQuery(projectUnitsQueryOptions(project.id, filters));

  // A new search, filter or page starts a new selection: what is chosen is always on screen.
  const resetSelection = () => setSelected(new Map());
  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
    resetSelection();
  };

  const rows = units.data?.units ?? [];
  const selectable = rows.filter((unit) => unit.events.some(isBulkEvent));
  const chosen = [...selected.values()];
  const isAllChosen = selectable.length > 0 && selectable.every((unit) => selected.has(unit.unitId));

  const toggle = (unit: ProjectUnit, isChecked: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (isChecked) next.set(unit.unitId, unit);
      else next.delete(unit.unitId);
      return next;
    });

  const runStep = (event: BulkEvent, chosenUnits: ProjectUnit[]) => {
    setStepFailure(null);
    stepUnits.mutate(
      { event, unitIds: chosenUnits.map((unit) => unit.unitId) },
      {
        onSuccess: ({ moved }) => {
          showSuccessToast(bulkDone[event](moved));
          resetSelection();
        },
        onError: (error) => setStepFailure(getErrorMessage(error)),
      },
    );
  };

  const columns: Column<ProjectUnit>[] = [
    {
      key: 'unit',
      label: 'Unit',
      render: (unit) => (
        <Group gap="sm" wrap="nowrap">
          {unit.events.some(isBulkEvent) ? (
            <Checkbox
              aria-label={`Select ${unit.label}`}
              checked={selected.has(unit.unitId)}
              onChange={(event) => toggle(unit, event.currentTarget.checked)}
            />
          ) : selectable.length > 0 ? (
            // Keeps the labels in line with those that have a box.
            <span style={{ width: 20, flexShrink: 0 }} />
          ) : null}
          <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {unit.label}
          </Text>
        </Group>
      ),
    },
    { key: 'phase', label: 'Phase', render: (unit) => unit.phaseName },
    { key: 'status', label: 'Status', render: (unit) => <SalesStatusBadge status={unit.salesStatus} /> },
    {
      key: 'buyer',
      label: 'Buyer',
      render: (unit) =>
        unit.sale ? (
          <Stack gap={0}>
            <Text size="sm">{unit.sale.buyerName}</Text>
            <Text size="xs" c="dimmed">
              {unit.sale.buyerEmail}
            </Text>
            {unit.sale.priceCents !== null ? (
              <Text size="xs" c="dimmed">
                {formatMoney(unit.sale.priceCents)}
              </Text>
            ) : null}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ),
    },
    {
      key: 'contract',
      label: 'Contract',
      render: (unit) => <DateText date={unit.sale?.contractOn ?? null} />,
    },
    {
      key: 'closing',
      label: 'Closing',
      render: (unit) => <DateText date={unit.sale?.closingOn ?? null} />,
    },
    {
      key: 'actions',
      label: 'Next step',
      align: 'right',
      render: (unit) =>
        unit.events.length === 0 ? (
          <Text size="sm" c="dimmed">
            Sold
          </Text>
        ) : (
          <Group gap={6} wrap="wrap" justify="flex-end">
            {unit.events.map((event) => (
              <Button
                key={event}
                size="compact-sm"
                variant={event === 'cancel_contract' ? 'subtle' : 'light'}
                color={event === 'cancel_contract' ? 'red' : undefined}
                // The subtle variant's own red is too light on a striped row (axe colour contrast).
                c={event === 'cancel_contract' ? 'red.9' : undefined}
                aria-label={eventAriaLabel[event](unit.label)}
                loading={
                  isBulkEvent(event) &&
                  stepUnits.isPending &&
                  stepUnits.variables?.unitIds.length === 1 &&
                  stepUnits.variables.unitIds[0] === unit.unitId &&
                  stepUnits.variables.event === event
                }
                disabled={stepUnits.isPending}
                onClick={() => {
                  if (isBulkEvent(event)) runStep(event, [unit]);
                  else
                    setDialog({
                      kind: event === 'sign_contract' ? 'contract' : event === 'close' ? 'close' : 'cancel',
                      unit,
                    });
                }}
              >
                {salesEventLabels[event]}
              </Button>
            ))}
          </Group>
        ),
    },
  ];

  const hasFilters = Boolean(q.trim() || phaseId || status);

  return (
    <PortalSectionCard
      title={`Inventory${units.data ? ` (${units.data.total})` : ''}`}
      icon={<IconBuildingWarehouse size={20} aria-hidden />}
      color="orange"
    >
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 14rem' }}
            label="Search units"
            placeholder="Label, buyer's name or e-mail"
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              units.isFetching && !units.isPending ? (
                <Loader size="xs" role="status" aria-label="Searching" />
              ) : null
            }
            value={search}
            onChange={(event) => {
              const value = event.currentTarget.value;
              changeFilter(() => setSearch(value));
            }}
          />
          <Select
            label="Phase"
            data={[
              { value: '', label: 'All phases' },
              ...project.phases.map((phase) => ({ value: phase.id, label: phase.name })),
            ]}
            value={phaseId ?? ''}
            allowDeselect={false}
            onChange={(value) => changeFilter(() => setPhaseId(value || null))}
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label="Status"
            data={[
              { value: '', label: 'All statuses' },
              ...unitSalesStatuses.map((value) => ({ value, label: unitSalesStatusLabels[value] })),
            ]}
            value={status ?? ''}
            allowDeselect={false}
            onChange={(value) => changeFilter(() => setStatus((value || null) as UnitSalesStatus | null))}
            w={{ base: '100%', xs: 200 }}
          />
        </Group>

        {stepFailure ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title="Nothing moved"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setStepFailure(null)}
          >
            {stepFailure}
          </Alert>
        ) : null}

        {selectable.length > 0 ? (
          <BulkBar
            chosen={chosen}
            isAllChosen={isAllChosen}
            isSomeChosen={chosen.length > 0 && !isAllChosen}
            onToggleAll={(isChecked) =>
              setSelected(isChecked ? new Map(selectable.map((unit) => [unit.unitId, unit])) : new Map())
            }
            onStep={(event) => runStep(event, chosen)}
            pendingEvent={
              stepUnits.isPending && chosen.length > 0 ? (stepUnits.variables?.event ?? null) : null
            }
            onClear={resetSelection}
          />
        ) : null}

        {units.isPending ? (
          <Loading text="Loading units..." />
        ) : units.isError ? (
          <ErrorState
            headingOrder={3}
            title="Failed to load units"
            description={getErrorMessage(units.error)}
            onRetry={() => void units.refetch()}
            isRetrying={units.isFetching}
          />
        ) : rows.length === 0 ? (
          <StatusMessage
            headingOrder={3}
            icon={<IconBuildingWarehouse size={32} aria-hidden />}
            title={hasFilters ? 'No units match' : 'No units yet'}
            description={
              hasFilters ? 'Try another search, phase or status.' : 'This project has no lots or units.'
            }
          />
        ) : (
          <div style={{ opacity: units.isPlaceholderData ? 0.6 : 1 }} aria-busy={units.isPlaceholderData}>
            <ResponsiveTable
              caption={`Units of ${project.name}`}
              columns={columns}
              rows={rows}
              rowKey={(unit) => unit.unitId}
              titleColumn="unit"
            />
          </div>
        )}
        {units.data ? (
          <ListPager
            noun="units"
            page={page}
            pageSize={projectUnitsPageSize}
            total={units.data.total}
            onChange={(next) => {
              setPage(next);
              resetSelection();
            }}
          />
        ) : null}
      </Stack>
      <UnitSaleDialogs
        projectId={project.id}
        today={project.today}
        dialog={dialog}
        onClose={() => setDialog(null)}
      />
    </PortalSectionCard>
  );
}

function BulkBar({
  chosen,
  isAllChosen,
  isSomeChosen,
  onToggleAll,
  onStep,
  pendingEvent,
  onClear,
}: {
  chosen: ProjectUnit[];
  isAllChosen: boolean;
  isSomeChosen: boolean;
  onToggleAll: (isChecked: boolean) => void;
  onStep: (event: BulkEvent) => void;
  pendingEvent: string | null;
  onClear: () => void;
}) {
  // A step is offered for the selection only when every chosen unit can take it (the server moves all or none).
  const canAll = (event: BulkEvent) =>
    chosen.length > 0 && chosen.every((unit) => unit.events.includes(event));
  const blocked = chosen.length > 0 ? bulkEvents.filter((event) => !canAll(event)) : [];
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="md" wrap="wrap">
            <Checkbox
              label="Select all on this page"
              checked={isAllChosen}
              indeterminate={isSomeChosen}
              onChange={(event) => onToggleAll(event.currentTarget.checked)}
            />
            <Text size="sm" fw={500} aria-live="polite">
              {chosen.length > 0 ? `${chosen.length} selected` : ''}
            </Text>
          </Group>
          <Group gap="xs" wrap="wrap">
            {bulkEvents.map((event) => (
              <Button
                key={event}
                size="xs"
                variant="light"
                disabled={!canAll(event) || (pendingEvent !== null && pendingEvent !== event)}
                loading={pendingEvent === event}
                onClick={() => onStep(event)}
              >
                {salesEventLabels[event]}
                {chosen.length > 0 ? ` (${chosen.length})` : ''}
              </Button>
            ))}
            {chosen.length > 0 ? (
              <Button size="xs" variant="subtle" onClick={onClear}>
                Clear selection
              </Button>
            ) : null}
          </Group>
        </Group>
        {chosen.length > 0 && blocked.length === bulkEvents.length ? (
          <Text size="xs" c="dimmed">
            The selection mixes statuses. {bulkEvents.map((event) => bulkRule[event]).join(' ')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
