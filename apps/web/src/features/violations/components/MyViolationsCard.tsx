import {
  violationStatusLabels,
  type OwnerViolation,
  type OwnerViolationHistoryKind,
  type OwnerViolationPhoto,
} from '@commonwise/contracts';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { myViolationsQueryOptions } from '../api.ts';
import { violationStatusColors } from '../labels.ts';
import { ClauseQuote } from './ClauseQuote.tsx';
import { CureReportDialog, HearingRequestDialog, ReplyDialog } from './OwnerViolationDialogs.tsx';
import { CureReportedBadge } from './ViolationStatusBadges.tsx';

/** The anchor the assistant links to ("why did I get this letter?"). */
export const myViolationsAnchor = 'violations';

const historyLabels: Record<OwnerViolationHistoryKind, { mine: string; theirs: string }> = {
  owner_replied: { mine: 'You replied', theirs: 'A co-owner replied' },
  cure_reported: { mine: 'You reported it cured', theirs: 'A co-owner reported it cured' },
  hearing_requested: { mine: 'You asked for a hearing', theirs: 'A co-owner asked for a hearing' },
  cured: { mine: 'Closed as cured', theirs: 'Closed as cured' },
  dismissed: { mine: 'Dismissed', theirs: 'Dismissed' },
};

/**
 * The resident portal's violations (issue 21 item 5): those of the owner's units they were sent a notice
 * about, each with its notices (the PDFs as sent), the inspectors' photos, the clause quoted word for
 * word and the cure date; and what they can do — reply, send photos of the cure, ask for a hearing while
 * that may be asked (or why not).
 */
export function MyViolationsCard() {
  const query = useQuery(myViolationsQueryOptions);
  let body: ReactNode;
  if (query.isPending)
    body = (
      <Group gap="sm" py="md" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading violations...</Text>
      </Group>
    );
  else if (query.isError)
    body = (
      <ErrorState
        title="Failed to load your violations"
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        headingOrder={3}
      />
    );
  else if (query.data.violations.length === 0)
    body = (
      <Text c="dimmed">
        No violation notices. If the association sends you a notice about a violation, it appears here with
        what you can do about it.
      </Text>
    );
  else
    body = (
      <Stack gap="lg" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {query.data.violations.map((violation) => (
          <OwnerViolationItem key={violation.id} violation={violation} />
        ))}
      </Stack>
    );
  return (
    <div id={myViolationsAnchor} style={{ scrollMarginTop: 80 }}>
      <PortalSectionCard title="Violations" icon={<IconAlertTriangle size={20} aria-hidden />} color="orange">
        {body}
      </PortalSectionCard>
    </div>
  );
}

type Dialog = 'reply' | 'cure' | 'hearing' | null;

function OwnerViolationItem({ violation }: { violation: OwnerViolation }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const headingId = `my-violation-${violation.id}`;
  const isOpen = violation.status === 'open';
  const close = () => setDialog(null);
  return (
    <Stack
      component="li"
      gap="sm"
      p="sm"
      aria-labelledby={headingId}
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 12, minWidth: 0 }}
    >
      <Group justify="space-between" gap="xs" align="flex-start" wrap="wrap">
        <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {violation.ruleTitle}
          </Title>
          <Text size="sm" c="dimmed">
            Unit {violation.unitLabel}, {violation.propertyName} · seen {formatDate(violation.observedAt)}
          </Text>
        </Stack>
        <Group gap={4} wrap="wrap">
          <Badge variant="light" color={violationStatusColors[violation.status]}>
            {violationStatusLabels[violation.status]}
          </Badge>
          {isOpen && violation.cureReportedAt ? <CureReportedBadge /> : null}
        </Group>
      </Group>
      <CureLine violation={violation} />
      <ClauseQuote clause={violation.clause} withOpenDocument />
      {violation.notices.length > 0 ? (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            Notices sent to you
          </Text>
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {violation.notices.map((notice) => (
              <Text component="li" size="sm" key={notice.id} style={{ overflowWrap: 'anywhere' }}>
                <Anchor href={notice.pdfUrl} target="_blank" rel="noopener" size="sm">
                  {notice.stageName}: {notice.title}
                  <IconExternalLink size={12} aria-hidden style={{ marginLeft: 4, verticalAlign: -1 }} />
                  <VisuallyHidden>(PDF, opens in a new tab)</VisuallyHidden>
                </Anchor>
                <Text span size="xs" c="dimmed">
                  {' '}
                  · sent {formatDate(notice.sentAt)}
                </Text>
              </Text>
            ))}
          </Stack>
        </Stack>
      ) : null}
      {violation.photos.length > 0 ? (
        <Photos photos={violation.photos} label={`The inspector’s photos of ${violation.ruleTitle}`} />
      ) : null}
      {violation.hearing ? (
        <Text size="sm">
          <Text span fw={500}>
            Hearing:{' '}
          </Text>
          {violation.hearing.status === 'scheduled'
            ? `${formatDateTime(violation.hearing.scheduledAt)}, ${violation.hearing.place}`
            : violation.hearing.status === 'decided'
              ? `held ${formatDate(violation.hearing.scheduledAt)}; the committee decided`
              : 'cancelled'}
        </Text>
      ) : null}
      {violation.history.length > 0 ? (
        <Stack
          gap={4}
          component="ol"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="What happened since"
        >
          {violation.history.map((entry, index) => (
            <Stack component="li" gap={2} key={`${entry.kind}-${entry.at}-${index}`}>
              <Text size="sm">
                <Text span fw={500}>
                  {entry.byYou ? historyLabels[entry.kind].mine : historyLabels[entry.kind].theirs}
                </Text>
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {formatDate(entry.at)}
                  {entry.photoCount > 0
                    ? ` · ${entry.photoCount} ${entry.photoCount === 1 ? 'photo' : 'photos'}`
                    : ''}
                </Text>
              </Text>
              {entry.note ? (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {entry.note}
                </Text>
              ) : null}
              {entry.photos.length > 0 ? (
                <Photos photos={entry.photos} label="Your photos of the cure" />
              ) : null}
            </Stack>
          ))}
        </Stack>
      ) : null}
      {isOpen ? (
        <Stack gap={6}>
          <Group gap="xs" wrap="wrap">
            <Button size="sm" variant="light" onClick={() => setDialog('reply')}>
              Reply
            </Button>
            {violation.can.reportCure ? (
              <Button size="sm" variant="light" onClick={() => setDialog('cure')}>
                Send photos of the cure
              </Button>
            ) : null}
            {violation.hearingRequest.allowed ? (
              <Button size="sm" variant="light" onClick={() => setDialog('hearing')}>
                Ask for a hearing
              </Button>
            ) : null}
          </Group>
          <HearingLine violation={violation} />
        </Stack>
      ) : null}
      {dialog === 'reply' ? <ReplyDialog violation={violation} onClose={close} /> : null}
      {dialog === 'cure' ? <CureReportDialog violation={violation} onClose={close} /> : null}
      {dialog === 'hearing' ? <HearingRequestDialog violation={violation} onClose={close} /> : null}
    </Stack>
  );
}

/** When and how to cure it, or that a cure was reported, or that it cannot be cured. */
function CureLine({ violation }: { violation: OwnerViolation }) {
  if (violation.status !== 'open') return null;
  if (!violation.curable)
    return (
      <Text size="sm">
        This rule cannot be cured by a change. You can reply to the association, or ask for a hearing.
      </Text>
    );
  if (violation.cureReportedAt)
    return (
      <Text size="sm">
        You reported it cured on {formatDate(violation.cureReportedAt)}. An inspector or manager will check it
        and close the violation.
      </Text>
    );
  return (
    <Text size="sm">
      <Text span fw={600}>
        {violation.cureDueOn ? `Cure by ${formatDate(violation.cureDueOn)}.` : 'Cure it as soon as you can.'}
      </Text>{' '}
      Correct it, then send photos of the cure: an inspector or manager checks it and closes the violation.
    </Text>
  );
}

/** Until when a hearing may be asked for, or why not; and what the law says (or that it is not known). */
function HearingLine({ violation }: { violation: OwnerViolation }) {
  const { allowed, until, reason, statute, note } = violation.hearingRequest;
  const text = allowed
    ? until
      ? `You may ask for a hearing until ${formatDate(until)}${statute ? ` (${statute})` : ''}.`
      : note
    : reason;
  return text ? (
    <Text size="xs" c="dimmed">
      {text}
    </Text>
  ) : null;
}

function Photos({ photos, label }: { photos: OwnerViolationPhoto[]; label: string }) {
  return (
    <SimpleGrid
      cols={{ base: 3, sm: 4, md: 6 }}
      spacing="xs"
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={label}
    >
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <Anchor
            href={photo.url}
            target="_blank"
            rel="noopener"
            aria-label={`Open photo ${index + 1} at full size`}
          >
            <Image
              src={photo.thumbnailUrl ?? photo.url}
              alt={photo.takenAt ? `Photo taken ${formatDateTime(photo.takenAt)}` : `Photo ${index + 1}`}
              h={80}
              radius="sm"
              fit="cover"
            />
          </Anchor>
        </li>
      ))}
    </SimpleGrid>
  );
}
