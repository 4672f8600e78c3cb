import { Card, Text, Title } from '@mantine/core';
import { BoardAssociationLinks } from '../../portals/index.ts';
import { booksPagePath } from '../api.ts';

/**
 * The board portal's way to the association's books (issue 20): board members read the trial balance
 * and the journal. The server lists the associations whose board they sit on.
 */
export function BoardBooksCard() {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="board-books">
      <Title order={2} size="h4" id="board-books" mb="xs">
        The books
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Read the association’s trial balance and every journal entry, as the managers post them.
      </Text>
      <BoardAssociationLinks label={(name) => `Books of ${name}`} to={booksPagePath} />
    </Card>
  );
}
