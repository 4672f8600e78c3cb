import { Card, Text, Title } from '@mantine/core';
import { BoardAssociationLinks } from '../../portals/index.ts';
import { lettersPagePath } from '../api.ts';

/**
 * The board portal's way to the association's letters (issue 18): board members read them and approve
 * those that need approval. The server lists the associations whose board they sit on.
 */
export function BoardLettersCard() {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="board-letters">
      <Title order={2} size="h4" id="board-letters" mb="xs">
        Letters and notices
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Read the association’s letters, and approve the notices that need the board’s approval before they go
        out.
      </Text>
      <BoardAssociationLinks
        label={(name) => `Letters of ${name}`}
        to={(propertyId) => `${lettersPagePath(propertyId)}?status=awaiting_approval`}
      />
    </Card>
  );
}
