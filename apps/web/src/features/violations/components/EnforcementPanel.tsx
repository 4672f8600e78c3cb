import {
  committeeKindLabels,
  formatMoney,
  hasPermission,
  hearingVoteLabels,
  hearingVotes,
  letterStatusLabels,
  stageKindLabels,
  type EnforcementState,
  type EnforcementStep,
  type HearingOutcome,
  type HearingStatus,
  type HearingVote,
  type LetterStatus,
  type StageKind,
  type Violation,
  type ViolationHearing,
  type ViolationNotice,
} from '@commonwise/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconClock,
  IconFileText,
  IconGavel,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { committeesQueryOptions } from '../../committees/api.ts';
import { centsFromDollars } from '../../finance/api.ts';
import { letterPagePath } from '../../letters/api.ts';
import { propertyQueryOptions } from '../../properties/api.ts';
import {
  enforcementQueryOptions,
  enforcementStagesPagePath,
  useCancelHearing,
  useDecideHearing,
  useDraftNotice,
  useRecordHearingVote,
  useScheduleHearing,
} from '../api.ts';
import { browserTimeZone, formatInZone, zonedIsoOf } from '../zoned-time.ts';
import { FairnessPanel } from './FairnessPanel.tsx';

const letterStatusColors: Record<LetterStatus, string> = {
  draft: 'gray',
  awaiting_approval: 'yellow',
  approved: 'blue',
  sent: 'green',
  cancelled: 'red',
};
const hearingStatusLabels: Record<HearingStatus, string> = {
  scheduled: 'Scheduled',
  decided: 'Decided',
  cancelled: 'Cancelled',
};
const hearingStatusColors: Record<HearingStatus, string> = {
  scheduled: 'blue',
  decided: 'green',
  cancelled: 'gray',
};
const stageKindColors: Record<StageKind, string> = { notice: 'blue', hearing: 'grape', fine: 'red' };
const voteColors: Record<HearingVote, string> = { fine: 'red', no_fine: 'green', abstain: 'gray' };

const narrowQuery = '(max-width: 47.99em)';

/** Whether a hearing's time has come: votes and the decision are recorded from then on. */
const hasStarted = (iso: string) => new Date(iso).getTime() <= Date.now();

/** A form's errors: each field's under its name, and the server's sentence when no field says it. */
type FormErrors<Field extends string> = Partial<Record<Field | 'form', string>>;
function errorsFromFailure<Field extends string>(
  failure: unknown,
  fields: readonly Field[],
): FormErrors<Field> {
  if (!isApiRequestError(failure)) return { form: getErrorMessage(failure) } as FormErrors<Field>;
  const found: FormErrors<Field> = {};
  for (const field of fields) if (failure.fields?.[field]) found[field] = failure.fields[field];
  // The server's sentence too, unless it only repeats (or points at) what the fields already say.
  const said = Object.values(found) as string[];
  const repeats =
    failure.message.startsWith('Please correct') || said.some((text) => failure.message.includes(text));
  if (said.length === 0 || !repeats) found.form = failure.message;
  return found;
}

/**
 * A violation's enforcement (issue 21 items 4 and 6): its notices (each a letter approved and sent on the
 * letter's page), what may happen next and why not yet, and its hearings with the committee's votes and
 * decision. The association's managers act; everyone else who reads the violation reads this.
 */
export function EnforcementPanel({ violation }: { violation: Violation }) {
  const user = useSignedInUser();
  // Managers keep an open violation; a closed one may still have a hearing to decide.
  const keeps =
    violation.can.close ||
    violation.can.observe ||
    (violation.status !== 'open' && hasPermission(user.role, 'violations:write'));
  const enforcement = useQuery(enforcementQueryOptions(violation.id));
  const property = useQuery(propertyQueryOptions(violation.propertyId));
  const timeZone = property.data?.timeZone ?? browserTimeZone();

  let content: ReactNode;
  if (enforcement.isPending)
    content = (
      <Group gap="sm" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          Loading notices and hearings...
        </Text>
      </Group>
    );
  else if (enforcement.isError)
    content = (
      <Alert color="red" variant="light" role="alert" p="sm" title="Failed to load the enforcement">
        <Stack gap={6} align="flex-start">
          <Text size="sm">{getErrorMessage(enforcement.error)}</Text>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            onClick={() => void enforcement.refetch()}
            loading={enforcement.isFetching}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  else
    content = (
      <EnforcementDetails
        violation={violation}
        state={enforcement.data}
        keeps={keeps}
        isBoard={user.role === 'board'}
        timeZone={timeZone}
      />
    );

  return (
    <Stack gap="sm" component="section" aria-labelledby="violation-enforcement">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4" id="violation-enforcement">
          Enforcement
        </Title>
        <Anchor component={Link} to={enforcementStagesPagePath(violation.propertyId)} size="sm">
          Enforcement stages
        </Anchor>
      </Group>
      {content}
    </Stack>
  );
}

function EnforcementDetails({
  violation,
  state,
  keeps,
  isBoard,
  timeZone,
}: {
  violation: Violation;
  state: EnforcementState;
  keeps: boolean;
  isBoard: boolean;
  timeZone: string;
}) {
  const [reviewing, setReviewing] = useState<ViolationNotice | null>(null);
  return (
    <Stack gap="md">
      <NextStep violation={violation} step={state.step} keeps={keeps} timeZone={timeZone} />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Notices
        </Title>
        {state.notices.length === 0 ? (
          <Text size="sm" c="dimmed">
            No notices yet.
          </Text>
        ) : (
          <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Notices">
            {state.notices.map((notice) => (
              <NoticeItem
                key={notice.id}
                notice={notice}
                propertyId={violation.propertyId}
                // The approver reads the consistency check first: a manager, or the board where it approves.
                canReview={
                  (notice.letterStatus === 'draft' && keeps) ||
                  (notice.letterStatus === 'awaiting_approval' &&
                    (keeps || (isBoard && notice.approver === 'board')))
                }
                onReview={() => setReviewing(notice)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      {state.hearings.length > 0 ? (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Hearings
          </Title>
          <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Hearings">
            {state.hearings.map((hearing) => (
              <HearingItem
                key={hearing.id}
                hearing={hearing}
                violation={violation}
                keeps={keeps}
                timeZone={timeZone}
              />
            ))}
          </Stack>
        </Stack>
      ) : null}
      {reviewing ? (
        <ReviewNoticeDialog
          notice={reviewing}
          violationId={violation.id}
          propertyId={violation.propertyId}
          onClose={() => setReviewing(null)}
        />
      ) : null}
    </Stack>
  );
}

function NextStep({
  violation,
  step,
  keeps,
  timeZone,
}: {
  violation: Violation;
  step: EnforcementStep;
  keeps: boolean;
  timeZone: string;
}) {
  const draft = useDraftNotice(violation.id, violation.propertyId);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [isScheduling, setIsScheduling] = useState(false);

  if (step.nextStage === null)
    return (
      <Text size="sm" c="dimmed">
        {step.blockedBecause ?? 'Every stage of the association’s enforcement has been taken.'}
      </Text>
    );

  const name = step.nextStageName ?? `Stage ${step.nextStage}`;
  const isHearing = step.nextStageKind === 'hearing';
  const draftNext = () => {
    setDraftError(null);
    draft.mutate(step.nextStage!, {
      onSuccess: () => showSuccessToast(`${name} drafted: open its letter to have it approved`),
      onError: (failure) => setDraftError(getErrorMessage(failure)),
    });
  };

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Next step: {name}
          </Text>
          {step.nextStageKind ? (
            <Badge variant="light" color={stageKindColors[step.nextStageKind]}>
              {stageKindLabels[step.nextStageKind]}
            </Badge>
          ) : null}
        </Group>
        {step.blockedBecause ? (
          <Alert variant="light" color="gray" p="xs" icon={<IconClock size={18} aria-hidden />}>
            <Stack gap={2}>
              <Text size="sm">{step.blockedBecause}</Text>
              {step.availableOn ? (
                <Text size="sm" fw={600}>
                  Available on {formatDate(step.availableOn)}
                </Text>
              ) : null}
            </Stack>
          </Alert>
        ) : keeps ? (
          <Group gap="sm">
            {isHearing ? (
              <Button leftSection={<IconGavel size={16} aria-hidden />} onClick={() => setIsScheduling(true)}>
                Schedule hearing
              </Button>
            ) : (
              <Button
                leftSection={<IconFileText size={16} aria-hidden />}
                onClick={draftNext}
                loading={draft.isPending}
              >
                Draft {name}
              </Button>
            )}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            It may be taken now; the association’s managers take it.
          </Text>
        )}
        {draftError ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {draftError}
          </Alert>
        ) : null}
      </Stack>
      {isScheduling ? (
        <ScheduleHearingDialog
          violation={violation}
          timeZone={timeZone}
          onClose={() => setIsScheduling(false)}
        />
      ) : null}
    </Paper>
  );
}

function NoticeItem({
  notice,
  propertyId,
  canReview,
  onReview,
}: {
  notice: ViolationNotice;
  propertyId: string;
  canReview: boolean;
  onReview: () => void;
}) {
  const facts = [
    notice.cureDueOn ? `Cure by ${formatDate(notice.cureDueOn)}` : null,
    notice.fineCents !== null ? `Fine ${formatMoney(notice.fineCents)}` : null,
    notice.deliveredOn
      ? `Delivered ${formatDate(notice.deliveredOn)}`
      : notice.letterStatus === 'sent'
        ? 'Delivery not recorded'
        : null,
    notice.letterStatus !== 'sent' && notice.letterStatus !== 'cancelled'
      ? notice.approver === 'board'
        ? 'The board approves it'
        : 'A manager approves it'
      : null,
  ].filter(Boolean);
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={0} style={{ minWidth: 0, flex: '1 1 14rem' }}>
            <Text size="xs" c="dimmed">
              Stage {notice.stage} · {notice.stageName}
            </Text>
            <Anchor
              component={Link}
              to={letterPagePath(propertyId, notice.letterId)}
              fw={600}
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {notice.letterTitle}
            </Anchor>
          </Stack>
          <Badge variant="light" color={letterStatusColors[notice.letterStatus]}>
            {letterStatusLabels[notice.letterStatus]}
          </Badge>
        </Group>
        {facts.length > 0 ? (
          <Text size="sm" c="dimmed">
            {facts.join(' · ')}
          </Text>
        ) : null}
        <Group gap="sm">
          <Anchor
            href={notice.pdfUrl}
            target="_blank"
            rel="noopener"
            size="sm"
            aria-label={`PDF of ${notice.letterTitle}`}
          >
            PDF
          </Anchor>
          {canReview ? (
            <Button size="compact-sm" variant="light" onClick={onReview}>
              Review for approval
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Before a notice's letter is approved, the approver reads how the same rule went elsewhere (issue 21
 * item 7); then opens the letter, where it is submitted, approved and sent.
 */
function ReviewNoticeDialog({
  notice,
  violationId,
  propertyId,
  onClose,
}: {
  notice: ViolationNotice;
  violationId: string;
  propertyId: string;
  onClose: () => void;
}) {
  const isNarrow = useMediaQuery(narrowQuery, false, { getInitialValueInEffect: false });
  return (
    <PortalModal
      opened
      onClose={onClose}
      title={`Before approving: ${notice.stageName}`}
      size="lg"
      fullScreen={isNarrow}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          {notice.approver === 'board' ? 'The board approves' : 'A manager approves'} this letter before it is
          sent. Check that the rule was applied to this unit as it was to others.
        </Text>
        <FairnessPanel violationId={violationId} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button component={Link} to={letterPagePath(propertyId, notice.letterId)} data-autofocus>
            Open the letter
          </Button>
        </Group>
      </Stack>
    </PortalModal>
  );
}

type ScheduleField = 'committeeId' | 'scheduledAt' | 'place';

function ScheduleHearingDialog({
  violation,
  timeZone,
  onClose,
}: {
  violation: Violation;
  timeZone: string;
  onClose: () => void;
}) {
  const isNarrow = useMediaQuery(narrowQuery, false, { getInitialValueInEffect: false });
  const committees = useQuery(committeesQueryOptions(violation.propertyId));
  const schedule = useScheduleHearing(violation.id, violation.propertyId);
  const [committeeId, setCommitteeId] = useState<string | null>(null);
  const [at, setAt] = useState('');
  const [place, setPlace] = useState('');
  const [errors, setErrors] = useState<FormErrors<ScheduleField>>({});

  // The fining committee first: a board hears only where there is none (or the documents say so).
  const hearers = (committees.data?.committees ?? [])
    .filter((committee) => committee.kind === 'fining' || committee.kind === 'board')
    .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'fining' ? -1 : 1));
  const chosen = committeeId ?? hearers[0]?.id ?? null;

  const submit = () => {
    const found: FormErrors<ScheduleField> = {};
    if (!chosen) found.committeeId = 'Choose the committee that hears it';
    const scheduledAt = zonedIsoOf(at, timeZone);
    if (!scheduledAt) found.scheduledAt = 'Give the hearing’s date and time';
    if (!place.trim()) found.place = 'Say where the hearing is held';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    schedule.mutate(
      { committeeId: chosen!, scheduledAt: scheduledAt!, place: place.trim() },
      {
        onSuccess: () => {
          showSuccessToast('Hearing scheduled: its notice is drafted for approval');
          onClose();
        },
        onError: (failure) =>
          setErrors(errorsFromFailure(failure, ['committeeId', 'scheduledAt', 'place'] as const)),
      },
    );
  };

  return (
    <PortalModal opened onClose={onClose} title="Schedule hearing" size="md" fullScreen={isNarrow} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            The hearing’s notice is drafted for approval. The law’s notice period is counted from its
            delivery, so leave time to send it.
          </Text>
          {committees.isPending ? (
            <Group gap="sm" role="status">
              <Loader size="xs" aria-hidden />
              <Text size="sm" c="dimmed">
                Loading committees...
              </Text>
            </Group>
          ) : committees.isError ? (
            <Alert color="red" variant="light" role="alert" p="xs">
              Failed to load the committees: {getErrorMessage(committees.error)}{' '}
              <Button size="compact-xs" variant="subtle" onClick={() => void committees.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : hearers.length === 0 ? (
            <Alert color="yellow" variant="light" p="xs" role="alert">
              The association has no fining committee or board on file. Add one on the association’s
              committees first.
            </Alert>
          ) : (
            <Select
              label="Heard by"
              required
              data={hearers.map((committee) => ({
                value: committee.id,
                label: `${committee.name} (${committeeKindLabels[committee.kind]})`,
              }))}
              value={chosen}
              onChange={setCommitteeId}
              allowDeselect={false}
              error={errors.committeeId}
              comboboxProps={{ withinPortal: true }}
              data-autofocus
            />
          )}
          <TextInput
            type="datetime-local"
            label="Date and time"
            description={`The association’s time (${timeZone})`}
            required
            value={at}
            onChange={(event) => setAt(event.currentTarget.value)}
            error={errors.scheduledAt}
          />
          <TextInput
            label="Place"
            description="Where the owner comes to be heard: a room, an address or a video link."
            required
            maxLength={200}
            value={place}
            onChange={(event) => setPlace(event.currentTarget.value)}
            error={errors.place}
          />
          {errors.form ? (
            <Alert color="red" variant="light" role="alert" p="xs">
              {errors.form}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={schedule.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={schedule.isPending} disabled={hearers.length === 0}>
              Schedule hearing
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}

function HearingItem({
  hearing,
  violation,
  keeps,
  timeZone,
}: {
  hearing: ViolationHearing;
  violation: Violation;
  keeps: boolean;
  timeZone: string;
}) {
  const [voter, setVoter] = useState<{ userId: string; fullName: string } | null>(null);
  const [isDeciding, setIsDeciding] = useState(false);
  const [isCancelling, setIsCancelling] = useState(false);
  const cancel = useCancelHearing(violation.id, violation.propertyId);
  const isScheduled = hearing.status === 'scheduled';
  const isHeld = hasStarted(hearing.scheduledAt);
  const voteOf = new Map(hearing.votes.map((vote) => [vote.userId, vote.vote]));
  // Someone who voted and no longer serves still counts: list them too.
  const people = [
    ...hearing.voters,
    ...hearing.votes.filter((vote) => !hearing.voters.some((member) => member.userId === vote.userId)),
  ];
  const titleId = `hearing-${hearing.id}`;

  return (
    <Card component="li" withBorder radius="md" padding="sm" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={0} style={{ minWidth: 0, flex: '1 1 14rem' }}>
            <Text fw={600} size="sm" id={titleId}>
              Hearing before {hearing.committee.name}
            </Text>
            <Group gap={4} wrap="nowrap">
              <IconCalendarEvent size={14} aria-hidden />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {formatInZone(hearing.scheduledAt, timeZone)} · {hearing.place}
              </Text>
            </Group>
          </Stack>
          <Group gap={6}>
            {hearing.requestedByOwner ? (
              <Badge variant="outline" color="grape">
                Requested by the owner
              </Badge>
            ) : null}
            <Badge variant="light" color={hearingStatusColors[hearing.status]}>
              {hearingStatusLabels[hearing.status]}
            </Badge>
          </Group>
        </Group>

        {hearing.status !== 'cancelled' ? (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              Votes
            </Text>
            {people.length === 0 ? (
              <Text size="sm" c="dimmed">
                The committee has no members serving on the hearing day.
              </Text>
            ) : (
              <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Votes">
                {people.map((person) => {
                  const vote = voteOf.get(person.userId);
                  return (
                    <Group component="li" key={person.userId} gap="xs" justify="space-between" wrap="nowrap">
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {person.fullName}
                      </Text>
                      {vote ? (
                        <Badge variant="light" color={voteColors[vote]}>
                          {hearingVoteLabels[vote]}
                        </Badge>
                      ) : keeps && isScheduled && isHeld ? (
                        <Button
                          size="compact-sm"
                          variant="default"
                          onClick={() => setVoter(person)}
                          aria-label={`Record vote: ${person.fullName}`}
                        >
                          Record vote
                        </Button>
                      ) : (
                        <Text size="sm" c="dimmed">
                          Not voted
                        </Text>
                      )}
                    </Group>
                  );
                })}
              </Stack>
            )}
          </Stack>
        ) : null}

        {hearing.status === 'decided' ? <Decision hearing={hearing} /> : null}

        {keeps && isScheduled ? (
          <Stack gap="xs">
            {!isHeld ? (
              <Text size="sm" c="dimmed">
                Votes and the decision are recorded once the hearing has started.
              </Text>
            ) : null}
            <Group gap="sm">
              {isHeld ? <Button onClick={() => setIsDeciding(true)}>Decide</Button> : null}
              <Button variant="subtle" color="red" onClick={() => setIsCancelling(true)}>
                Cancel hearing
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
      {voter ? (
        <RecordVoteDialog
          violation={violation}
          hearing={hearing}
          voter={voter}
          onClose={() => setVoter(null)}
        />
      ) : null}
      {isDeciding ? (
        <DecideHearingDialog violation={violation} hearing={hearing} onClose={() => setIsDeciding(false)} />
      ) : null}
      <ConfirmDialog
        opened={isCancelling}
        title="Cancel this hearing?"
        confirmLabel="Cancel hearing"
        isConfirming={cancel.isPending}
        onClose={() => setIsCancelling(false)}
        onConfirm={() =>
          cancel.mutate(hearing.id, {
            onSuccess: () => {
              showSuccessToast('Hearing cancelled');
              setIsCancelling(false);
            },
            onError: (error) => showFailureToast('Failed to cancel the hearing', error),
          })
        }
      >
        Its notice is cancelled with it if it has not been sent. The hearing can be scheduled again.
      </ConfirmDialog>
    </Card>
  );
}

function Decision({ hearing }: { hearing: ViolationHearing }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {hearing.outcome === 'fine'
          ? `Fine decided${hearing.fineCents !== null ? `: ${formatMoney(hearing.fineCents)}` : ''}`
          : 'No fine decided'}
        {hearing.decidedAt ? ` · ${formatDate(hearing.decidedAt)}` : ''}
      </Text>
      {hearing.decision ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {hearing.decision}
        </Text>
      ) : null}
      {hearing.healthSafetyFinding ? (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          Health or safety finding: {hearing.healthSafetyFinding}
        </Text>
      ) : null}
      {hearing.chargeId ? (
        <Text size="sm" c="dimmed">
          The fine is posted as a charge on the unit’s account.
        </Text>
      ) : null}
      {hearing.decisionLetterLate ? (
        <Alert
          variant="light"
          color="orange"
          p="xs"
          role="alert"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="The written decision is late"
        >
          The law gives a set number of days to send the owner the written decision, and they have passed
          without it being sent. Approve and send the decision letter now.
        </Alert>
      ) : null}
    </Stack>
  );
}

function RecordVoteDialog({
  violation,
  hearing,
  voter,
  onClose,
}: {
  violation: Violation;
  hearing: ViolationHearing;
  voter: { userId: string; fullName: string };
  onClose: () => void;
}) {
  const isNarrow = useMediaQuery(narrowQuery, false, { getInitialValueInEffect: false });
  const record = useRecordHearingVote(violation.id, violation.propertyId);
  const [vote, setVote] = useState<HearingVote | null>(null);
  const [errors, setErrors] = useState<FormErrors<'vote' | 'userId'>>({});

  const submit = () => {
    if (!vote) {
      setErrors({ vote: 'Choose a vote' });
      return;
    }
    setErrors({});
    record.mutate(
      { hearingId: hearing.id, input: { userId: voter.userId, vote } },
      {
        onSuccess: () => {
          showSuccessToast(`Vote of ${voter.fullName} recorded`);
          onClose();
        },
        onError: (failure) => setErrors(errorsFromFailure(failure, ['vote', 'userId'] as const)),
      },
    );
  };

  return (
    <PortalModal
      opened
      onClose={onClose}
      title={`Record vote: ${voter.fullName}`}
      size="sm"
      fullScreen={isNarrow}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            As the member voted at the hearing. A recorded vote is not changed.
          </Text>
          <Radio.Group
            label="Vote"
            required
            value={vote}
            onChange={(value) => setVote(value as HearingVote)}
            error={errors.vote ?? errors.userId}
          >
            <Stack gap="xs" mt={6}>
              {hearingVotes.map((option) => (
                <Radio key={option} value={option} label={hearingVoteLabels[option]} />
              ))}
            </Stack>
          </Radio.Group>
          {errors.form ? (
            <Alert color="red" variant="light" role="alert" p="xs">
              {errors.form}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={record.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending}>
              Record vote
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}

type DecisionField = 'outcome' | 'decision' | 'fineCents' | 'healthSafetyFinding' | 'acknowledgeUnknownRules';

function DecideHearingDialog({
  violation,
  hearing,
  onClose,
}: {
  violation: Violation;
  hearing: ViolationHearing;
  onClose: () => void;
}) {
  const isNarrow = useMediaQuery(narrowQuery, false, { getInitialValueInEffect: false });
  const decide = useDecideHearing(violation.id, violation.propertyId);
  const [outcome, setOutcome] = useState<HearingOutcome | null>(null);
  const [decision, setDecision] = useState('');
  const [fine, setFine] = useState('');
  const [finding, setFinding] = useState('');
  // Shown once the server says a rule that governs the fine is not known: its sentence, then the box.
  const [unknownRules, setUnknownRules] = useState<string | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const [errors, setErrors] = useState<FormErrors<DecisionField>>({});
  const forFine = hearing.votes.filter((vote) => vote.vote === 'fine').length;
  const against = hearing.votes.filter((vote) => vote.vote === 'no_fine').length;
  const abstained = hearing.votes.filter((vote) => vote.vote === 'abstain').length;

  const submit = () => {
    const found: FormErrors<DecisionField> = {};
    if (!outcome) found.outcome = 'Choose the outcome';
    if (!decision.trim()) found.decision = 'Write the decision';
    const fineCents = outcome === 'fine' ? centsFromDollars(fine) : null;
    if (outcome === 'fine' && fineCents === null)
      found.fineCents = 'Enter the fine in dollars, like 100 or 25.50';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    decide.mutate(
      {
        hearingId: hearing.id,
        input: {
          outcome: outcome!,
          decision: decision.trim(),
          ...(outcome === 'fine' ? { fineCents: fineCents! } : {}),
          ...(outcome === 'fine' && finding.trim() ? { healthSafetyFinding: finding.trim() } : {}),
          acknowledgeUnknownRules: acknowledged,
        },
      },
      {
        onSuccess: () => {
          showSuccessToast(
            outcome === 'fine'
              ? 'Decision recorded: the fine is on the unit’s account and the decision letter is drafted'
              : 'Decision recorded: the decision letter is drafted',
          );
          onClose();
        },
        onError: (failure) => {
          if (isApiRequestError(failure) && failure.code === 'UNKNOWN_RULES_NOT_ACKNOWLEDGED') {
            setUnknownRules(failure.message);
            setErrors({ acknowledgeUnknownRules: 'Confirm you checked the law and decided this yourself' });
            return;
          }
          setErrors(
            errorsFromFailure(failure, [
              'outcome',
              'decision',
              'fineCents',
              'healthSafetyFinding',
              'acknowledgeUnknownRules',
            ] as const),
          );
        },
      },
    );
  };

  return (
    <PortalModal
      opened
      onClose={onClose}
      title={`Decide the hearing before ${hearing.committee.name}`}
      size="lg"
      fullScreen={isNarrow}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Votes recorded: {forFine} for the fine, {against} against, {abstained} abstaining, of{' '}
            {hearing.voters.length} {hearing.voters.length === 1 ? 'member' : 'members'}. A written decision
            letter is drafted for approval.
          </Text>
          <Radio.Group
            label="Outcome"
            required
            value={outcome}
            onChange={(value) => {
              setOutcome(value as HearingOutcome);
              setErrors((current) => ({ ...current, outcome: undefined }));
            }}
            error={errors.outcome}
          >
            <Stack gap="xs" mt={6}>
              <Radio value="fine" label="Fine" description="The committee decided a fine." />
              <Radio value="no_fine" label="No fine" description="The committee decided no fine." />
            </Stack>
          </Radio.Group>
          <Textarea
            label="Decision"
            description="The committee’s decision in writing: it is the body of the letter to the owner."
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={4000}
            value={decision}
            onChange={(event) => setDecision(event.currentTarget.value)}
            error={errors.decision}
          />
          {outcome === 'fine' ? (
            <>
              <TextInput
                label="Fine"
                description="In dollars. It posts to the unit’s account only when the procedure allows it."
                required
                inputMode="decimal"
                leftSection="$"
                value={fine}
                onChange={(event) => setFine(event.currentTarget.value)}
                error={errors.fineCents}
                w={{ base: '100%', xs: 220 }}
              />
              <Textarea
                label="Health or safety finding"
                description="Where the law caps fines (California), a fine above the cap needs the board’s written finding that the violation threatens health or safety."
                autosize
                minRows={2}
                maxRows={6}
                maxLength={2000}
                value={finding}
                onChange={(event) => setFinding(event.currentTarget.value)}
                error={errors.healthSafetyFinding}
              />
            </>
          ) : null}
          {unknownRules ? (
            <Alert color="yellow" variant="light" p="xs" icon={<IconAlertTriangle size={18} aria-hidden />}>
              <Stack gap="xs">
                <Text size="sm">{unknownRules}</Text>
                <Checkbox
                  label="I checked the law and decided this myself"
                  checked={acknowledged}
                  onChange={(event) => {
                    setAcknowledged(event.currentTarget.checked);
                    setErrors((current) => ({ ...current, acknowledgeUnknownRules: undefined }));
                  }}
                  error={errors.acknowledgeUnknownRules}
                />
              </Stack>
            </Alert>
          ) : errors.acknowledgeUnknownRules ? (
            <Text size="sm" c="red" role="alert">
              {errors.acknowledgeUnknownRules}
            </Text>
          ) : null}
          {errors.form ? (
            <Alert color="red" variant="light" role="alert" p="xs">
              {errors.form}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={decide.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={decide.isPending}>
              Record decision
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
