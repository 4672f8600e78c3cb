import {
  abstainChoice,
  arcVoteOptions,
  type ArcOutcome,
  type ArcRequest,
  type DecideArcRequestInput,
  clauseNumberLabel,
} from '@commonwise/contracts';
import {
  Alert,
  Button,
  Group,
  List,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconScale } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { minutesDocumentsQueryOptions, useDecideArcRequest } from '../api.ts';

type Errors = Record<string, string>;
type Method = DecideArcRequestInput['method'];
/** What the decision says, whichever way it was taken. */
type Said = Omit<Extract<DecideArcRequestInput, { method: 'votes' }>, 'method'>;

const todayIso = () => format(new Date(), 'yyyy-MM-dd');
const outcomeLabel = (outcome: string) =>
  arcVoteOptions.find((option) => option.key === outcome)?.label ?? outcome;
const countKeys = [...arcVoteOptions.map((option) => option.key), abstainChoice];
/** The fields a refusal may name: they show its words on themselves. */
const formFields = [
  'method',
  'outcome',
  'heldOn',
  'minutesDocumentId',
  'counts',
  'conditions',
  'reasons',
  'rulesCited',
  'changesNeeded',
  'appeal',
  'note',
];

/**
 * The clauses of the failed guideline checks, one a line, as a starting text for the rule a denial
 * relies on: `Willow Creek CC&Rs §7.3(b): “No fence shall exceed sixty (60) inches in height.”`.
 */
export function rulesCitedFromChecks(request: Pick<ArcRequest, 'checks'>): string {
  const lines = (request.checks ?? [])
    .filter((check) => check.result === 'fails')
    .map(({ rule }) => {
      const where = `${rule.documentTitle ?? rule.title}${rule.sectionNumber ? ` ${clauseNumberLabel(rule.sectionNumber, '§')}` : ''}`;
      return `${where}: “${rule.excerpt}”`;
    });
  return [...new Set(lines)].join('\n');
}

/** A refusal as the form shows it: the server's words on the fields it names, and its message above the button. */
function errorsOf(failure: unknown): Errors {
  if (!isApiRequestError(failure)) return { form: 'Something went wrong. Please try again.' };
  const found: Errors = { form: failure.message };
  for (const [key, message] of Object.entries(failure.fields ?? {}))
    if (formFields.includes(key) || key.startsWith('counts.')) found[key] ??= message;
  return found;
}

/**
 * Recording the committee's decision on a request (issue 22 item 3), for those who may decide. The
 * decision must be carried by the votes cast on the committee's vote, or by a vote taken at a meeting
 * (its date, minutes and counts); the server checks either under the committee's rule. A denial must
 * say why, the rule relied on, how to ask for reconsideration or a hearing and, where the law asks it
 * (Texas), the changes that would make the project approvable: the form starts from the failed checks'
 * clauses and the jurisdiction's wording, both editable.
 */
export function ArcDecidePanel({ request }: { request: ArcRequest }) {
  const requirements = request.denialRequirements;
  const [method, setMethod] = useState<Method>('votes');
  const [heldOn, setHeldOn] = useState('');
  const [minutesDocumentId, setMinutesDocumentId] = useState<string | null>(null);
  // A meeting's counts start at zero: most options get no votes, and the person fills in those that did.
  const [counts, setCounts] = useState<Record<string, string | number>>(() =>
    Object.fromEntries(countKeys.map((key) => [key, 0])),
  );
  const [outcome, setOutcome] = useState<ArcOutcome | null>(null);
  const [conditions, setConditions] = useState('');
  const [reasons, setReasons] = useState('');
  const [rulesCited, setRulesCited] = useState(() => rulesCitedFromChecks(request));
  const [changesNeeded, setChangesNeeded] = useState('');
  const [appeal, setAppeal] = useState(requirements?.appealSuggestion ?? '');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const decide = useDecideArcRequest(request.propertyId, request.id);
  const formRef = useRef<HTMLFormElement>(null);

  // After a refusal, the keyboard lands on the first field that says what is wrong.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const changesRequired = requirements?.changesNeeded ?? false;

  const validate = (): Errors => {
    const found: Errors = {};
    if (method === 'meeting') {
      if (!heldOn) found.heldOn = 'Choose the day of the meeting';
      else if (heldOn > todayIso()) found.heldOn = 'The meeting cannot be in the future';
      for (const key of countKeys) {
        const value = counts[key];
        if (value === undefined || value === '') found[`counts.${key}`] = 'Enter a number (0 if none)';
        else if (!Number.isInteger(Number(value)) || Number(value) < 0)
          found[`counts.${key}`] = 'Enter a whole number, 0 or more';
      }
    }
    if (!outcome) found.outcome = 'Choose the decision';
    if (outcome === 'approve_with_conditions' && !conditions.trim())
      found.conditions = 'State the conditions the work must follow';
    if (outcome === 'deny') {
      if (!reasons.trim()) found.reasons = 'Say why the request is denied';
      if (!rulesCited.trim()) found.rulesCited = 'Name the rule the denial relies on';
      if (changesRequired && !changesNeeded.trim())
        found.changesNeeded = 'Say what changes would make the project approvable';
      if (!appeal.trim()) found.appeal = 'Say how the owner can ask for reconsideration or a hearing';
    }
    if (outcome === 'more_information' && !note.trim()) found.note = 'Say what the owner must send';
    return found;
  };

  const review = () => {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length === 0) setIsConfirming(true);
  };

  const send = () => {
    const said: Said = { outcome: outcome! };
    const put = (key: Exclude<keyof Said, 'outcome'>, value: string) => {
      if (value.trim()) said[key] = value.trim();
    };
    if (outcome === 'approve_with_conditions') put('conditions', conditions);
    if (outcome === 'deny') {
      put('reasons', reasons);
      put('rulesCited', rulesCited);
      put('changesNeeded', changesNeeded);
      put('appeal', appeal);
    }
    put('note', note);
    const input: DecideArcRequestInput =
      method === 'votes'
        ? { method: 'votes', ...said }
        : {
            method: 'meeting',
            heldOn,
            counts: Object.fromEntries(countKeys.map((key) => [key, Number(counts[key])])),
            ...(minutesDocumentId ? { minutesDocumentId } : {}),
            ...said,
          };
    decide.mutate(input, {
      onSuccess: () => {
        setIsConfirming(false);
        showSuccessToast(
          outcome === 'more_information'
            ? 'Sent back to the owner for more information'
            : `Decision recorded: ${outcomeLabel(outcome!)}`,
        );
      },
      onError: (failure) => {
        setIsConfirming(false);
        setErrors(errorsOf(failure));
        // The request is read again and this form may go with it: the refusal stays said in a toast.
        if (isApiRequestError(failure) && failure.code === 'REQUEST_NOT_CHANGEABLE')
          showFailureToast('The request can no longer be decided', failure);
      },
    });
  };

  const confirmText =
    outcome === 'more_information'
      ? `“${request.title}” goes back to the owner, who is told what to send. Its review window starts again once the request is complete.`
      : `“${outcomeLabel(outcome ?? '')}” becomes the decision on “${request.title}”${
          method === 'meeting' && heldOn ? `, as voted at the meeting of ${formatDate(heldOn)}` : ''
        }. This cannot be undone.`;

  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
      noValidate
    >
      <Stack gap="md">
        <Radio.Group
          label="How the committee decided"
          required
          value={method}
          onChange={(value) => setMethod(value as Method)}
          error={errors.method}
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="votes"
              label="By the votes cast on the committee’s vote"
              description="The members’ votes there must carry the decision under the committee’s rule."
            />
            <Radio
              value="meeting"
              label="By a vote taken at a meeting"
              description="Its date, the counts and, if you have them, the minutes."
            />
          </Stack>
        </Radio.Group>
        {method === 'meeting' ? (
          <MeetingFields
            {...{
              request,
              heldOn,
              setHeldOn,
              minutesDocumentId,
              setMinutesDocumentId,
              counts,
              setCounts,
              errors,
            }}
          />
        ) : null}
        <Radio.Group
          label="Decision"
          required
          value={outcome}
          onChange={(value) => setOutcome(value as ArcOutcome)}
          error={errors.outcome}
        >
          <Stack gap="xs" mt="xs">
            {arcVoteOptions.map((option) => (
              <Radio key={option.key} value={option.key} label={option.label} />
            ))}
          </Stack>
        </Radio.Group>
        {outcome === 'approve_with_conditions' ? (
          <Textarea
            label="Conditions"
            description="What the work must follow, one condition a line. The letter states them as written."
            required
            autosize
            minRows={3}
            maxRows={12}
            maxLength={5000}
            value={conditions}
            onChange={(event) => setConditions(event.currentTarget.value)}
            error={errors.conditions}
          />
        ) : null}
        {outcome === 'deny' ? (
          <Stack gap="sm">
            {requirements ? <DenialRequirementsNote requirements={requirements} /> : null}
            <Textarea
              label="Reasons"
              description="Why the project cannot be approved as sent."
              required
              autosize
              minRows={3}
              maxRows={12}
              maxLength={5000}
              value={reasons}
              onChange={(event) => setReasons(event.currentTarget.value)}
              error={errors.reasons}
            />
            <Textarea
              label="Rule relied on"
              description="Started from the clauses of the failed guideline checks; change it as needed."
              required
              autosize
              minRows={2}
              maxRows={10}
              maxLength={2000}
              value={rulesCited}
              onChange={(event) => setRulesCited(event.currentTarget.value)}
              error={errors.rulesCited}
            />
            <Textarea
              label="Changes that would make it approvable"
              description={
                changesRequired
                  ? 'Required here: the law asks a denial to say what would make the project approvable.'
                  : 'Optional: what the owner could change for the project to be approved.'
              }
              required={changesRequired}
              autosize
              minRows={2}
              maxRows={10}
              maxLength={5000}
              value={changesNeeded}
              onChange={(event) => setChangesNeeded(event.currentTarget.value)}
              error={errors.changesNeeded}
            />
            <Textarea
              label="How to ask for reconsideration or a hearing"
              description="Started from what the association’s jurisdiction provides; change it as needed."
              required
              autosize
              minRows={2}
              maxRows={8}
              maxLength={2000}
              value={appeal}
              onChange={(event) => setAppeal(event.currentTarget.value)}
              error={errors.appeal}
            />
          </Stack>
        ) : null}
        {outcome === 'more_information' ? (
          <Textarea
            label="What the owner must send"
            description="The owner is told this. The review window starts again once the request is complete."
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={5000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={errors.note}
          />
        ) : outcome ? (
          <Textarea
            label="Note (optional)"
            description="Kept with the decision, for the committee’s records."
            autosize
            minRows={2}
            maxRows={8}
            maxLength={5000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={errors.note}
          />
        ) : null}
        {errors.form ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {errors.form}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit">Record the decision</Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={isConfirming}
        title="Record the decision?"
        confirmLabel="Record the decision"
        // Blue 8: white on the default blue (shade 7) is 4.2:1, under the 4.5:1 small text needs.
        confirmColor="blue.8"
        isConfirming={decide.isPending}
        onConfirm={send}
        onClose={() => setIsConfirming(false)}
      >
        {confirmText}
      </ConfirmDialog>
    </form>
  );
}

/** What a denial must say in the association's jurisdiction, for the people writing it. */
function DenialRequirementsNote({
  requirements,
}: {
  requirements: NonNullable<ArcRequest['denialRequirements']>;
}) {
  return (
    <Alert
      color="blue"
      variant="light"
      role="note"
      icon={<IconScale size={18} aria-hidden />}
      title="What a denial must say here"
    >
      <Stack gap={4}>
        <Text size="sm">
          The reasons, the rule relied on and how to ask for reconsideration or a hearing
          {requirements.changesNeeded ? ', and the changes that would make the project approvable' : ''}.
        </Text>
        {requirements.statute ? (
          <Text size="sm" fw={600}>
            {requirements.statute}
          </Text>
        ) : null}
        {requirements.rules.length > 0 ? (
          <List size="sm" spacing={2}>
            {requirements.rules.map((rule) => (
              <List.Item key={rule}>{rule}</List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Alert>
  );
}

function MeetingFields({
  request,
  heldOn,
  setHeldOn,
  minutesDocumentId,
  setMinutesDocumentId,
  counts,
  setCounts,
  errors,
}: {
  request: ArcRequest;
  heldOn: string;
  setHeldOn: (value: string) => void;
  minutesDocumentId: string | null;
  setMinutesDocumentId: (value: string | null) => void;
  counts: Record<string, string | number>;
  setCounts: (update: (current: Record<string, string | number>) => Record<string, string | number>) => void;
  errors: Errors;
}) {
  const documents = useQuery(minutesDocumentsQueryOptions(request.propertyId));
  const documentData = (documents.data ?? []).map((document) => ({
    value: document.id,
    label: document.name,
  }));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          type="date"
          label="Meeting date"
          required
          value={heldOn}
          onChange={(event) => setHeldOn(event.currentTarget.value)}
          error={errors.heldOn}
          max={todayIso()}
        />
        <Select
          label="Minutes document (optional)"
          placeholder={
            documents.isError
              ? 'Failed to load the documents'
              : documents.isPending
                ? 'Loading documents...'
                : documentData.length === 0
                  ? 'The association has no documents'
                  : 'Choose the minutes'
          }
          data={documentData}
          value={minutesDocumentId}
          onChange={setMinutesDocumentId}
          error={errors.minutesDocumentId}
          disabled={documentData.length === 0}
          searchable
          clearable
          nothingFoundMessage="No document matches"
        />
      </SimpleGrid>
      <Stack gap={6} component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
        <Text component="legend" size="sm" fw={500} p={0}>
          Votes at the meeting
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {countKeys.map((key) => (
            <NumberInput
              key={key}
              label={key === abstainChoice ? 'Abstentions' : `For “${outcomeLabel(key)}”`}
              required
              min={0}
              max={1000}
              allowDecimal={false}
              allowNegative={false}
              value={counts[key] ?? ''}
              onChange={(value) => setCounts((current) => ({ ...current, [key]: value }))}
              error={errors[`counts.${key}`]}
            />
          ))}
        </SimpleGrid>
        {errors.counts ? (
          <Text size="xs" c="red.8" role="alert">
            {errors.counts}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}
