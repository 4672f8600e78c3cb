import {
  formatMoney,
  paymentMethodLabels,
  recordedPaymentMethods,
  type Payment,
  type RecordPayment,
} from '@commonwise/contracts';
import { Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { errorsFromFailure } from '../form-errors.ts';
import { useRecordPayment } from '../api.ts';
import { centsFromDollars } from '../money-input.ts';
import { UnitPicker, type PickedUnit } from './UnitPicker.tsx';

type Method = RecordPayment['method'];
type Errors = Partial<Record<keyof RecordPayment | 'form', string>>;
const fields: (keyof RecordPayment)[] = [
  'unitId',
  'method',
  'amountCents',
  'receivedOn',
  'reference',
  'memo',
];

/** Where a recorded payment went, in a sentence for the toast. */
export function allocationSummary(payment: Payment): string {
  const paid = payment.allocations.filter((allocation) => allocation.chargeId !== null);
  const credit = payment.allocations.find((allocation) => allocation.chargeId === null);
  const parts = [
    paid.length > 0 ? `paid ${paid.length} ${paid.length === 1 ? 'charge' : 'charges'}` : null,
    credit ? `${formatMoney(credit.amountCents)} kept as credit` : null,
  ].filter(Boolean);
  return parts.join(', ');
}

/**
 * A payment received outside the product — a check, cash, a bank transfer, a payment through another
 * portal — recorded by a manager. The server pays the unit's open charges in the order the
 * association's state requires and keeps any surplus as the unit's credit.
 */
export function PaymentDialog({
  propertyId,
  today,
  onClose,
  onRecorded,
}: {
  propertyId: string;
  today: string;
  onClose: () => void;
  /** Told which unit paid, to show its account. */
  onRecorded: (unit: PickedUnit) => void;
}) {
  const [unit, setUnit] = useState<PickedUnit | null>(null);
  const [method, setMethod] = useState<Method>('check');
  const [amount, setAmount] = useState('');
  const [receivedOn, setReceivedOn] = useState(today);
  const [reference, setReference] = useState('');
  const [memo, setMemo] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const record = useRecordPayment(propertyId);

  const submit = () => {
    const found: Errors = {};
    const amountCents = centsFromDollars(amount);
    if (!unit) found.unitId = 'Choose a unit';
    if (!amount.trim()) found.amountCents = 'Amount is required';
    else if (amountCents === null) found.amountCents = 'Enter an amount in dollars and cents, like 325.50';
    if (!receivedOn) found.receivedOn = 'Choose the day it was received';
    else if (receivedOn > today)
      found.receivedOn = `A payment is recorded once received (today is ${formatDate(today)})`;
    if (method === 'check' && !reference.trim()) found.reference = 'Give the check number';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    record.mutate(
      {
        unitId: unit!.id,
        method,
        amountCents: amountCents!,
        receivedOn,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
        ...(memo.trim() ? { memo: memo.trim() } : {}),
      },
      {
        onSuccess: (payment) => {
          showSuccessToast(
            `${formatMoney(payment.amountCents)} from unit ${payment.unit.label} recorded: ${allocationSummary(payment)}`,
          );
          onRecorded({ id: payment.unit.id, label: payment.unit.label });
          onClose();
        },
        onError: (failure) => setErrors(errorsFromFailure(failure, fields)),
      },
    );
  };

  return (
    <PortalModal opened onClose={onClose} title="Record a payment" centered>
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
            label="How it was paid"
            value={method}
            onChange={(value) => setMethod(value as Method)}
            error={errors.method}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={4}>
              {recordedPaymentMethods.map((value) => (
                <Radio key={value} value={value} label={paymentMethodLabels[value]} />
              ))}
            </SimpleGrid>
          </Radio.Group>
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
              label="Received on"
              required
              value={receivedOn}
              max={today}
              onChange={(event) => setReceivedOn(event.currentTarget.value)}
              error={errors.receivedOn}
            />
          </SimpleGrid>
          <TextInput
            label={method === 'check' ? 'Check number' : 'Reference'}
            required={method === 'check'}
            description={method === 'check' ? undefined : 'A transfer’s or portal’s reference, if any'}
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            error={errors.reference}
            maxLength={100}
          />
          <TextInput
            label="Note"
            value={memo}
            onChange={(event) => setMemo(event.currentTarget.value)}
            error={errors.memo}
            maxLength={200}
          />
          <Text size="sm" c="dimmed">
            It pays the unit’s open charges in the order the association’s state requires; anything more is
            kept as the unit’s credit for its next charges.
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
            <Button type="submit" loading={record.isPending}>
              Record payment
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
