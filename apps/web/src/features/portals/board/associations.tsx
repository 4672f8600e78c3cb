import type { BoardAssociationList } from '@commonwise/contracts';
import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../../lib/api.ts';

/**
 * The associations whose board the person sits on (admins: every one), for the board portal's cards.
 * Not the properties they may read: an owner who sits on one board and owns a home elsewhere may read
 * that other association's documents, but has no seat, and so no figures, books or letters there.
 */
export const boardAssociationsQueryOptions = queryOptions({
  queryKey: ['board-portal', 'associations'],
  queryFn: ({ signal }) => api.get<BoardAssociationList>('/api/board-portal/associations', { signal }),
});

/** A link per association of the board ("Books of Willow Creek Commons"), with loading and failure said. */
export function BoardAssociationLinks({
  label,
  to,
}: {
  label: (name: string) => string;
  to: (propertyId: string) => string;
}) {
  const associations = useQuery(boardAssociationsQueryOptions);
  if (associations.isPending)
    return (
      <Group gap="sm" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      </Group>
    );
  if (associations.isError)
    return (
      <Text size="sm" c="red.9">
        Failed to load your associations.
      </Text>
    );
  if (associations.data.associations.length === 0)
    return (
      <Text size="sm" c="dimmed">
        You sit on no association’s board.
      </Text>
    );
  return (
    <Stack gap={4}>
      {associations.data.associations.map((association) => (
        <Anchor key={association.id} component={Link} to={to(association.id)}>
          {label(association.name)}
        </Anchor>
      ))}
    </Stack>
  );
}
