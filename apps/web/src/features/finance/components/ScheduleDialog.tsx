import {
  allocationLabels,
  allocations,
  assessmentScheduleInputSchema,
  frequencies,
  frequencyLabels,
  unitKindLabels,
  unitKinds,
  type Account,
  type Allocation,
  type AssessmentScheduleInput,
  type Frequency,
  type ScheduleKind,
  type UnitKind,
} from '@commonwise/contracts';
import {
  Button,
  Group,
  Input,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useCreateSchedule } from '../api.ts';
import { centsFromDollars } from '../money-input.ts';
import { firstOfNextMonth, specialAssessmentLimitOf } from '../schedule-text.ts';
import { incomeAccountOptions } from '../income-accounts.ts';

type Errors = Record<string, string | undefined>;
const amountHint = 'Enter an amount in dollars and cents, like 325.50';

/** The fields a person fills in, as typed; turned into a request (amounts in cents) on submit. */
type Draft = {
  kind: ScheduleKind;
  name: string;
  frequency: Frequency;
  dueDay: number | string;
  startsOn: string;
  endsOn: string;
  installments: number | string;
  allocation: Allocation;
  amount: string;
  kindAmounts: Record<UnitKind, string>;
  incomeAccountId: string | null;
  adoptedBy: string;
  emergencyFinding: string;
};

/**
 * The request a draft makes, or the errors that keep it from being sent: dollars are read into cents
 * by `centsFromDollars` (never through a float), then the contract's own schema checks the rest, with
 * the messages the server would give.
 */
export function scheduleInputOf(
  draft: Draft,
  today: string,
): { input?: AssessmentScheduleInput; errors: Errors } {
  const errors: Errors = {};
  let amountCents: number | undefined;
  let kindAmounts: Partial<Record<UnitKind, number>> | undefined;
  if (draft.allocation === 'by_kind') {
    kindAmounts = {};
    for (const kind of unitKinds) {
      const text = draft.kindAmounts[kind].trim();
      if (!text) continue;
      const cents = centsFromDollars(text);
      if (cents === null) errors[`kindAmounts.${kind}`] = amountHint;
      else kindAmounts[kind] = cents;
    }
    if (Object.keys(kindAmounts).length === 0 && !Object.keys(errors).length)
      errors.kindAmounts = 'Give an amount for each kind of unit the association has';
  } else if (!draft.amount.trim()) errors.amountCents = 'Amount is required';
  else {
    const cents = centsFromDollars(draft.amount);
    if (cents === null) errors.amountCents = amountHint;
    else amountCents = cents;
  }
  if (!draft.startsOn) errors.startsOn = 'Choose the day it starts';
  else if (draft.startsOn < today)
    errors.startsOn = `A schedule starts today (${formatDate(today)}) or later: bill earlier periods as one-off charges`;

  const candidate = {
    name: draft.name,
    kind: draft.kind,
    frequency: draft.frequency,
    dueDay: typeof draft.dueDay === 'number' ? draft.dueDay : undefined,
    startsOn: draft.startsOn,
    ...(draft.kind === 'regular' && draft.endsOn ? { endsOn: draft.endsOn } : {}),
    ...(draft.kind === 'special'
      ? { installments: typeof draft.installments === 'number' ? draft.installments : undefined }
      : {}),
    allocation: draft.allocation,
    ...(amountCents !== undefined ? { amountCents } : {}),
    ...(kindAmounts && Object.keys(kindAmounts).length ? { kindAmounts } : {}),
    ...(draft.incomeAccountId ? { incomeAccountId: draft.incomeAccountId } : {}),
    adoptedBy: draft.adoptedBy,
    ...(draft.kind === 'special' && draft.emergencyFinding.trim()
      ? { emergencyFinding: draft.emergencyFinding }
      : {}),
  };
  const parsed = assessmentScheduleInputSchema.safeParse(candidate);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.');
      // Amounts were checked as typed above, with a message about dollars.
      if (field.startsWith('amountCents') || field.startsWith('kindAmounts')) continue;
      errors[field] ??= issue.message;
    }
  return Object.keys(errors).length || !parsed.success ? { errors } : { input: parsed.data, errors };
}

/**
 * A new assessment schedule: regular dues, or a special assessment paid in installments. Its terms never
 * change once made (a new amount is a new schedule), so everything is asked here; the server's refusals
 * (shares that do not add up, a kind of unit without an amount, California's limit on special
 * assessments) are shown on the field they concern, in its words.
 */
export function ScheduleDialog({
  propertyId,
  accounts,
  jurisdiction,
  today,
  onClose,
}: {
  propertyId: string;
  accounts: Account[];
  jurisdiction: string;
  today: string;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => ({
    kind: 'regular',
    name: '',
    frequency: 'monthly',
    dueDay: 1,
    startsOn: firstOfNextMonth(today),
    endsOn: '',
    installments: '',
    allocation: 'equal',
    amount: '',
    kindAmounts: Object.fromEntries(unitKinds.map((kind) => [kind, ''])) as Record<UnitKind, string>,
    incomeAccountId: null,
    adoptedBy: '',
    emergencyFinding: '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateSchedule(propertyId);
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const isSpecial = draft.kind === 'special';
  const limit = isSpecial ? specialAssessmentLimitOf(jurisdiction) : null;
  const income = incomeAccountOptions(
    accounts,
    isSpecial ? 'special_assessment_income' : 'assessment_income',
  );

  const submit = () => {
    const { input, errors: found } = scheduleInputOf(draft, today);
    setErrors(found);
    if (!input) return;
    create.mutate(input, {
      onSuccess: (schedule) => {
        showSuccessToast(
          schedule.nextDueOn
            ? `${schedule.name} made: first due ${formatDate(schedule.nextDueOn)}`
            : `${schedule.name} made`,
        );
        onClose();
      },
      onError: (failure) => {
        if (!isApiRequestError(failure))
          return setErrors({ form: 'Something went wrong. Please try again.' });
        const { amountCents, ...fields } = failure.fields ?? {};
        // A per-kind schedule has no one amount field: a refusal of its amount shows by the kinds' amounts.
        if (amountCents) fields[draft.allocation === 'by_kind' ? 'kindAmounts' : 'amountCents'] = amountCents;
        const isPlaced = Object.keys(fields).some((field) => shownFields.has(field.split('.')[0]!));
        setErrors({ ...fields, form: isPlaced ? undefined : failure.message });
      },
    });
  };

  const amountLabel =
    draft.allocation === 'share'
      ? isSpecial
        ? 'Total for the association'
        : 'Total for the association, each due date'
      : isSpecial
        ? 'Amount per unit (the whole assessment)'
        : 'Amount per unit, each due date';

  return (
    <PortalModal opened onClose={onClose} title="New assessment schedule" size="lg" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Radio.Group
            label="Kind"
            value={draft.kind}
            onChange={(value) => set({ kind: value as ScheduleKind })}
            error={errors.kind}
          >
            <Group gap="lg" mt={4}>
              <Radio value="regular" label="Regular assessment" />
              <Radio value="special" label="Special assessment" />
            </Group>
          </Radio.Group>
          <TextInput
            label="Name"
            required
            description={isSpecial ? 'What it pays for, as owners will read it' : 'As owners will read it'}
            value={draft.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            error={errors.name}
            maxLength={100}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label="Frequency"
              required
              description="How often it falls due"
              data={frequencies.map((value) => ({ value, label: frequencyLabels[value] }))}
              value={draft.frequency}
              onChange={(value) => value && set({ frequency: value as Frequency })}
              allowDeselect={false}
              error={errors.frequency}
            />
            <NumberInput
              label="Due day of the month"
              required
              description="A shorter month is billed on its last day"
              min={1}
              max={31}
              allowDecimal={false}
              allowNegative={false}
              value={draft.dueDay}
              onChange={(value) => set({ dueDay: value })}
              error={errors.dueDay}
            />
            <TextInput
              type="date"
              label="Starts on"
              required
              description="The first due date is on or after it"
              value={draft.startsOn}
              onChange={(event) => set({ startsOn: event.currentTarget.value })}
              error={errors.startsOn}
            />
            {isSpecial ? (
              <NumberInput
                label="Installments"
                required
                description="The whole is billed in equal parts"
                min={1}
                max={120}
                allowDecimal={false}
                allowNegative={false}
                value={draft.installments}
                onChange={(value) => set({ installments: value })}
                error={errors.installments}
              />
            ) : (
              <TextInput
                type="date"
                label="Ends on"
                description="Leave blank while it runs"
                value={draft.endsOn}
                onChange={(event) => set({ endsOn: event.currentTarget.value })}
                error={errors.endsOn}
              />
            )}
          </SimpleGrid>
          <Select
            label="How it is shared"
            required
            data={allocations.map((value) => ({ value, label: allocationLabels[value] }))}
            value={draft.allocation}
            onChange={(value) => value && set({ allocation: value as Allocation })}
            allowDeselect={false}
            error={errors.allocation}
          />
          {draft.allocation === 'by_kind' ? (
            <Input.Wrapper
              label="Amount per unit, by kind"
              description="Leave blank the kinds of unit the association does not have"
              error={errors.kindAmounts}
            >
              <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" mt={4}>
                {unitKinds.map((kind) => (
                  <TextInput
                    key={kind}
                    label={unitKindLabels[kind]}
                    leftSection="$"
                    inputMode="decimal"
                    value={draft.kindAmounts[kind]}
                    onChange={(event) =>
                      set({ kindAmounts: { ...draft.kindAmounts, [kind]: event.currentTarget.value } })
                    }
                    error={errors[`kindAmounts.${kind}`]}
                  />
                ))}
              </SimpleGrid>
            </Input.Wrapper>
          ) : (
            <TextInput
              label={amountLabel}
              required
              leftSection="$"
              inputMode="decimal"
              description={
                draft.allocation === 'share'
                  ? 'Each unit pays its share of this, as set in the units list'
                  : undefined
              }
              value={draft.amount}
              onChange={(event) => set({ amount: event.currentTarget.value })}
              error={errors.amountCents}
            />
          )}
          <Select
            label="Income account"
            placeholder={income.defaultLabel}
            description="Leave blank to use the default"
            data={income.options}
            value={draft.incomeAccountId}
            onChange={(value) => set({ incomeAccountId: value })}
            clearable
            error={errors.incomeAccountId}
          />
          <TextInput
            label="Adopted by"
            required
            description="The budget or board resolution that adopted it"
            value={draft.adoptedBy}
            onChange={(event) => set({ adoptedBy: event.currentTarget.value })}
            error={errors.adoptedBy}
            maxLength={200}
          />
          {limit ? (
            <Textarea
              label="Emergency finding (optional)"
              description={`The board alone may levy special assessments of up to ${limit.percent}% of the year’s budgeted gross expenses (${limit.statute}); beyond that the members must approve them by vote. If the board has found an emergency (§5610), record its finding here.`}
              autosize
              minRows={2}
              value={draft.emergencyFinding}
              onChange={(event) => set({ emergencyFinding: event.currentTarget.value })}
              error={errors.emergencyFinding}
              maxLength={1000}
            />
          ) : null}
          {errors.form ? (
            <Text c="red" size="sm" role="alert">
              {errors.form}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Make schedule
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}

/** The request's fields this form shows an error beside; any other error is shown below the form. */
const shownFields = new Set([
  'name',
  'kind',
  'frequency',
  'dueDay',
  'startsOn',
  'endsOn',
  'installments',
  'allocation',
  'amountCents',
  'kindAmounts',
  'incomeAccountId',
  'adoptedBy',
  'emergencyFinding',
]);
