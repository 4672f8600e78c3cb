import {
  autopayInputSchema,
  autopayLastChargeDay,
  type AutopayEnrolment,
  type AutopayInput,
  type OnlinePaymentMethod,
  type SavedMethod,
} from '@commonwise/contracts';
import { Alert, Button, Group, Loader, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconBuildingBank, IconCircleCheck, IconCreditCard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import {
  autopayQueryOptions,
  billingPagePath,
  useAddPaymentMethod,
  useRefreshAutopay,
  useRemovePaymentMethod,
  useSaveAutopay,
} from '../api.ts';
import { describeMethod, isUsableMethod, whyUnusable } from '../autopay-text.ts';
import { errorsFromFailure } from '../form-errors.ts';
import { centsFromDollars, dollarsTextOf } from '../money-input.ts';
import { StripeConfirm, type StripeConfirmation } from './StripeConfirm.tsx';

const fields = ['methodId', 'maxCents', 'chargeDay'] as const;
type Field = (typeof fields)[number];
type Errors = Partial<Record<Field | 'form', string>>;
type Step = { name: 'form' } | { name: 'stripe'; method: SavedMethod; confirmation: StripeConfirmation };

const chargeDays = Array.from({ length: autopayLastChargeDay }, (_, index) => ({
  value: String(index + 1),
  label: `Day ${index + 1}`,
}));
const kindWords: Record<OnlinePaymentMethod, string> = { card: 'card', ach: 'bank account' };
const isZeroDollars = (text: string) => /^\$?0*\.?0{0,2}$/.test(text.trim().replaceAll(',', ''));

/**
 * 'Set up autopay' / 'Change autopay': the owner chooses one of their saved cards or bank accounts (or
 * adds one: the test provider saves it at once, Stripe takes it in its own form and confirms it by
 * webhook), the most autopay may charge, and the day of the month. Validated with the server's schema
 * before it is sent; the server's refusals show on the fields they name.
 */
export function AutopayDialog({
  unitId,
  enrolment,
  onClose,
}: {
  unitId: string;
  /** The unit's autopay as the dialog opened on it: its values to start from, when it is on. */
  enrolment: AutopayEnrolment | null;
  onClose: () => void;
}) {
  const { data } = useQuery(autopayQueryOptions(unitId));
  const methods = data?.methods ?? [];
  const isChange = (data?.enrolment ?? enrolment) !== null;
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [methodId, setMethodId] = useState(() => {
    const usable = methods.filter(isUsableMethod);
    return (usable.find((method) => method.id === enrolment?.method.id) ?? usable[0])?.id ?? '';
  });
  const [maxText, setMaxText] = useState(enrolment ? dollarsTextOf(enrolment.maxCents) : '');
  const [chargeDay, setChargeDay] = useState(String(enrolment?.chargeDay ?? 1));
  const [errors, setErrors] = useState<Errors>({});
  /** The method just added, to say what became of it. */
  const [added, setAdded] = useState<{ method: SavedMethod; isViaStripe: boolean } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const save = useSaveAutopay(unitId);
  const add = useAddPaymentMethod(unitId);
  const remove = useRemovePaymentMethod();
  const refresh = useRefreshAutopay(unitId);

  const addMethod = (kind: OnlinePaymentMethod) => {
    setAdded(null);
    // A fresh key per click: the same click sent twice (a lost answer retried) saves one method.
    add.mutate(
      { kind, idempotencyKey: crypto.randomUUID() },
      {
        onSuccess: ({ method, confirmation }) => {
          if (confirmation) {
            setStep({ name: 'stripe', method, confirmation });
            return;
          }
          setMethodId(method.id);
          setErrors(({ methodId: _chosen, ...rest }) => rest);
          setAdded({ method, isViaStripe: false });
        },
        onError: (failure) => showFailureToast(`Failed to add the ${kindWords[kind]}`, failure),
      },
    );
  };

  /** A method started with Stripe and never confirmed is withdrawn, so it does not wait for ever. */
  const withdraw = (method: SavedMethod) => {
    remove.mutate(method.id);
    setStep({ name: 'form' });
  };

  const removeMethod = (method: SavedMethod) =>
    remove.mutate(method.id, {
      onSuccess: () => {
        showSuccessToast(`${describeMethod(method)} removed`);
        if (methodId === method.id) setMethodId('');
        setAdded(null);
      },
      onError: (failure) => showFailureToast(`Failed to remove the ${kindWords[method.kind]}`, failure),
      onSettled: () => setRemoving(null),
    });

  const submit = () => {
    const found: Errors = {};
    let maxCents = centsFromDollars(maxText);
    if (!maxText.trim()) found.maxCents = 'Enter the most autopay may charge';
    else if (maxCents === null && isZeroDollars(maxText)) maxCents = 0;
    else if (maxCents === null) found.maxCents = 'Enter an amount in dollars and cents, like 500.00';
    const parsed = autopayInputSchema.safeParse({
      methodId,
      maxCents: maxCents ?? 0,
      chargeDay: Number(chargeDay),
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (fields.includes(field)) found[field] ??= issue.message;
      }
    const chosen = methods.find((method) => method.id === methodId);
    const unusable = chosen ? whyUnusable(chosen) : null;
    if (unusable) found.methodId ??= unusable;
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    const input: AutopayInput = parsed.data;
    save.mutate(input, {
      onSuccess: () => {
        showSuccessToast(isChange ? 'Autopay updated' : 'Autopay is on');
        onClose();
      },
      onError: (failure) => {
        setErrors(errorsFromFailure(failure, fields));
        showFailureToast(isChange ? 'Failed to update autopay' : 'Failed to turn on autopay', failure);
      },
    });
  };

  const close = () => {
    if (step.name === 'stripe') withdraw(step.method);
    onClose();
  };

  return (
    <PortalModal opened onClose={close} title={isChange ? 'Change autopay' : 'Set up autopay'} centered>
      {step.name === 'stripe' ? (
        <Stack gap="sm">
          <Text size="sm">
            Enter the {kindWords[step.method.kind]} autopay will charge. It is saved with Stripe; nothing is
            charged now.
          </Text>
          <StripeConfirm
            mode="setup"
            returnPath={billingPagePath(unitId)}
            confirmation={step.confirmation}
            submitLabel={step.method.kind === 'card' ? 'Save Card' : 'Save Bank Account'}
            onDone={() => {
              setMethodId(step.method.id);
              setErrors(({ methodId: _chosen, ...rest }) => rest);
              setAdded({ method: step.method, isViaStripe: true });
              void refresh();
              setStep({ name: 'form' });
            }}
            onCancel={() => withdraw(step.method)}
          />
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          noValidate
        >
          <Stack gap="md">
            {data?.notice ? (
              <Alert color="gray" p="xs">
                <Text size="sm">{data.notice}</Text>
              </Alert>
            ) : null}
            <Radio.Group
              label="Pay with"
              description="One of your saved cards or bank accounts. Its numbers stay with the payment processor."
              value={methodId}
              onChange={(value) => setMethodId(value)}
              error={errors.methodId}
              required
            >
              <Stack gap="xs" mt="xs">
                {methods.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    You have no saved card or bank account yet: add one below.
                  </Text>
                ) : (
                  methods.map((method) => (
                    <MethodRow
                      key={method.id}
                      method={method}
                      isUsedByAutopay={data?.enrolment?.method.id === method.id}
                      isConfirmingRemoval={removing === method.id}
                      isRemoving={remove.isPending && removing === method.id}
                      onAskRemove={() => setRemoving(method.id)}
                      onCancelRemove={() => setRemoving(null)}
                      onRemove={() => removeMethod(method)}
                    />
                  ))
                )}
              </Stack>
            </Radio.Group>
            <AddedMethod added={added} methods={methods} />
            <Group gap="sm">
              <Button
                variant="default"
                size="sm"
                leftSection={<IconCreditCard size={16} aria-hidden />}
                onClick={() => addMethod('card')}
                loading={add.isPending && add.variables?.kind === 'card'}
                disabled={add.isPending}
              >
                Add a Card
              </Button>
              <Button
                variant="default"
                size="sm"
                leftSection={<IconBuildingBank size={16} aria-hidden />}
                onClick={() => addMethod('ach')}
                loading={add.isPending && add.variables?.kind === 'ach'}
                disabled={add.isPending}
              >
                Add a Bank Account
              </Button>
            </Group>
            <TextInput
              label="Most autopay may charge"
              description="Each month autopay pays the balance. If it is more than this, nothing is charged and you are told."
              required
              leftSection="$"
              inputMode="decimal"
              value={maxText}
              onChange={(event) => setMaxText(event.currentTarget.value)}
              error={errors.maxCents}
            />
            <NativeSelect
              label="Charge day"
              description={`The day of each month the balance is charged (1 to ${autopayLastChargeDay}, so every month has it).`}
              required
              data={chargeDays}
              value={chargeDay}
              onChange={(event) => setChargeDay(event.currentTarget.value)}
              error={errors.chargeDay}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={save.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                {isChange ? 'Save Changes' : 'Turn On Autopay'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </PortalModal>
  );
}

/**
 * What became of the method just added: the test provider's is saved at once; Stripe's is pending until
 * its webhook, while the autopay state is read again every few seconds (autopayQueryOptions).
 */
function AddedMethod({
  added,
  methods,
}: {
  added: { method: SavedMethod; isViaStripe: boolean } | null;
  methods: SavedMethod[];
}) {
  const method = added && methods.find((candidate) => candidate.id === added.method.id);
  // Removed since, or refused by Stripe (its row says why).
  if (!added || (added.isViaStripe && !method) || method?.status === 'failed') return null;
  if (added.isViaStripe && method?.status === 'pending')
    return (
      <Group gap="xs" wrap="nowrap" align="flex-start" role="status">
        <Loader size="xs" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm">
          Your {kindWords[added.method.kind]} is being confirmed by Stripe; it can be used for autopay in a
          moment.
        </Text>
      </Group>
    );
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" role="status">
      <IconCircleCheck
        size={18}
        color="var(--mantine-color-green-7)"
        aria-hidden
        style={{ flexShrink: 0, marginTop: 1 }}
      />
      <Text size="sm">
        {describeMethod(method ?? added.method)} is {added.isViaStripe ? 'confirmed' : 'saved'} and chosen for
        autopay.
      </Text>
    </Group>
  );
}

function MethodRow({
  method,
  isUsedByAutopay,
  isConfirmingRemoval,
  isRemoving,
  onAskRemove,
  onCancelRemove,
  onRemove,
}: {
  method: SavedMethod;
  isUsedByAutopay: boolean;
  isConfirmingRemoval: boolean;
  isRemoving: boolean;
  onAskRemove: () => void;
  onCancelRemove: () => void;
  onRemove: () => void;
}) {
  const name = describeMethod(method);
  const keep = useRef<HTMLButtonElement>(null);
  // The Remove button gives way to the question: focus moves to its safe answer, not to the page.
  useEffect(() => {
    if (isConfirmingRemoval) keep.current?.focus();
  }, [isConfirmingRemoval]);
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Radio
          value={method.id}
          label={name}
          description={whyUnusable(method) ?? undefined}
          disabled={!isUsableMethod(method)}
          style={{ flex: 1, minWidth: 0 }}
        />
        {isConfirmingRemoval ? null : (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={onAskRemove}
            aria-label={`Remove ${name}`}
          >
            Remove
          </Button>
        )}
      </Group>
      {isConfirmingRemoval ? (
        <Group gap="xs" pl={28} role="group" aria-label={`Remove ${name}?`}>
          <Text size="sm">Remove it?{isUsedByAutopay ? ' Autopay uses it, so autopay stops.' : ''}</Text>
          <Button
            size="compact-sm"
            variant="default"
            onClick={onCancelRemove}
            disabled={isRemoving}
            ref={keep}
          >
            Keep
          </Button>
          <Button size="compact-sm" color="red" onClick={onRemove} loading={isRemoving}>
            Remove
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
