import {
  occupantKindLabels,
  unitKindLabels,
  unitStatusLabels,
  type Unit,
  type UnitStatus,
} from '@commonwise/contracts';
import { ActionIcon, Anchor, Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArchive, IconArchiveOff, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export const unitStatusColors: Record<UnitStatus, string> = {
  occupied: 'green',
  vacant: 'gray',
  under_construction: 'orange',
};

/** Basis points as a percentage: 250 → "2.5%"; null is an equal share. */
export function formatShare(shareBp: number | null): string {
  if (shareBp === null) return 'Equal';
  return `${(shareBp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}

function names(people: { fullName: string }[]): ReactNode {
  if (people.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  return people.map((person) => person.fullName).join(', ');
}

interface Column {
  key: string;
  label: string;
  render: (unit: Unit) => ReactNode;
  align?: 'right';
}

/** The columns; the label opens the unit's owners and occupants, past and present. */
const columnsFor = (onOpen: (unit: Unit) => void): Column[] => [
  {
    key: 'label',
    label: 'Unit',
    render: (unit) => (
      <Anchor component="button" type="button" fw={600} onClick={() => onOpen(unit)}>
        {unit.label}
      </Anchor>
    ),
  },
  {
    key: 'building',
    label: 'Building / floor',
    render: (unit) =>
      [unit.building, unit.floor ? `Floor ${unit.floor}` : null].filter(Boolean).join(' · ') || (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  { key: 'kind', label: 'Type', render: (unit) => unitKindLabels[unit.kind] },
  {
    key: 'status',
    label: 'Status',
    render: (unit) => (
      // Never squeezed to an ellipsis by the table's column widths.
      <Badge variant="light" color={unitStatusColors[unit.status]} style={{ minWidth: 'max-content' }}>
        {unitStatusLabels[unit.status]}
      </Badge>
    ),
  },
  { key: 'owners', label: 'Owners', render: (unit) => names(unit.owners) },
  {
    key: 'occupants',
    label: 'Occupants',
    render: (unit) =>
      unit.occupants.length === 0
        ? names([])
        : unit.occupants
            .map((occupant) => `${occupant.fullName} (${occupantKindLabels[occupant.kind].toLowerCase()})`)
            .join(', '),
  },
  { key: 'share', label: 'Share', render: (unit) => formatShare(unit.shareBp), align: 'right' },
  { key: 'vote', label: 'Vote weight', render: (unit) => unit.voteWeight, align: 'right' },
];

interface UnitsTableProps {
  units: Unit[];
  /** Edit and archive buttons, for the property's managers and admins. */
  canEdit: boolean;
  onEdit: (unit: Unit) => void;
  onToggleArchived: (unit: Unit) => void;
  /** Shows the unit's history (its owners and occupants, past and present). */
  onOpen: (unit: Unit) => void;
}

/**
 * The Units tab's table. Below Mantine's 'sm' each unit is a card of label/value pairs (as the portals'
 * ResponsiveTable does), since nine columns do not fit a 375px screen without scrolling sideways.
 */
export function UnitsTable({ units, canEdit, onEdit, onToggleArchived, onOpen }: UnitsTableProps) {
  const columns = columnsFor(onOpen);
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const actions = (unit: Unit) =>
    canEdit ? (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label={`Edit unit ${unit.label}`}>
          <ActionIcon variant="subtle" aria-label={`Edit unit ${unit.label}`} onClick={() => onEdit(unit)}>
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={unit.archivedAt ? `Restore unit ${unit.label}` : `Archive unit ${unit.label}`}>
          <ActionIcon
            variant="subtle"
            color={unit.archivedAt ? 'blue' : 'red'}
            aria-label={unit.archivedAt ? `Restore unit ${unit.label}` : `Archive unit ${unit.label}`}
            onClick={() => onToggleArchived(unit)}
          >
            {unit.archivedAt ? (
              <IconArchiveOff size={16} aria-hidden />
            ) : (
              <IconArchive size={16} aria-hidden />
            )}
          </ActionIcon>
        </Tooltip>
      </Group>
    ) : null;

  if (isNarrow) {
    const [title, ...rest] = columns;
    return (
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Units">
        {units.map((unit, index) => (
          <Stack
            component="li"
            key={unit.id}
            gap={6}
            py="sm"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                Unit {title!.render(unit)}
              </Text>
              {actions(unit)}
            </Group>
            {rest.map((column) => (
              <Group key={column.key} justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {column.label}
                </Text>
                <div style={{ textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere', fontSize: 14 }}>
                  {column.render(unit)}
                </div>
              </Group>
            ))}
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" horizontalSpacing="sm" striped highlightOnHover aria-label="Units">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} ta={column.align}>
                {column.label}
              </Table.Th>
            ))}
            {canEdit ? <Table.Th ta="right">Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {units.map((unit) => (
            <Table.Tr key={unit.id}>
              {columns.map((column) => (
                <Table.Td key={column.key} ta={column.align}>
                  {column.render(unit)}
                </Table.Td>
              ))}
              {canEdit ? <Table.Td>{actions(unit)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
