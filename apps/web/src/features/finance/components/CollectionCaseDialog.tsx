import {
  formatMoney,
  type CollectionCaseDetail,
  type CollectionDecisionInput,
  type CollectionsState,
  type PaymentPlanInput,
} from '@commonwise/contracts';
import {
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Loader,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { decisionPagePath } from '../../decisions/api.ts';
import { letterPagePath } from '../../letters/api.ts';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { collectionCaseQueryOptions, useRecordCollectionDecision, useStartPaymentPlan } from '../api.ts';
import { errorsFromFailure } from '../form-errors.ts';
import { centsFromDollars } from '../money-input.ts';
import { caseStatus, stageText } from './CollectionsPage.tsx';

const letterStatusLabels: Record<string, string> = {
  draft: 'draft',
  awaiting_approval: 'awaiting approval',
  approved: 'approved',
  sent: 'sent',
  cancelled: 'cancelled',
};

/**
 * One collection case: where it stands, its history (stages with their letters, holds, the board's
 * decisions, payment plans), and what people do on it — the board's decision on a stage that needs one
 * (board members and managers record it) and a payment plan (managers).
 */
export function CollectionCaseDialog({
  propertyId,
  caseId,
  state,
  canWrite,
  onClose,
}: {
  propertyId: string;
  caseId: string;
  state: CollectionsState;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { data, isPending, isError, refetch } = useQuery(collectionCaseQueryOptions(propertyId, caseId));
  return (
    <PortalModal
      opened
      onClose={onClose}
      title={data ? `Collections: unit ${data.unit.label}` : 'Collection case'}
      centered
      size="lg"
    >
      {isPending ? (
        <Group gap="sm" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            Loading the case...
          </Text>
        </Group>
      ) : isError ? (
        <ErrorState title="Failed to load the case" onRetry={() => void refetch()} headingOrder={3} />
      ) : (
        <Stack gap="md">
          <Standing propertyId={propertyId} detail={data} state={state} />
          {data.awaitingDecision !== null ? (
            <DecisionForm propertyId={propertyId} detail={data} state={state} />
          ) : null}
          {canWrite && data.status === 'open' ? <PlanForm propertyId={propertyId} detail={data} /> : null}
          <History propertyId={propertyId} detail={data} />
        </Stack>
      )}
    </PortalModal>
  );
}

function Standing({
  propertyId,
  detail,
  state,
}: {
  propertyId: string;
  detail: CollectionCaseDetail;
  state: CollectionsState;
}) {
  const status = caseStatus(detail);
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
        <Text size="sm">{stageText(state, detail.stage)}</Text>
      </Group>
      <Text size="sm">
        {detail.owners.length > 0 ? detail.owners.join(', ') : 'No owner recorded'} ·{' '}
        {detail.pastDueCents === 0
          ? 'nothing past due'
          : `${formatMoney(detail.pastDueCents)} past due, the oldest charge ${detail.daysPastDue} days late`}
      </Text>
      {detail.plan ? (
        <Text size="sm">
          Payment plan: {detail.plan.count} monthly instalments of {formatMoney(detail.plan.instalmentCents)}{' '}
          from {formatDate(detail.plan.firstDueOn)}; {formatMoney(detail.plan.paidCents)} paid since it was
          agreed
          {detail.plan.status === 'active' && detail.plan.nextDueOn
            ? `; next due ${formatDate(detail.plan.nextDueOn)}`
            : detail.plan.status === 'missed'
              ? '; an instalment was missed'
              : '; completed'}
          .
        </Text>
      ) : null}
      {detail.letterToSend ? (
        <Text size="sm">
          This stage’s letter has not been sent: the case waits here until it is, and the owner’s time to pay
          runs from the day it goes out.{' '}
          <Anchor component={Link} to={letterPagePath(propertyId, detail.letterToSend.id)} size="sm">
            Review and send the letter
          </Anchor>
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        Opened {formatDateTime(detail.openedAt)}
        {detail.closedAt ? `, closed ${formatDateTime(detail.closedAt)}` : ''}.
      </Text>
    </Stack>
  );
}

// The stage is not a field of the form: a refusal about it (the case moved meanwhile) shows under the form.
const decisionFields = ['outcome', 'decidedOn', 'meeting', 'note'] as const;

function DecisionForm({
  propertyId,
  detail,
  state,
}: {
  propertyId: string;
  detail: CollectionCaseDetail;
  state: CollectionsState;
}) {
  const stage = detail.awaitingDecision!;
  // No choice is made for the board: recording a referral takes a deliberate click.
  const [outcome, setOutcome] = useState<CollectionDecisionInput['outcome'] | null>(null);
  const [decidedOn, setDecidedOn] = useState('');
  const [meeting, setMeeting] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<(typeof decisionFields)[number] | 'form', string>>>({});
  const record = useRecordCollectionDecision(propertyId, detail.id);
  const submit = () => {
    const found: typeof errors = {};
    if (!outcome) found.outcome = 'Say whether the board decided to proceed or to hold';
    if (!decidedOn) found.decidedOn = 'Choose the day the board decided';
    if (!meeting.trim()) found.meeting = 'Say at which meeting the board decided';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    record.mutate(
      { stage, outcome: outcome!, decidedOn, meeting: meeting.trim(), note: note.trim() },
      {
        onSuccess: () => showSuccessToast('The board’s decision was recorded'),
        onError: (failure) => setErrors(errorsFromFailure(failure, decisionFields)),
      },
    );
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
      aria-labelledby="collection-decision"
    >
      <Stack gap="sm">
        <Divider />
        <Title order={3} size="h5" id="collection-decision">
          The board’s decision on {stageText(state, stage).toLowerCase()}
        </Title>
        <Text size="sm" c="dimmed">
          The case waits here until the board decides. Record what it decided, when, and at which meeting.
        </Text>
        {detail.decisionItemId ? (
          <Text size="sm">
            The board can also vote on it in Decisions; recording the decision here withdraws that item.{' '}
            <Anchor component={Link} to={decisionPagePath(propertyId, detail.decisionItemId)} size="sm">
              Open the board’s decision item
            </Anchor>
          </Text>
        ) : null}
        <Radio.Group
          label="The board decided"
          value={outcome}
          onChange={(value) => setOutcome(value as CollectionDecisionInput['outcome'])}
          error={errors.outcome}
          required
        >
          <Group gap="md" mt={4}>
            <Radio value="proceed" label="To proceed" />
            <Radio value="hold" label="To hold" />
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="date"
            label="Day of the decision"
            required
            value={decidedOn}
            onChange={(event) => setDecidedOn(event.currentTarget.value)}
            error={errors.decidedOn}
          />
          <TextInput
            label="Meeting"
            placeholder="Board meeting of March 12 (executive session)"
            required
            value={meeting}
            onChange={(event) => setMeeting(event.currentTarget.value)}
            error={errors.meeting}
          />
        </SimpleGrid>
        <Textarea
          label="Note"
          rows={2}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={errors.note}
        />
        {errors.form ? (
          <Text size="sm" c="red" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Button type="submit" loading={record.isPending} style={{ alignSelf: 'flex-start' }}>
          Record the decision
        </Button>
      </Stack>
    </form>
  );
}

const planFields = ['instalmentCents', 'count', 'firstDueOn', 'terms'] as const;

function PlanForm({ propertyId, detail }: { propertyId: string; detail: CollectionCaseDetail }) {
  const [instalment, setInstalment] = useState('');
  const [count, setCount] = useState('3');
  const [firstDueOn, setFirstDueOn] = useState('');
  const [terms, setTerms] = useState('');
  const [errors, setErrors] = useState<Partial<Record<(typeof planFields)[number] | 'form', string>>>({});
  const start = useStartPaymentPlan(propertyId, detail.id);
  const submit = () => {
    const found: typeof errors = {};
    const instalmentCents = centsFromDollars(instalment);
    const instalments = /^\d{1,2}$/.test(count.trim()) ? Number(count.trim()) : null;
    if (instalmentCents === null || instalmentCents <= 0)
      found.instalmentCents = 'Enter dollars and cents, like 150.00';
    if (instalments === null || instalments < 2)
      found.count = 'Enter a whole number of instalments, at least 2';
    if (!firstDueOn) found.firstDueOn = 'Choose the day the first instalment is due';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input: PaymentPlanInput = {
      instalmentCents: instalmentCents!,
      count: instalments!,
      firstDueOn,
      terms: terms.trim(),
    };
    start.mutate(input, {
      onSuccess: () => showSuccessToast('Payment plan agreed: the case is paused'),
      onError: (failure) => setErrors(errorsFromFailure(failure, planFields)),
    });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
      aria-labelledby="collection-plan"
    >
      <Stack gap="sm">
        <Divider />
        <Title order={3} size="h5" id="collection-plan">
          Agree a payment plan
        </Title>
        <Text size="sm" c="dimmed">
          The case pauses while the plan is kept. If an instalment’s day passes without the payments covering
          it, the case resumes. {formatMoney(detail.pastDueCents)} is past due.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput
            label="Each instalment"
            leftSection="$"
            inputMode="decimal"
            required
            value={instalment}
            onChange={(event) => setInstalment(event.currentTarget.value)}
            error={errors.instalmentCents}
          />
          <TextInput
            label="Monthly instalments"
            inputMode="numeric"
            required
            value={count}
            onChange={(event) => setCount(event.currentTarget.value)}
            error={errors.count}
          />
          <TextInput
            type="date"
            label="First due"
            required
            value={firstDueOn}
            onChange={(event) => setFirstDueOn(event.currentTarget.value)}
            error={errors.firstDueOn}
          />
        </SimpleGrid>
        <Textarea
          label="Terms"
          rows={2}
          value={terms}
          onChange={(event) => setTerms(event.currentTarget.value)}
          error={errors.terms}
        />
        {errors.form ? (
          <Text size="sm" c="red" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Button type="submit" loading={start.isPending} style={{ alignSelf: 'flex-start' }}>
          Agree the plan
        </Button>
      </Stack>
    </form>
  );
}

function History({ propertyId, detail }: { propertyId: string; detail: CollectionCaseDetail }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="collection-history">
      <Divider />
      <Title order={3} size="h5" id="collection-history">
        History
      </Title>
      <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {detail.events.map((event) => (
          <li key={event.id}>
            <Text size="sm">{event.summary}</Text>
            {event.decision?.note ? (
              <Text size="sm" c="dimmed">
                {event.decision.note}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {formatDateTime(event.createdAt)}
              {event.byName ? ` · ${event.byName}` : event.runId ? ' · nightly run' : ''}
              {event.letterId ? (
                <>
                  {' · '}
                  <Anchor component={Link} to={letterPagePath(propertyId, event.letterId)} size="xs">
                    Letter
                  </Anchor>{' '}
                  ({letterStatusLabels[event.letterStatus ?? ''] ?? event.letterStatus})
                </>
              ) : null}
            </Text>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
