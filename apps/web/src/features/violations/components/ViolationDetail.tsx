import {
  violationCategoryLabels,
  type Violation,
  type ViolationEvent,
  type ViolationEventKind,
  type ViolationPhoto,
  violationSourceLabels,
} from '@commonwise/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconCamera,
  IconCheck,
  IconEye,
  IconGavel,
  IconMessage,
  IconPhotoCheck,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DetailLoadState } from '../../../components/DetailLoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useCloseViolation, violationQueryOptions, violationsPagePath } from '../api.ts';
import { formatWhen } from '../labels.ts';
import { ClauseQuote } from './ClauseQuote.tsx';
import { EnforcementPanel } from './EnforcementPanel.tsx';
import { ConsistencyCheck } from './FairnessPanel.tsx';
import { ViolationStatusBadges } from './ViolationStatusBadges.tsx';

const eventLabels: Record<ViolationEventKind, string> = {
  observed: 'Observed',
  observed_again: 'Observed again',
  cured: 'Closed as cured',
  dismissed: 'Dismissed',
  owner_replied: 'Owner replied',
  cure_reported: 'Owner reported it cured',
  hearing_requested: 'Owner asked for a hearing',
};
const eventIcons: Record<ViolationEventKind, ReactNode> = {
  observed: <IconCamera size={14} aria-hidden />,
  observed_again: <IconEye size={14} aria-hidden />,
  cured: <IconCheck size={14} aria-hidden />,
  dismissed: <IconX size={14} aria-hidden />,
  owner_replied: <IconMessage size={14} aria-hidden />,
  cure_reported: <IconPhotoCheck size={14} aria-hidden />,
  hearing_requested: <IconGavel size={14} aria-hidden />,
};

/** A photo's place as EXIF recorded it: "37.77530, -122.42000" (no map: the numbers are the evidence). */
const placeOf = (photo: ViolationPhoto) =>
  photo.latitude === null || photo.longitude === null
    ? 'Place not recorded'
    : `${photo.latitude.toFixed(5)}, ${photo.longitude.toFixed(5)}`;

/**
 * One violation with its evidence (issue 21): the clause as a quote naming its document, section and
 * page; every photo with when and where the camera took it; the timeline; and, for its managers,
 * closing it as cured or dismissed with a reason.
 */
export function ViolationDetail({ violationId }: { violationId: string }) {
  const violation = useQuery(violationQueryOptions(violationId));
  const [isClosing, setIsClosing] = useState(false);
  const backTo = violationsPagePath();

  const back = (
    <Anchor component={Link} to={backTo} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Violations
      </Group>
    </Anchor>
  );

  if (!violation.isSuccess)
    return (
      <DetailLoadState
        query={violation}
        what="violation"
        back={back}
        loadingText="Loading violation..."
        notFoundDescription="This violation does not exist, or it is in an association you cannot see."
      />
    );

  const data = violation.data;
  const photos = data.events.flatMap((event) => event.photos.map((photo) => ({ photo, event })));
  return (
    <Stack gap="lg" maw={1100}>
      {back}
      <PageHeader
        title={`${data.rule.title} · Unit ${data.unit.label}`}
        description={data.propertyName}
        actions={
          data.can.close ? <Button onClick={() => setIsClosing(true)}>Close violation</Button> : undefined
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group gap={6}>
            <ViolationStatusBadges violation={data} />
            <Badge variant="outline" color="gray">
              {violationCategoryLabels[data.rule.category]}
            </Badge>
            {data.healthSafety ? (
              <Badge variant="light" color="red">
                Health or safety
              </Badge>
            ) : null}
            <Badge variant="light" color="gray">
              {violationSourceLabels[data.source]}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" component="dl" m={0}>
            <Fact label="Seen">{formatWhen(data.observedAt)}</Fact>
            <Fact label="Cure by">
              {data.cureDueOn ? formatDate(data.cureDueOn) : data.curable ? '—' : 'Cannot be cured'}
            </Fact>
            <Fact label="Owners">
              {data.owners.length > 0
                ? data.owners.map((owner) => owner.fullName).join(', ')
                : 'No owner on file'}
            </Fact>
            <Fact label={data.closedAt ? 'Closed' : 'Photos'}>
              {data.closedAt ? formatWhen(data.closedAt) : String(data.photoCount)}
            </Fact>
          </SimpleGrid>
          {data.duplicateReason ? (
            <Alert
              variant="light"
              color="orange"
              p="xs"
              title="Recorded beside another open violation of this rule"
            >
              {data.duplicateReason}
            </Alert>
          ) : null}
          {data.reporter ? (
            <Text size="sm">
              Reported by{' '}
              <Text span fw={600}>
                {data.reporter.fullName}
              </Text>{' '}
              <Text span c="dimmed" size="sm">
                (not shown to the owner)
              </Text>
            </Text>
          ) : null}
          <Stack gap={6}>
            <Title order={2} size="h5">
              The rule
            </Title>
            <ClauseQuote clause={data.clause} withOpenDocument />
          </Stack>
        </Stack>
      </Card>
      <ConsistencyCheck violationId={data.id} />
      <Stack gap="sm" component="section" aria-labelledby="violation-photos">
        <Title order={2} size="h4" id="violation-photos">
          Photos
        </Title>
        {photos.length === 0 ? (
          <Text c="dimmed" size="sm">
            No photos.
          </Text>
        ) : (
          <SimpleGrid
            cols={{ base: 2, sm: 3, md: 4 }}
            spacing="sm"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {photos.map(({ photo, event }) => (
              <Card component="li" key={photo.id} withBorder radius="md" padding={0}>
                <Anchor
                  href={photo.url}
                  target="_blank"
                  rel="noopener"
                  aria-label={`Open photo ${photo.fileName} at full size`}
                >
                  <Image
                    src={photo.thumbnailUrl ?? photo.url}
                    alt={`Photo of ${data.rule.title} at unit ${data.unit.label}, ${eventLabels[event.kind].toLowerCase()} ${formatDate(event.at)}`}
                    h={140}
                    fit="cover"
                  />
                </Anchor>
                <Stack gap={0} p="xs">
                  <Text size="xs">
                    {photo.takenAt ? `Taken ${formatWhen(photo.takenAt)}` : 'Time not recorded'}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {placeOf(photo)}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="violation-timeline">
        <Title order={2} size="h4" id="violation-timeline">
          Timeline
        </Title>
        <Timeline bulletSize={24} lineWidth={2} active={data.events.length - 1}>
          {data.events.map((event) => (
            <Timeline.Item key={event.id} bullet={eventIcons[event.kind]} title={eventLabels[event.kind]}>
              <EventBody event={event} />
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
      <EnforcementPanel violation={data} />
      {isClosing ? <CloseViolationDialog violation={data} onClose={() => setIsClosing(false)} /> : null}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function EventBody({ event }: { event: ViolationEvent }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {formatWhen(event.at)}
        {event.actor ? ` · ${event.actor.fullName}` : ''}
        {event.photos.length > 0
          ? ` · ${event.photos.length} ${event.photos.length === 1 ? 'photo' : 'photos'}`
          : ''}
      </Text>
      {event.note ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {event.note}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Closing as cured or dismissed: a person decides, and says why (the reason goes on the timeline). */
function CloseViolationDialog({ violation, onClose }: { violation: Violation; onClose: () => void }) {
  const [outcome, setOutcome] = useState<'cured' | 'dismissed'>('cured');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const close = useCloseViolation(violation.id);

  const submit = () => {
    if (!note.trim()) {
      setError('Say why');
      return;
    }
    setError(null);
    close.mutate(
      { outcome, note: note.trim() },
      {
        onSuccess: () => {
          showSuccessToast(outcome === 'cured' ? 'Violation closed as cured' : 'Violation dismissed');
          onClose();
        },
        onError: (failure) => {
          if (isApiRequestError(failure) && failure.fields?.note) setError(failure.fields.note);
          else setFormError(getErrorMessage(failure));
        },
      },
    );
  };

  return (
    <PortalModal opened onClose={onClose} title="Close violation" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Radio.Group
            label="Outcome"
            value={outcome}
            onChange={(value) => setOutcome(value as 'cured' | 'dismissed')}
            required
          >
            <Stack gap="xs" mt={6}>
              <Radio value="cured" label="Cured" description="The owner put it right; you have seen it." />
              <Radio
                value="dismissed"
                label="Dismissed"
                description="It was not a violation, or it is waived."
              />
            </Stack>
          </Radio.Group>
          <Textarea
            label="Note"
            description="Why: it goes on the violation’s timeline."
            required
            autosize
            minRows={3}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          {formError ? (
            <Alert color="red" variant="light" role="alert" p="xs">
              {formError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={close.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={close.isPending}>
              {outcome === 'cured' ? 'Close as cured' : 'Dismiss violation'}
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
