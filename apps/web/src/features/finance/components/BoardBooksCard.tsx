import { Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { propertiesQueryOptions } from '../../properties/api.ts';
import { booksPagePath } from '../api.ts';

/**
 * The board portal's way to the association's books (issue 20): board members read the trial balance
 * and the journal. The server shows each only the associations whose board they sit on.
 */
export function BoardBooksCard() {
  const properties = useQuery(propertiesQueryOptions({ limit: 20 }));
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="board-books">
      <Title order={2} size="h4" id="board-books" mb="xs">
        The books
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Read the association’s trial balance and every journal entry, as the managers post them.
      </Text>
      {properties.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            Loading...
          </Text>
        </Group>
      ) : properties.isError ? (
        <Text size="sm" c="red">
          Failed to load your associations.
        </Text>
      ) : (
        <Stack gap={4}>
          {properties.data.properties.map((property) => (
            <Anchor key={property.id} component={Link} to={booksPagePath(property.id)}>
              Books of {property.name}
            </Anchor>
          ))}
        </Stack>
      )}
    </Card>
  );
}
