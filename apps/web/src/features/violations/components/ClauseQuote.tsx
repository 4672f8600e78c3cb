import type { RuleClause } from '@commonwise/contracts';
import { Blockquote, Button, Group, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { fetchFileLink } from '../../../lib/document-links.ts';
import { citationOf } from '../labels.ts';

/**
 * A rule's clause, quoted word for word, naming the document, section and page; with a way to open the
 * document at that page when it is still on file.
 */
export function ClauseQuote({
  clause,
  withOpenDocument = false,
  lineClamp,
}: {
  clause: RuleClause;
  withOpenDocument?: boolean;
  /** Shortens a long clause in a list; the whole text is in the rule's dialog. */
  lineClamp?: number;
}) {
  return (
    <div>
      <Blockquote
        color="gray"
        p="sm"
        pl="md"
        radius="md"
        iconSize={0}
        cite={<Text span size="xs" c="gray.7" fs="normal">{`— ${citationOf(clause)}`}</Text>}
        styles={{ root: { margin: 0 }, cite: { marginTop: 6, opacity: 1 } }}
      >
        <Text size="sm" fs="italic" lineClamp={lineClamp} style={{ whiteSpace: 'pre-wrap' }}>
          {clause.excerpt}
        </Text>
      </Blockquote>
      {withOpenDocument && clause.documentId && clause.documentName ? (
        <OpenDocumentButton documentId={clause.documentId} page={clause.page} />
      ) : null}
    </div>
  );
}

/**
 * Opens the document at the clause's page in a new tab. The tab opens at once (a browser blocks a
 * window opened after a wait); the signed link, good for an hour, is asked for on the click.
 */
function OpenDocumentButton({ documentId, page }: { documentId: string; page: number | null }) {
  const [isFailed, setIsFailed] = useState(false);
  async function open() {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const { url } = await fetchFileLink(documentId);
      const target = `${url}${page === null ? '' : `#page=${page}`}`;
      if (tab) tab.location.href = target;
      else window.location.href = target;
      setIsFailed(false);
    } catch {
      tab?.close();
      setIsFailed(true);
    }
  }
  return (
    <Group gap="xs" mt={6}>
      <Button
        variant="subtle"
        size="compact-xs"
        leftSection={<IconExternalLink size={14} aria-hidden />}
        onClick={() => void open()}
      >
        {page === null ? 'Open the document' : `Open the document at page ${page}`}
      </Button>
      {isFailed ? (
        <Text size="xs" c="red" role="alert">
          The document could not be opened. Try again.
        </Text>
      ) : null}
    </Group>
  );
}
