import {
  handoverAckInputSchema,
  type HandoverAcknowledgement,
  type HandoverItem,
  type HandoverReport,
} from '@commonwise/contracts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Progress,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconCheck,
  IconCircleDashed,
  IconFileDownload,
  IconFileSearch,
  IconHeartHandshake,
} from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DetailLoadState } from '../../../components/DetailLoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { getPortalForRole } from '../../../lib/portals.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import {
  boardHandoverQueryOptions,
  downloadBoardHandoverReport,
  useAcknowledgeHandoverItem,
} from '../api.ts';
import { acknowledgedItemCount } from '../labels.ts';
import { EvidenceList } from './ProjectBits.tsx';

function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}

/**
 * /board-portal/handover/:propertyId (issue 25 item 4): the owners' board reads the developer's hand-over
 * report item by item, with its evidence, and acknowledges receipt of each one (with a note if it wants);
 * everyone sees who acknowledged what. The PDF is the same report.
 */
export function BoardHandoverPage({ propertyId }: { propertyId: string }) {
  const user = useSignedInUser();
  const handover = useQuery(boardHandoverQueryOptions(propertyId));
  const portal = getPortalForRole(user.role);
  const back = <BackLink to={portal.path}>{portal.name}</BackLink>;
  if (!handover.data)
    return (
      <DetailLoadState
        query={handover}
        what="hand-over"
        back={back}
        loadingText="Loading the hand-over report..."
        notFoundDescription="It may not exist, or you do not sit on this association's board."
      />
    );
  const { report, acknowledgedByMe, canAcknowledge } = handover.data;
  if (!report)
    return (
      <Stack gap="md" maw={1000}>
        {back}
        <StatusMessage
          headingOrder={1}
          icon={<IconFileSearch size={32} aria-hidden />}
          title="No hand-over report yet"
          description="The developer has not made a hand-over report for this association. It appears here when they do."
        />
      </Stack>
    );
  return (
    <Stack gap="lg" maw={1000}>
      {back}
      <ReportView
        propertyId={propertyId}
        report={report}
        acknowledgedByMe={acknowledgedByMe}
        canAcknowledge={canAcknowledge}
      />
    </Stack>
  );
}

function ReportView({
  propertyId,
  report,
  acknowledgedByMe,
  canAcknowledge,
}: {
  propertyId: string;
  report: HandoverReport;
  acknowledgedByMe: string[];
  canAcknowledge: boolean;
}) {
  const [acknowledging, setAcknowledging] = useState<HandoverItem | null>(null);
  const download = useMutation({ mutationFn: () => downloadBoardHandoverReport(propertyId, report) });
  const acknowledged = acknowledgedItemCount(report);
  const total = report.items.length;
  const mine = new Set(acknowledgedByMe);
  return (
    <>
      <PageHeader
        title={`Hand-over of ${report.communityName}`}
        description={`The developer's report of ${formatDate(report.generatedAt)}: what the association receives from them, item by item.`}
        actions={
          <Button
            variant="default"
            leftSection={<IconFileDownload size={16} aria-hidden />}
            loading={download.isPending}
            onClick={() =>
              download.mutate(undefined, {
                onSuccess: (fileName) => showSuccessToast(`Downloaded ${fileName}`),
                onError: (error) => showFailureToast('Failed to download the report', error),
              })
            }
          >
            Download PDF
          </Button>
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={600}>
              The board has acknowledged {acknowledged} of {total} items
            </Text>
            {report.isFullyAcknowledged ? (
              <ToneBadge color="green" style={{ textTransform: 'none' }}>
                All acknowledged
              </ToneBadge>
            ) : null}
          </Group>
          <Progress
            value={total === 0 ? 0 : (acknowledged / total) * 100}
            color="green"
            aria-label={`Acknowledged by the board: ${acknowledged} of ${total} items`}
          />
          <Text size="sm" c="dimmed">
            {canAcknowledge
              ? `Acknowledging an item says the board received it as the report describes; it is recorded with your name. You acknowledged ${mine.size} of ${total}.`
              : "Only the association's board members acknowledge items. You can read the report and download it."}
          </Text>
        </Stack>
      </Card>
      <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Hand-over items">
        {report.items.map((item) => (
          <ReportItem
            key={item.key}
            item={item}
            acknowledgements={report.acknowledgements.filter((ack) => ack.itemKey === item.key)}
            isMine={mine.has(item.key)}
            onAcknowledge={canAcknowledge ? () => setAcknowledging(item) : undefined}
          />
        ))}
      </Stack>
      <AcknowledgeDialog
        propertyId={propertyId}
        reportId={report.id}
        item={acknowledging}
        onClose={() => setAcknowledging(null)}
      />
    </>
  );
}

function ReportItem({
  item,
  acknowledgements,
  isMine,
  onAcknowledge,
}: {
  item: HandoverItem;
  acknowledgements: HandoverAcknowledgement[];
  isMine: boolean;
  /** Absent for a reader who does not acknowledge (an admin). */
  onAcknowledge?: () => void;
}) {
  const titleId = `handover-item-${item.key}`;
  return (
    <Card component="li" withBorder radius="lg" padding="md" aria-labelledby={titleId}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" radius="xl" size="md" color={item.isComplete ? 'green' : 'gray'} mt={2}>
          {item.isComplete ? <IconCheck size={16} aria-hidden /> : <IconCircleDashed size={16} aria-hidden />}
        </ThemeIcon>
        <Stack gap={8} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h5" id={titleId}>
              {item.label}
            </Title>
            <ToneBadge color={item.isComplete ? 'green' : 'gray'} size="sm" style={{ textTransform: 'none' }}>
              {item.isComplete ? 'Complete' : 'Incomplete'}
            </ToneBadge>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {item.summary}
          </Text>
          <Stack gap={2}>
            <Text size="xs" fw={600} c="dimmed">
              Evidence
            </Text>
            <EvidenceList evidence={item.evidence} label={`Evidence: ${item.label}`} />
          </Stack>
          {acknowledgements.length > 0 ? (
            <Stack component="ul" gap={2} m={0} pl="md" aria-label={`Acknowledgements: ${item.label}`}>
              {acknowledgements.map((ack) => (
                <Text component="li" size="sm" key={`${ack.userId}-${ack.acknowledgedAt}`}>
                  Acknowledged by {ack.fullName} on {formatDateTime(ack.acknowledgedAt)}
                  {ack.note ? `: “${ack.note}”` : ''}
                </Text>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              Not acknowledged yet.
            </Text>
          )}
          {isMine ? (
            <Group gap={6}>
              <IconCheck size={16} aria-hidden color="var(--mantine-color-green-8)" />
              <Text size="sm" fw={500}>
                You acknowledged this item
              </Text>
            </Group>
          ) : onAcknowledge ? (
            <Group>
              <Button
                size="compact-md"
                variant="light"
                leftSection={<IconHeartHandshake size={16} aria-hidden />}
                aria-label={`Acknowledge ${item.label}`}
                onClick={onAcknowledge}
              >
                Acknowledge
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

function AcknowledgeDialog({
  propertyId,
  reportId,
  item,
  onClose,
}: {
  propertyId: string;
  reportId: string;
  item: HandoverItem | null;
  onClose: () => void;
}) {
  return (
    <PortalModal opened={item !== null} onClose={onClose} title={item ? `Acknowledge: ${item.label}` : ''}>
      {item ? (
        <AcknowledgeForm propertyId={propertyId} reportId={reportId} item={item} onDone={onClose} />
      ) : null}
    </PortalModal>
  );
}

function AcknowledgeForm({
  propertyId,
  reportId,
  item,
  onDone,
}: {
  propertyId: string;
  reportId: string;
  item: HandoverItem;
  onDone: () => void;
}) {
  const acknowledge = useAcknowledgeHandoverItem(propertyId);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = handoverAckInputSchema.safeParse({ note: note.trim() || undefined });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message ?? 'Check the note');
      return;
    }
    setNoteError(null);
    setFailure(null);
    acknowledge.mutate(
      { reportId, key: item.key, input: parsed.data },
      {
        onSuccess: () => {
          showSuccessToast(`${item.label}: acknowledged`);
          onDone();
        },
        onError: (error) => {
          const fieldMessage = isApiRequestError(error) ? error.fields?.note : undefined;
          if (fieldMessage) setNoteError(fieldMessage);
          else setFailure(getErrorMessage(error));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          You confirm, for the board, that the association received this item as the report describes:{' '}
          {item.summary}
        </Text>
        <Textarea
          label="Note"
          description="Optional: anything missing or to follow up"
          autosize
          minRows={2}
          maxLength={500}
          value={note}
          error={noteError}
          onChange={(event) => setNote(event.currentTarget.value)}
          data-autofocus
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert" p="sm">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={acknowledge.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={acknowledge.isPending}>
            Acknowledge
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
