import type { DocumentPassage } from '@commonwise/contracts';
import { Anchor, Badge, Group, Loader, Mark, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api.ts';
import { documentSearchQueryOptions } from '../api.ts';
import { categoryLabel } from '../document-labels.ts';

/** Beyond the SPEC: search the text of the property's processed documents, with document and page. */
export function DocumentSearch({
  propertyId,
  onOpenDocument,
}: {
  propertyId: string;
  onOpenDocument: (documentId: string) => void;
}) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 300);
  const search = useQuery(documentSearchQueryOptions(propertyId, debounced));
  const isActive = debounced.length >= 2;

  return (
    <Stack gap="xs">
      <TextInput
        label="Search documents"
        placeholder="Words from the documents' text..."

        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={search.isFetching ? <Loader size="xs" aria-hidden /> : null}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        type="search"
      />
      {isActive && search.isError ? (
        <Text size="sm" c="red" role="alert">
          {getErrorMessage(search.error, 'Search failed. Please try again.')}
        </Text>
      ) : null}
      {isActive && search.data ? (
        <Stack gap="xs" aria-live="polite" aria-label="Search results">
          {search.data.passages.length === 0 ? (
            <Text size="sm" c="dimmed">
              No passages match “{search.data.query}”. Only processed documents are searched.
            </Text>
          ) : (
            search.data.passages.map((passage) => (
              <PassageCard
                key={`${passage.documentId}-${passage.page}`}
                passage={passage}
                onOpen={() => onOpenDocument(passage.documentId)}
              />
            ))
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}

function PassageCard({ passage, onOpen }: { passage: DocumentPassage; onOpen: () => void }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
        <Anchor component="button" type="button" fw={600} size="sm" onClick={onOpen} ta="left">
          {passage.documentName}
        </Anchor>
        <Group gap={6}>
          <Badge size="sm" variant="light" color="gray" tt="none" fw={500}>
            {categoryLabel(passage.category)}
          </Badge>
          <Badge size="sm" variant="outline" color="gray" tt="none" fw={500}>
            Page {passage.page}
          </Badge>
        </Group>
      </Group>
      <Text size="sm" c="dark.6" style={{ overflowWrap: 'anywhere' }}>
        <HighlightedText text={passage.excerpt} highlights={passage.highlights} />
      </Text>
    </Paper>
  );
}

function HighlightedText({ text, highlights }: { text: string; highlights: [number, number][] }) {
  const parts: { text: string; isMatch: boolean }[] = [];
  let position = 0;
  for (const [start, end] of highlights) {
    if (start > position) parts.push({ text: text.slice(position, start), isMatch: false });
    parts.push({ text: text.slice(start, end), isMatch: true });
    position = end;
  }
  if (position < text.length) parts.push({ text: text.slice(position), isMatch: false });
  return <>{parts.map((part, index) => (part.isMatch ? <Mark key={index}>{part.text}</Mark> : part.text))}</>;
}
