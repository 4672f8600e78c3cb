import { Group, Progress, Stack, Text } from '@mantine/core';

export interface BreakdownRow {
  key: string;
  label: string;
  count: number;
}

interface BreakdownListProps {
  /** Names the list for assistive technology. */
  label: string;
  rows: BreakdownRow[];
  /** What the count is of, for the share ('of 42 messages'). */
  total: number;
  unit: string;
  color?: string;
}

/**
 * Counts as a list of labelled bars: the numbers are text (read aloud and copyable), the bars only
 * show the proportions at a glance. Fits a 375px screen without a chart library.
 */
export function BreakdownList({ label, rows, total, unit, color = 'indigo' }: BreakdownListProps) {
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {rows.map((row) => {
        const share = total > 0 ? row.count / total : 0;
        return (
          <Stack component="li" key={row.key} gap={4}>
            <Group justify="space-between" gap="sm" wrap="nowrap" align="baseline">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {row.label}
              </Text>
              <Text size="sm" fw={600} style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
                {row.count}
                <Text span size="xs" c="dimmed" fw={400}>
                  {' '}
                  {row.count === 1 ? unit : `${unit}s`} · {Math.round(share * 100)}%
                </Text>
              </Text>
            </Group>
            <Progress value={share * 100} color={color} size="sm" radius="xl" aria-hidden />
          </Stack>
        );
      })}
    </Stack>
  );
}
