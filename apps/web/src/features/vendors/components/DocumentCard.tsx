import { formatMoney, type VendorCompliance, type VendorDocument } from '@commonwise/contracts';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { coverageFields, coverageLabels } from '../document-form.ts';
import { documentBadgeOf, documentTitleOf } from '../labels.ts';
import { DocumentFiles, fileRightsOf, noFileRights, type DocumentSource } from './DocumentFiles.tsx';

/**
 * One compliance document: what it says (cover, numbers, days), who sent and who verified it, why it
 * was rejected or withdrawn, its files, and the actions the reader may take on it. A withdrawn one is
 * shown greyed: it stays in the history and counts for nothing.
 */
export function DocumentCard({
  document,
  compliance,
  source,
  filesHiddenText,
  actions,
}: {
  document: VendorDocument;
  compliance: VendorCompliance;
  source: DocumentSource;
  /** Shown instead of the files when the reader may not open them (a W-9's, for the board). */
  filesHiddenText?: string | null;
  actions?: ReactNode;
}) {
  const badge = documentBadgeOf(document, compliance);
  // The files are shown; adding and removing them is a step of its own, so each card stays short.
  const [isChangingFiles, setIsChangingFiles] = useState(false);
  const isWithdrawn = document.status === 'withdrawn';
  const facts = factsOf(document);
  // What the reader may do with the files, as the server says (a rejected certificate's wrong file may
  // still be removed by its keepers, but nothing added to it).
  const mayAdd = document.canAddFiles;
  const mayRemove = document.canRemoveFiles && document.files.length > 0;
  const filesLabel = mayAdd
    ? document.files.length > 0 && mayRemove
      ? 'Add or remove files'
      : 'Attach a file'
    : 'Remove files';
  const canChangeFiles = (mayAdd || mayRemove) && !filesHiddenText;
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="md"
      aria-label={documentTitleOf(document)}
      style={isWithdrawn ? { opacity: 0.65, background: 'var(--mantine-color-default-hover)' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
            <Title order={4} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {documentTitleOf(document)}
            </Title>
            <Text size="xs" c="dimmed">
              {provenanceOf(document)}
            </Text>
          </Stack>
          <ToneBadge color={badge.color}>{badge.label}</ToneBadge>
        </Group>
        {facts.length > 0 ? (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs" verticalSpacing="xs" component="dl" m={0}>
            {facts.map(([label, value]) => (
              <div key={label}>
                <Text component="dt" size="xs" c="dimmed">
                  {label}
                </Text>
                <Text
                  component="dd"
                  size="sm"
                  m={0}
                  style={{ overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}
                >
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        ) : null}
        {document.status === 'rejected' && document.rejectionReason ? (
          <Alert color="red" variant="light" p="xs" title="Rejected">
            {document.rejectionReason}
          </Alert>
        ) : null}
        {isWithdrawn ? (
          <Alert color="gray" variant="light" p="xs" title="Withdrawn: it counts for nothing">
            {document.withdrawnReason}
            {document.withdrawnBy || document.withdrawnAt ? (
              <Text size="xs" c="dimmed" mt={4}>
                {[
                  document.withdrawnBy ? `By ${document.withdrawnBy.fullName}` : null,
                  document.withdrawnAt ? formatDate(document.withdrawnAt) : null,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </Text>
            ) : null}
          </Alert>
        ) : null}
        {filesHiddenText ? (
          <Text size="sm" c="dimmed">
            {filesHiddenText}
          </Text>
        ) : (
          <DocumentFiles
            source={source}
            document={document}
            rights={isChangingFiles ? fileRightsOf(document) : noFileRights}
          />
        )}
        {actions || (canChangeFiles && !isChangingFiles) ? (
          <Group gap="xs" wrap="wrap">
            {canChangeFiles && !isChangingFiles ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPaperclip size={14} aria-hidden />}
                onClick={() => setIsChangingFiles(true)}
              >
                {filesLabel}
              </Button>
            ) : null}
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** "Sent by Victor Ortiz on Nov 30, 2026 · verified by Maria Santos on Dec 1, 2026". */
function provenanceOf(document: VendorDocument): string {
  const parts: string[] = [];
  if (document.submittedBy)
    parts.push(
      `${document.status === 'submitted' ? 'Sent' : 'Added'} by ${document.submittedBy.fullName} on ${formatDate(document.createdAt)}`,
    );
  else parts.push(`Added ${formatDate(document.createdAt)}`);
  if (document.verifiedBy && document.verifiedAt)
    parts.push(`verified by ${document.verifiedBy.fullName} on ${formatDate(document.verifiedAt)}`);
  return parts.join(' · ');
}

function factsOf(document: VendorDocument): [string, string][] {
  const facts: [string, string][] = [];
  if (document.kind === 'insurance') {
    if (document.policyNumber) facts.push(['Policy', document.policyNumber]);
    for (const field of coverageFields) {
      const cents = document[field];
      if (cents !== null)
        facts.push([coverageLabels[field], formatMoney(cents, { wholeDollars: cents % 100 === 0 })]);
    }
    if (document.workersComp !== null)
      facts.push(['Workers’ compensation', document.workersComp ? 'Included' : 'Not included']);
  }
  if (document.kind === 'licence' && document.issuedBy) facts.push(['Issued by', document.issuedBy]);
  if (document.effectiveOn) facts.push(['Effective', formatDate(document.effectiveOn)]);
  if (document.kind !== 'w9')
    facts.push(['Expires', document.expiresOn ? formatDate(document.expiresOn) : 'Does not expire']);
  if (document.receivedOn) facts.push(['Received', formatDate(document.receivedOn)]);
  return facts;
}
