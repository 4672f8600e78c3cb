import { chargeKindLabels, formatMoney, type Account, type ChargeInput } from '@commonwise/contracts';
import { Button, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { errorsFromFailure } from '../form-errors.ts';
import { useCreateCharge } from '../api.ts';
import { incomeAccountOptions } from '../income-accounts.ts';
import { centsFromDollars } from '../money-input.ts';
import { UnitPicker, type PickedUnit } from './UnitPicker.tsx';

type Errors = Partial<Record<keyof ChargeInput | 'form', string>>;
const fields: (keyof ChargeInput)[] = [
  'unitId',
  'kind',
  'description',
  'amountCents',
  'dueOn',
  'incomeAccountId',
];

/**
 * A one-off charge to one unit (a replacement key fob, a clubhouse cleaning): posted today to the unit's
 * account, due when the manager says. Assessments come from schedules, fines and late fees from their
 * own rules, so only a fee or another charge is offered here.
 */
export function ChargeDialog({
  propertyId,
  accounts,
  today,
  onClose,
  onCharged,
}: {
  propertyId: string;
  accounts: Account[];
  today: string;
  onClose: () => void;
  /** Told which unit was charged, to show its account. */
  onCharged: (unit: PickedUnit) => void;
}) {
  const [unit, setUnit] = useState<PickedUnit | null>(null);
  const [kind, setKind] = useState<ChargeInput['kind']>('fee');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [dueOn, setDueOn] = useState(today);
  const [incomeAccountId, setIncomeAccountId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateCharge(propertyId);
  const income = incomeAccountOptions(accounts, 'fee_income');

  const submit = () => {
    const found: Errors = {};
    const amountCents = centsFromDollars(amount);
    if (!unit) found.unitId = 'Choose a unit';
    if (!description.trim()) found.description = 'Say what the charge is for';
    if (!amount.trim()) found.amountCents = 'Amount is required';
    else if (amountCents === null) found.amountCents = 'Enter an amount in dollars and cents, like 25.00';
    if (!dueOn) found.dueOn = 'Choose the day it is due';
    else if (dueOn < today) found.dueOn = `A new charge is due today (${formatDate(today)}) or later`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        unitId: unit!.id,
        kind,
        description: description.trim(),
        amountCents: amountCents!,
        dueOn,
        ...(incomeAccountId ? { incomeAccountId } : {}),
      },
      {
        onSuccess: (charge) => {
          showSuccessToast(
            `Unit ${charge.unit.label} charged ${formatMoney(charge.amountCents)} for ${charge.description}`,
          );
          onCharged({ id: charge.unit.id, label: charge.unit.label });
          onClose();
        },
        onError: (failure) => setErrors(errorsFromFailure(failure, fields)),
      },
    );
  };

  return (
    <PortalModal opened onClose={onClose} title="Charge a unit" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <UnitPicker
            propertyId={propertyId}
            label="Unit"
            value={unit}
            onChange={setUnit}
            error={errors.unitId}
          />
          <Radio.Group
            label="Kind"
            value={kind}
            onChange={(value) => setKind(value as ChargeInput['kind'])}
            error={errors.kind}
          >
            <Group gap="lg" mt={4}>
              <Radio value="fee" label={chargeKindLabels.fee} />
              <Radio value="other" label={chargeKindLabels.other} />
            </Group>
          </Radio.Group>
          <TextInput
            label="Description"
            required
            description="What the charge is for, as the owner will read it"
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={errors.description}
            maxLength={200}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Amount"
              required
              leftSection="$"
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.currentTarget.value)}
              error={errors.amountCents}
            />
            <TextInput
              type="date"
              label="Due on"
              required
              value={dueOn}
              onChange={(event) => setDueOn(event.currentTarget.value)}
              error={errors.dueOn}
            />
          </SimpleGrid>
          <Select
            label="Income account"
            placeholder={income.defaultLabel}
            description="Leave blank to use the default"
            data={income.options}
            value={incomeAccountId}
            onChange={setIncomeAccountId}
            clearable
            error={errors.incomeAccountId}
          />
          <Text size="sm" c="dimmed">
            The charge is posted today to the unit’s account.
          </Text>
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
              Post charge
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
