import {
  deliveryMethodLabels,
  deliveryMethods,
  deliveryProblems,
  type DeliveryMethod,
  type DeliveryRequirementView,
  type Letter,
} from '@commonwise/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  List,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPlus, IconScale, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiRequestError } from '../../../lib/api.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { useSendLetter } from '../api.ts';

type Row = {
  key: number;
  recipientId: string;
  method: DeliveryMethod;
  trackingNumber: string;
  deliveredOn: string;
  confirmations: string[];
};

const methodOptions = deliveryMethods.map((method) => ({
  value: method,
  label: deliveryMethodLabels[method],
}));

/** The method a recipient's first delivery starts with: what the law asks for, if anything. */
function suggestedMethod(letter: Letter): DeliveryMethod {
  const required = letter.deliveryRules.requirements.find(
    (requirement) => requirement.check.type === 'method',
  );
  return required?.check.type === 'method' ? required.check.anyOf[0]! : 'first_class';
}

/**
 * Sending: how the letter reached each recipient (method, tracking number, day), with what the
 * association's jurisdiction requires shown first, checked as the person fills it in, and checked again
 * by the server. Where the profile does not know the rule, it says so and the person decides.
 */
export function SendLetterDialog({
  letter,
  opened,
  onClose,
}: {
  letter: Letter;
  opened: boolean;
  onClose: () => void;
}) {
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <Modal opened={opened} onClose={onClose} title="Send letter" size="xl" fullScreen={isNarrow}>
      {opened ? <SendForm letter={letter} onClose={onClose} /> : null}
    </Modal>
  );
}

function SendForm({ letter, onClose }: { letter: Letter; onClose: () => void }) {
  const send = useSendLetter(letter.propertyId, letter.id);
  const rules = letter.deliveryRules;
  const [nextKey, setNextKey] = useState(letter.recipients.length);
  const [rows, setRows] = useState<Row[]>(() =>
    letter.recipients.map((recipient, index) => ({
      key: index,
      recipientId: recipient.userId,
      method: suggestedMethod(letter),
      trackingNumber: '',
      deliveredOn: letter.associationToday,
      confirmations: [],
    })),
  );
  const [acknowledged, setAcknowledged] = useState(false);
  const [isChecked, setIsChecked] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const attempts = rows.map((row) => ({
    recipientId: row.recipientId,
    method: row.method,
    trackingNumber: row.trackingNumber.trim() || null,
    confirmations: row.confirmations,
  }));
  const problems = deliveryProblems(rules, letter.recipients, attempts, acknowledged);
  const nameOf = (userId: string) =>
    letter.recipients.find((recipient) => recipient.userId === userId)?.name ?? userId;
  const update = (key: number, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const confirmationsFor = (method: DeliveryMethod): (DeliveryRequirementView & { statement: string })[] =>
    rules.requirements.flatMap((requirement) =>
      requirement.check.type === 'confirm' && requirement.check.methods.includes(method)
        ? [{ ...requirement, statement: requirement.check.statement }]
        : [],
    );

  const submit = async () => {
    setIsChecked(true);
    setServerError(null);
    if (problems.length > 0) return;
    try {
      await send.mutateAsync({
        deliveries: rows.map((row) => ({
          recipientId: row.recipientId,
          method: row.method,
          trackingNumber: row.trackingNumber.trim() || null,
          deliveredOn: row.deliveredOn,
          confirmations: row.confirmations,
        })),
        acknowledgeUnknownRules: acknowledged,
      });
      showSuccessToast('Letter marked as sent, with its delivery record');
      onClose();
    } catch (error) {
      setServerError(isApiRequestError(error) ? error.message : 'The letter could not be sent.');
      showFailureToast('Failed to send the letter', error);
    }
  };

  return (
    <Stack gap="md">
      <Rules letter={letter} />
      {rows.map((row, index) => {
        const confirmations = confirmationsFor(row.method);
        const trackingProblem = problems.find(
          (problem) => problem.field === `deliveries.${index}.trackingNumber`,
        );
        return (
          <Fieldset key={row.key} legend={`${nameOf(row.recipientId)}: delivery`} radius="md">
            <Stack gap="sm">
              <Group align="flex-start" gap="sm" wrap="wrap">
                <Select
                  label="How"
                  data={methodOptions}
                  value={row.method}
                  allowDeselect={false}
                  onChange={(value) =>
                    update(row.key, { method: value as DeliveryMethod, confirmations: [] })
                  }
                  style={{ flex: '1 1 11rem' }}
                />
                <TextInput
                  label="Date"
                  type="date"
                  max={letter.associationToday}
                  value={row.deliveredOn}
                  onChange={(event) => update(row.key, { deliveredOn: event.currentTarget.value })}
                  style={{ flex: '0 1 10rem' }}
                />
                {row.method === 'certified' ? (
                  <TextInput
                    label="Tracking number"
                    required
                    maxLength={60}
                    value={row.trackingNumber}
                    onChange={(event) => update(row.key, { trackingNumber: event.currentTarget.value })}
                    error={isChecked ? trackingProblem?.message : undefined}
                    style={{ flex: '1 1 14rem' }}
                  />
                ) : null}
                {rows.filter((other) => other.recipientId === row.recipientId).length > 1 ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={28}
                    aria-label={`Remove this delivery to ${nameOf(row.recipientId)}`}
                    onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                ) : null}
              </Group>
              {confirmations.map((requirement) => (
                <Checkbox
                  key={requirement.id}
                  label={`${requirement.statement} (${requirement.statute})`}
                  checked={row.confirmations.includes(requirement.id)}
                  onChange={(event) =>
                    update(row.key, {
                      confirmations: event.currentTarget.checked
                        ? [...row.confirmations, requirement.id]
                        : row.confirmations.filter((id) => id !== requirement.id),
                    })
                  }
                />
              ))}
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => {
                  setRows((current) => [
                    ...current,
                    {
                      key: nextKey,
                      recipientId: row.recipientId,
                      method: 'first_class',
                      trackingNumber: '',
                      deliveredOn: letter.associationToday,
                      confirmations: [],
                    },
                  ]);
                  setNextKey(nextKey + 1);
                }}
              >
                <Group gap={4} component="span">
                  <IconPlus size={14} aria-hidden />
                  Another delivery to {nameOf(row.recipientId)}
                </Group>
              </Anchor>
            </Stack>
          </Fieldset>
        );
      })}
      {rules.unknown.length > 0 ? (
        <Checkbox
          checked={acknowledged}
          onChange={(event) => setAcknowledged(event.currentTarget.checked)}
          label="I decided how this letter is delivered with the association’s documents or counsel: the profile does not say."
        />
      ) : null}
      {isChecked && problems.length > 0 ? (
        <Alert color="red" variant="light" title="Not sent yet" role="alert">
          <List size="sm" spacing={4}>
            {problems.map((problem) => (
              <List.Item key={`${problem.field}${problem.message}`}>{problem.message}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {serverError ? (
        <Alert color="red" variant="light" title="The server refused it" role="alert">
          {serverError}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} loading={send.isPending}>
          Mark as sent
        </Button>
      </Group>
    </Stack>
  );
}

/** What the jurisdiction's profile says about delivering this letter: known rules, and unknown ones. */
export function Rules({ letter }: { letter: Letter }) {
  const rules = letter.deliveryRules;
  if (!rules.isGoverned)
    return (
      <Text size="sm" c="dimmed">
        {rules.jurisdiction.name}: correspondence is not a legal notice, so no delivery rule applies.
        Certified mail still needs its tracking number.
      </Text>
    );
  return (
    <Stack gap="xs">
      {rules.requirements.length > 0 ? (
        <Alert
          variant="light"
          color="blue"
          icon={<IconScale size={18} aria-hidden />}
          title="Required by law"
        >
          <List size="sm" spacing={4}>
            {rules.requirements.map((requirement) => (
              <List.Item key={requirement.id}>
                {requirement.summary} ({requirement.statute}). The profile says: “{requirement.quote}”
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {rules.unknown.map((rule) => (
        <Alert
          key={rule.rule}
          variant="light"
          color="yellow"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={`Unknown for ${rules.jurisdiction.name}: ${rule.ruleLabel.toLowerCase()}`}
        >
          <Text size="sm">
            {rule.note} Nothing is checked for it; decide with the association’s documents or counsel.
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}
