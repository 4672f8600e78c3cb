import { Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  label: string;
  render: (row: Row) => ReactNode;
  align?: 'right';
}

interface ResponsiveTableProps<Row> {
  /** Names the table for assistive technology. */
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** On a phone each row is a card: this column is its heading line. */
  titleColumn: string;
}

/**
 * A table on wide screens; below Mantine's 'sm' each row becomes a small card with label/value pairs,
 * because five or six columns do not fit a 375px screen without scrolling sideways.
 */
export function ResponsiveTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  titleColumn,
}: ResponsiveTableProps<Row>) {
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  if (isNarrow) {
    const title = columns.find((column) => column.key === titleColumn)!;
    const rest = columns.filter((column) => column.key !== titleColumn);
    return (
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label={caption}>
        {rows.map((row, index) => (
          <Stack
            component="li"
            key={rowKey(row)}
            gap={6}
            py="sm"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <div style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title.render(row)}</div>
            {rest.map((column) => (
              <Group key={column.key} justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {column.label}
                </Text>
                <div style={{ textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere', fontSize: 14 }}>
                  {column.render(row)}
                </div>
              </Group>
            ))}
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" horizontalSpacing="sm" striped highlightOnHover aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} ta={column.align}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.key} ta={column.align}>
                  {column.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
