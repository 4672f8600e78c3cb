import {
  abstainChoice,
  carriedOption,
  type DecideDecisionItemInput,
  type DecisionItem,
} from '@commonwise/contracts';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { propertyDocumentsQueryOptions } from '../../documents/api.ts';
import { useDecideItem } from '../api.ts';
import { choiceLabel, todayIso } from '../labels.ts';

type Errors = Record<string, string>;

/** A refusal as a form shows it: the server's words on the fields it names, its message otherwise. */
function errorsOf(failure: unknown, isField: (key: string) => boolean): Errors {
  if (!isApiRequestError(failure)) return { form: 'Something went wrong. Please try again.' };
  const found: Errors = {};
  for (const [key, message] of Object.entries(failure.fields ?? {})) if (isField(key)) found[key] ??= message;
  if (Object.keys(found).length === 0) found.form = failure.message;
  return found;
}

function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
      {message}
    </Alert>
  );
}

/**
 * Recording the outcome (issue 22 item 5), for those who may decide: by the members' votes here (only
 * the option today's votes carry can be chosen, and the page says why the others cannot), or by a vote
 * taken at a meeting (its date, minutes and counts, which must carry the outcome under the same rule).
 */
export function DecidePanel({ item }: { item: DecisionItem }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="decision-decide">
      <Title order={2} size="h4" id="decision-decide">
        Record the outcome
      </Title>
      <Tabs defaultValue="votes" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="votes">By the votes here</Tabs.Tab>
          <Tabs.Tab value="meeting">Record a meeting vote</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="votes" pt="md">
          <VotesOutcomeForm item={item} />
        </Tabs.Panel>
        <Tabs.Panel value="meeting" pt="md">
          <MeetingForm item={item} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function VotesOutcomeForm({ item }: { item: DecisionItem }) {
  const [outcome, setOutcome] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const decide = useDecideItem(item.propertyId, item.id);
  const carried = item.carries;

  const review = () => {
    if (!outcome) {
      setErrors({ outcome: 'Choose the outcome' });
      return;
    }
    setErrors({});
    setIsConfirming(true);
  };
  const send = () => {
    const input: DecideDecisionItemInput = {
      method: 'votes',
      outcome: outcome!,
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    decide.mutate(input, {
      onSuccess: () => {
        setIsConfirming(false);
        showSuccessToast(`Decided: ${choiceLabel(outcome!, item.options)}`);
      },
      onError: (failure) => {
        setIsConfirming(false);
        setErrors(errorsOf(failure, (key) => key === 'outcome' || key === 'note'));
      },
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
      noValidate
    >
      <Stack gap="sm">
        {carried === null ? (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="note">
            Today’s votes carry no option yet: the rule needs {item.needs}. Wait for more votes, or record a
            vote taken at a meeting.
          </Alert>
        ) : (
          <Text size="sm">
            Today’s votes carry “{choiceLabel(carried, item.options)}”. Only that option can be recorded from
            the votes here.
          </Text>
        )}
        <Radio.Group label="Outcome" required value={outcome} onChange={setOutcome} error={errors.outcome}>
          <Stack gap="xs" mt="xs">
            {item.options.map((option) => (
              <Radio
                key={option.key}
                value={option.key}
                label={option.label}
                disabled={option.key !== carried}
                description={
                  option.key === carried ? 'Carried by today’s votes' : 'Today’s votes do not carry it'
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label="Note (optional)"
          description="Conditions or next steps, kept with the outcome."
          autosize
          minRows={2}
          maxRows={8}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={errors.note}
          maxLength={5000}
        />
        <FormAlert message={errors.form} />
        <Group>
          <Button type="submit" disabled={carried === null}>
            Record the outcome
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={isConfirming}
        title="Record the outcome?"
        confirmLabel="Record the outcome"
        confirmColor="blue"
        isConfirming={decide.isPending}
        onConfirm={send}
        onClose={() => setIsConfirming(false)}
      >
        {`“${choiceLabel(outcome ?? '', item.options)}” becomes the decision on “${item.title}”, and voting closes. This cannot be undone.`}
      </ConfirmDialog>
    </form>
  );
}

const countKeys = (item: DecisionItem) => [...item.options.map((option) => option.key), abstainChoice];

function MeetingForm({ item }: { item: DecisionItem }) {
  const [heldOn, setHeldOn] = useState('');
  const [minutesDocumentId, setMinutesDocumentId] = useState<string | null>(null);
  const [counts, setCounts] = useState<Record<string, string | number>>({});
  const [outcome, setOutcome] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const decide = useDecideItem(item.propertyId, item.id);
  const documents = useQuery(propertyDocumentsQueryOptions(item.propertyId));
  const keys = countKeys(item);

  const validate = (): Errors => {
    const found: Errors = {};
    if (!heldOn) found.heldOn = 'Choose the day of the meeting';
    else if (heldOn > todayIso()) found.heldOn = 'The meeting cannot be in the future';
    for (const key of keys) {
      const value = counts[key];
      if (value === undefined || value === '') found[`counts.${key}`] = 'Enter a number (0 if none)';
      else if (!Number.isInteger(Number(value)) || Number(value) < 0)
        found[`counts.${key}`] = 'Enter a whole number, 0 or more';
    }
    if (!outcome) found.outcome = 'Choose the outcome';
    if (Object.keys(found).length > 0) return found;
    const total = keys.reduce((sum, key) => sum + Number(counts[key]), 0);
    if (total > item.membersServing)
      found.counts = `The counts add up to ${total} votes, more than the ${item.membersServing} members serving.`;
    else {
      const choices = keys.flatMap((key) => Array<string>(Number(counts[key])).fill(key));
      const carried = carriedOption(item.decisionRule, item.quorum, item.membersServing, choices);
      if (carried !== outcome)
        found.outcome = `These counts do not carry “${choiceLabel(outcome!, item.options)}”: the rule needs ${item.needs}.`;
    }
    return found;
  };

  const review = () => {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length === 0) setIsConfirming(true);
  };
  const send = () => {
    const input: DecideDecisionItemInput = {
      method: 'meeting',
      outcome: outcome!,
      heldOn,
      counts: Object.fromEntries(keys.map((key) => [key, Number(counts[key])])),
      ...(minutesDocumentId ? { minutesDocumentId } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    decide.mutate(input, {
      onSuccess: () => {
        setIsConfirming(false);
        showSuccessToast(`Decided at the meeting: ${choiceLabel(outcome!, item.options)}`);
      },
      onError: (failure) => {
        setIsConfirming(false);
        setErrors(
          errorsOf(
            failure,
            (key) =>
              ['heldOn', 'minutesDocumentId', 'outcome', 'note', 'counts'].includes(key) ||
              key.startsWith('counts.'),
          ),
        );
      },
    });
  };

  const documentData = (documents.data ?? []).map((document) => ({
    value: document.id,
    label: document.name,
  }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          For a vote taken at a board meeting: the counts must carry the outcome under the same rule (
          {item.needs}).
        </Text>
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
        <Stack gap={6} component="fieldset" m={0} p={0} style={{ border: 0 }}>
          <Text component="legend" size="sm" fw={500} p={0}>
            Votes at the meeting
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {keys.map((key) => (
              <NumberInput
                key={key}
                label={key === abstainChoice ? 'Abstentions' : `For “${choiceLabel(key, item.options)}”`}
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
        <Radio.Group label="Outcome" required value={outcome} onChange={setOutcome} error={errors.outcome}>
          <Stack gap="xs" mt="xs">
            {item.options.map((option) => (
              <Radio key={option.key} value={option.key} label={option.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label="Note (optional)"
          description="Conditions or next steps, kept with the outcome."
          autosize
          minRows={2}
          maxRows={8}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={errors.note}
          maxLength={5000}
        />
        <FormAlert message={errors.form} />
        <Group>
          <Button type="submit">Record the meeting vote</Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={isConfirming}
        title="Record the meeting vote?"
        confirmLabel="Record the meeting vote"
        confirmColor="blue"
        isConfirming={decide.isPending}
        onConfirm={send}
        onClose={() => setIsConfirming(false)}
      >
        {`“${choiceLabel(outcome ?? '', item.options)}” becomes the decision on “${item.title}”, as voted at the meeting of ${heldOn ? formatDate(heldOn) : ''}. Voting here closes. This cannot be undone.`}
      </ConfirmDialog>
    </form>
  );
}
