import { Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { propertiesQueryOptions } from '../../properties/api.ts';
import { lettersPagePath } from '../api.ts';

/**
 * The board portal's way to the association's letters (issue 18): board members read them and approve
 * those that need approval. The server shows each only the associations whose board they sit on.
 */
export function BoardLettersCard() {
  const properties = useQuery(propertiesQueryOptions({ limit: 20 }));
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="board-letters">
      <Title order={2} size="h4" id="board-letters" mb="xs">
        Letters and notices
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Read the association’s letters, and approve the notices that need the board’s approval before they go
        out.
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
            <Anchor
              key={property.id}
              component={Link}
              to={`${lettersPagePath(property.id)}?status=awaiting_approval`}
            >
              Letters of {property.name}
            </Anchor>
          ))}
        </Stack>
      )}
    </Card>
  );
}
