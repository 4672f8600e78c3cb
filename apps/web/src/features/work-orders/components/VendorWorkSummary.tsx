import { Card, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { vendorPortalQueryOptions } from '../api.ts';

/**
 * The vendor's work at a glance: open, due within a week (overdue included), completed — counted by
 * the server over all their work orders, whichever page the list below shows.
 */
export function VendorWorkSummary({ page }: { page: number }) {
  const { data } = useQuery(vendorPortalQueryOptions(page));
  // Shown once the list is in; the list card itself says when it is loading or failed.
  if (!data) return null;
  const tiles = [
    { label: 'Open work orders', value: data.summary.open },
    { label: 'Due within 7 days', value: data.summary.dueSoon },
    { label: 'Completed', value: data.summary.completed },
  ];
  return (
    <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }} aria-label="Your work at a glance" role="group">
      {tiles.map((tile) => (
        <Card key={tile.label} withBorder radius="lg" padding="md" shadow="xs">
          <Text size="sm" c="dimmed" lh={1.3}>
            {tile.label}
          </Text>
          <Text fw={700} fz={28} lh={1.2}>
            {tile.value.toLocaleString('en-US')}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
