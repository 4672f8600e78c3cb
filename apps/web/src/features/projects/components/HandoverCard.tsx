import {
  handoverAttachableItems,
  type Handover,
  type HandoverItem,
  type HandoverReport,
  type Project,
} from '@commonwise/contracts';
import { Button, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconCheck,
  IconCircleDashed,
  IconFileDownload,
  IconFileText,
  IconHeartHandshake,
  IconPaperclip,
} from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { downloadProjectHandoverReport, handoverQueryOptions, useGenerateHandoverReport } from '../api.ts';
import { acknowledgedItemCount } from '../labels.ts';
import { AttachDocumentsDialog } from './AttachDocumentsDialog.tsx';
import { EvidenceList, Loading } from './ProjectBits.tsx';

/**
 * The hand-over checklist (live): each item with what is on file and what is missing, its evidence, and
 * the documents attached to it; the report for the owners' board, and how far they acknowledged it.
 */
export function HandoverCard({ project }: { project: Project }) {
  const handover = useQuery(handoverQueryOptions(project.id));
  const [attaching, setAttaching] = useState<HandoverItem | null>(null);
  return (
    <PortalSectionCard title="Hand-over" icon={<IconHeartHandshake size={20} aria-hidden />} color="green">
      {handover.isPending ? (
        <Loading text="Loading the hand-over checklist..." />
      ) : handover.isError ? (
        <ErrorState
          headingOrder={3}
          title="Failed to load the hand-over checklist"
          description={getErrorMessage(handover.error)}
          onRetry={() => void handover.refetch()}
          isRetrying={handover.isFetching}
        />
      ) : (
        <HandoverBody project={project} handover={handover.data} onAttach={setAttaching} />
      )}
      <AttachDocumentsDialog
        projectId={project.id}
        propertyId={project.propertyId}
        item={attaching}
        onClose={() => setAttaching(null)}
      />
    </PortalSectionCard>
  );
}

function HandoverBody({
  project,
  handover,
  onAttach,
}: {
  project: Project;
  handover: Handover;
  onAttach: (item: HandoverItem) => void;
}) {
  const total = handover.items.length;
  const percent = total === 0 ? 0 : Math.round((handover.completeCount / total) * 100);
  const acknowledged = new Set(handover.latestReport?.acknowledgements.map((ack) => ack.itemKey) ?? []);
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        What the owners&apos; board receives at the hand-over: the records, money and warranty items that get
        lost when nobody lists them. Items fill in from the documents, finance, work orders and boards as they
        are recorded.
      </Text>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>
            {handover.completeCount} of {total} items complete
          </Text>
          <Text size="sm" c="dimmed">
            {percent}%
          </Text>
        </Group>
        <Progress
          value={percent}
          color={handover.completeCount === total ? 'green' : 'teal'}
          aria-label={`Hand-over checklist: ${handover.completeCount} of ${total} items complete`}
        />
      </Stack>
      <ReportPanel project={project} report={handover.latestReport} />
      <Stack
        component="ul"
        gap="md"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label="Hand-over checklist"
      >
        {handover.items.map((item) => (
          <ChecklistItem
            key={item.key}
            item={item}
            isAcknowledged={acknowledged.has(item.key)}
            onAttach={handoverAttachableItems.includes(item.key) ? () => onAttach(item) : null}
          />
        ))}
      </Stack>
    </Stack>
  );
}

function ChecklistItem({
  item,
  isAcknowledged,
  onAttach,
}: {
  item: HandoverItem;
  isAcknowledged: boolean;
  onAttach: (() => void) | null;
}) {
  const attached = item.attachedDocumentIds.length;
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      pb="md"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <ThemeIcon variant="light" radius="xl" size="md" color={item.isComplete ? 'green' : 'gray'} mt={2}>
        {item.isComplete ? <IconCheck size={16} aria-hidden /> : <IconCircleDashed size={16} aria-hidden />}
      </ThemeIcon>
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{item.label}</Text>
          <ToneBadge color={item.isComplete ? 'green' : 'gray'} size="sm" style={{ textTransform: 'none' }}>
            {item.isComplete ? 'Done' : 'To do'}
          </ToneBadge>
          {isAcknowledged ? (
            <ToneBadge color="blue" size="sm" style={{ textTransform: 'none' }}>
              Acknowledged by the board
            </ToneBadge>
          ) : null}
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {item.summary}
        </Text>
        {/* The summary says what is missing: an empty evidence list adds nothing to it. */}
        <EvidenceList evidence={item.evidence} label={`Evidence: ${item.label}`} isQuietWhenEmpty />
        {onAttach ? (
          <Group gap="sm" wrap="wrap">
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPaperclip size={14} aria-hidden />}
              aria-label={`Attach documents to ${item.label}`}
              onClick={onAttach}
            >
              Attach documents
            </Button>
            {attached > 0 ? (
              <Text size="xs" c="dimmed">
                {attached} {attached === 1 ? 'document' : 'documents'} attached
              </Text>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Group>
  );
}

function ReportPanel({ project, report }: { project: Project; report: HandoverReport | null }) {
  const generate = useGenerateHandoverReport(project.id);
  const download = useMutation({
    mutationFn: (latest: HandoverReport) => downloadProjectHandoverReport(project.id, latest),
  });
  const acknowledged = report ? acknowledgedItemCount(report) : 0;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 18rem', minWidth: 0 }}>
          <ThemeIcon variant="light" radius="md" color="green" mt={2}>
            <IconFileText size={18} aria-hidden />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>Hand-over report</Text>
            {report ? (
              <>
                <Text size="sm">Latest report: {formatDate(report.generatedAt)}.</Text>
                <Text size="sm">
                  The board has acknowledged {acknowledged} of {report.items.length} items
                  {report.isFullyAcknowledged ? ': every item is acknowledged.' : '.'}
                </Text>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                No report yet. The report lists each item with its evidence; the owners&apos; board then
                acknowledges receipt item by item.
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="sm" wrap="wrap">
          {report ? (
            <Button
              variant="default"
              leftSection={<IconFileDownload size={16} aria-hidden />}
              loading={download.isPending}
              onClick={() =>
                download.mutate(report, {
                  onSuccess: (fileName) => showSuccessToast(`Downloaded ${fileName}`),
                  onError: (error) => showFailureToast('Failed to download the report', error),
                })
              }
            >
              Download PDF
            </Button>
          ) : null}
          <Button
            loading={generate.isPending}
            onClick={() =>
              generate.mutate(undefined, {
                onSuccess: () => showSuccessToast('Hand-over report generated'),
                onError: (error) => showFailureToast('Failed to generate the hand-over report', error),
              })
            }
          >
            {report ? 'Generate a new report' : 'Generate hand-over report'}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
