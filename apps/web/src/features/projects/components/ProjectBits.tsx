import type { HandoverEvidence, UnitSalesStatus } from '@commonwise/contracts';
import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DocumentLink } from '../../../components/DocumentLink.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { salesStatusColors, unitSalesStatusLabels } from '../labels.ts';

/** A loading line, announced to screen readers. */
export function Loading({ text }: { text: string }) {
  return (
    <Group gap="sm" py="md" role="status">
      <Loader size="sm" aria-hidden />
      <Text c="dimmed">{text}</Text>
    </Group>
  );
}

export function SalesStatusBadge({ status }: { status: UnitSalesStatus }) {
  return (
    <ToneBadge color={salesStatusColors[status]} style={{ textTransform: 'none', minWidth: 'max-content' }}>
      {unitSalesStatusLabels[status]}
    </ToneBadge>
  );
}

/**
 * One piece of a hand-over item's evidence: a document opens in a new tab, something with a page in the
 * product links there, anything else is said in words.
 */
export function EvidenceLink({ evidence }: { evidence: HandoverEvidence }) {
  if (evidence.kind === 'document' && evidence.id)
    return <DocumentLink documentId={evidence.id} title={evidence.label} />;
  if (evidence.href) {
    // A page of the app opens in place; a file the server sends (/api/…) or another site, as a link.
    const isPage = evidence.href.startsWith('/') && !evidence.href.startsWith('/api/');
    return isPage ? (
      <Anchor component={Link} to={evidence.href} size="sm">
        {evidence.label}
      </Anchor>
    ) : (
      <Anchor href={evidence.href} size="sm" target="_blank" rel="noreferrer">
        {evidence.label}
      </Anchor>
    );
  }
  return <Text size="sm">{evidence.label}</Text>;
}

/** The evidence of an item as a list; when there is none, a line saying so (or nothing, `isQuietWhenEmpty`). */
export function EvidenceList({
  evidence,
  label,
  isQuietWhenEmpty = false,
}: {
  evidence: HandoverEvidence[];
  label: string;
  isQuietWhenEmpty?: boolean;
}) {
  if (evidence.length === 0)
    return isQuietWhenEmpty ? null : (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  return (
    <Stack component="ul" gap={2} m={0} pl="md" aria-label={label}>
      {evidence.map((item, index) => (
        <li key={`${item.kind}-${item.id ?? index}`} style={{ overflowWrap: 'anywhere' }}>
          <EvidenceLink evidence={item} />
        </li>
      ))}
    </Stack>
  );
}
