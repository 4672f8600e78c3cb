import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { fetchFileLink } from '../lib/document-links.ts';

/**
 * A document of the association, opened in a new tab. The tab opens at once (a browser blocks a window
 * opened after a wait); the signed link, good for an hour, is asked for on the click.
 */
export function DocumentLink({ documentId, title }: { documentId: string; title: string }) {
  const [isFailed, setIsFailed] = useState(false);
  async function open() {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const { url } = await fetchFileLink(documentId);
      if (tab) tab.location.href = url;
      else window.location.href = url;
      setIsFailed(false);
    } catch {
      tab?.close();
      setIsFailed(true);
    }
  }
  return (
    <Group gap="xs" wrap="wrap">
      <Anchor component="button" type="button" size="sm" onClick={() => void open()} ta="left">
        <IconExternalLink size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
        {title}
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </Anchor>
      {isFailed ? (
        <Text size="xs" c="red.8" role="alert">
          The document could not be opened. Try again.
        </Text>
      ) : null}
    </Group>
  );
}
