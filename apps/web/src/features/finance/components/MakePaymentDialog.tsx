import {
  formatMoney,
  paymentMethodLabels,
  type OnlinePaymentMethod,
  type OwnerAccount,
  type Payment,
  type StartedPayment,
} from '@commonwise/contracts';
import { Alert, Button, Group, List, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { formatDate } from '../../../lib/format.ts';
import { billingPagePath, useCancelOnlinePayment, usePayOnline, useRefreshOwnerAccounts } from '../api.ts';
import { errorsFromFailure } from '../form-errors.ts';
import { centsFromDollars, dollarsTextOf } from '../money-input.ts';
import { StripeConfirm } from './StripeConfirm.tsx';

type Step =
  | { name: 'form' }
  | { name: 'review'; amountCents: number; key: string }
  | { name: 'provider'; payment: StartedPayment }
  | { name: 'paid'; payment: Payment };
type Errors = Partial<Record<'amountCents' | 'method' | 'feeCents' | 'form', string>>;
const fields = ['amountCents', 'method', 'feeCents'] as const;

/** No convenience fee is charged today (decision 0047); the screen says so before the owner confirms. */
const feeCents = 0;

/**
 * 'Make a Payment' (issue 20, item 6): the owner chooses the amount (their balance to start with) and
 * the method, sees any fee and the total, confirms, and sees where the money went. In demo mode the
 * test provider moves no money, and the dialog says so on every step. With Stripe, confirming starts the
 * payment and Stripe's own fields take the card or bank account (StripeConfirm).
 */
export function MakePaymentDialog({ account, onClose }: { account: OwnerAccount; onClose: () => void }) {
  const { payments } = account;
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [amount, setAmount] = useState(account.balanceCents > 0 ? dollarsTextOf(account.balanceCents) : '');
  const [method, setMethod] = useState<OnlinePaymentMethod>(payments.methods[0] ?? 'card');
  const [errors, setErrors] = useState<Errors>({});
  const pay = usePayOnline();
  const cancel = useCancelOnlinePayment();
  const refresh = useRefreshOwnerAccounts();

  const review = () => {
    const amountCents = centsFromDollars(amount);
    const found: Errors = {};
    if (!amount.trim()) found.amountCents = 'Enter the amount to pay';
    else if (amountCents === null || amountCents <= 0)
      found.amountCents = 'Enter an amount in dollars and cents, like 325.50';
    else if (amountCents > payments.maxPaymentCents)
      found.amountCents = `A single payment is at most ${formatMoney(payments.maxPaymentCents)}`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // One key per reviewed payment: confirming twice, or again after a lost answer, pays once.
    setStep({ name: 'review', amountCents: amountCents!, key: crypto.randomUUID() });
  };

  const confirm = (amountCents: number, key: string) =>
    pay.mutate(
      { unitId: account.unit.id, method, amountCents, feeCents, idempotencyKey: key },
      {
        onSuccess: (payment) =>
          setStep(payment.confirmation ? { name: 'provider', payment } : { name: 'paid', payment }),
        onError: (failure) => {
          setErrors(errorsFromFailure(failure, fields));
          setStep({ name: 'form' });
        },
      },
    );

  const notice = payments.notice ? (
    <Alert
      color={payments.provider === 'test' ? 'yellow' : 'gray'}
      icon={<IconInfoCircle size={18} aria-hidden />}
    >
      {payments.notice}
    </Alert>
  ) : null;
  const unitLine = `Unit ${account.unit.label}, ${account.propertyName}`;

  return (
    <PortalModal opened onClose={onClose} title="Make a Payment" centered>
      {payments.provider === null ? (
        <Stack gap="md">
          {notice}
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : step.name === 'form' ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            review();
          }}
          noValidate
        >
          <Stack gap="sm">
            {notice}
            <Text size="sm">
              {unitLine}. You owe {formatMoney(Math.max(account.balanceCents, 0))}
              {account.pastDueCents > 0 ? `, of which ${formatMoney(account.pastDueCents)} is past due` : ''}.
            </Text>
            <TextInput
              label="Amount"
              required
              leftSection="$"
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.currentTarget.value)}
              error={errors.amountCents}
              data-autofocus
            />
            <Radio.Group
              label="Pay with"
              value={method}
              onChange={(value) => setMethod(value as OnlinePaymentMethod)}
              error={errors.method}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={4}>
                {payments.methods.map((value) => (
                  <Radio key={value} value={value} label={paymentMethodLabels[value]} />
                ))}
              </SimpleGrid>
            </Radio.Group>
            <Text size="sm" c="dimmed">
              Convenience fee: none. The association applies a payment to what is owed in the order its
              state’s law sets; anything more is kept as credit for your next charges.
            </Text>
            {errors.form || errors.feeCents ? (
              <Text c="red" size="sm" role="alert">
                {errors.form ?? errors.feeCents}
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">Review payment</Button>
            </Group>
          </Stack>
        </form>
      ) : step.name === 'review' ? (
        <Stack gap="sm">
          {notice}
          <Text fw={600}>Check and confirm</Text>
          <SimpleGrid cols={2} spacing={4} component="dl" m={0}>
            <Text component="dt" size="sm" c="dimmed">
              For
            </Text>
            <Text component="dd" size="sm" m={0}>
              {unitLine}
            </Text>
            <Text component="dt" size="sm" c="dimmed">
              Paid with
            </Text>
            <Text component="dd" size="sm" m={0}>
              {paymentMethodLabels[method]}
            </Text>
            <Text component="dt" size="sm" c="dimmed">
              Payment
            </Text>
            <Text component="dd" size="sm" m={0}>
              {formatMoney(step.amountCents)}
            </Text>
            <Text component="dt" size="sm" c="dimmed">
              Convenience fee
            </Text>
            <Text component="dd" size="sm" m={0}>
              None
            </Text>
            <Text component="dt" size="sm" fw={600}>
              Total
            </Text>
            <Text component="dd" size="sm" fw={600} m={0}>
              {formatMoney(step.amountCents + feeCents)}
            </Text>
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setStep({ name: 'form' })} disabled={pay.isPending}>
              Back
            </Button>
            <Button onClick={() => confirm(step.amountCents, step.key)} loading={pay.isPending}>
              Pay {formatMoney(step.amountCents + feeCents)}
            </Button>
          </Group>
        </Stack>
      ) : step.name === 'provider' ? (
        <StripeConfirm
          mode="payment"
          returnPath={billingPagePath(account.unit.id)}
          confirmation={step.payment.confirmation!}
          submitLabel={`Pay ${formatMoney(step.payment.amountCents)}`}
          onDone={() => {
            void refresh();
            setStep({ name: 'paid', payment: step.payment });
          }}
          onCancel={() => {
            cancel.mutate({ unitId: account.unit.id, paymentId: step.payment.id });
            onClose();
          }}
        />
      ) : (
        <Receipt payment={step.payment} notice={notice} onClose={onClose} />
      )}
    </PortalModal>
  );
}

function Receipt({ payment, notice, onClose }: { payment: Payment; notice: ReactNode; onClose: () => void }) {
  const isPending = payment.status === 'pending';
  return (
    <Stack gap="sm">
      <Group gap="xs" role="status">
        <IconCircleCheck size={22} color="var(--mantine-color-green-7)" aria-hidden />
        <Text fw={600}>
          {isPending
            ? `${formatMoney(payment.amountCents)} is on its way: it shows as pending until the bank confirms it`
            : `Payment of ${formatMoney(payment.amountCents)} received`}
        </Text>
      </Group>
      {notice}
      <Text size="sm" c="dimmed">
        Unit {payment.unit.label} · {paymentMethodLabels[payment.method]} · {formatDate(payment.receivedOn)}
        {payment.journalEntryNumber ? ` · entry #${payment.journalEntryNumber}` : ''}
      </Text>
      {payment.allocations.length > 0 ? (
        <>
          <Text size="sm" fw={600}>
            Where it went
          </Text>
          <List size="sm" spacing={2}>
            {payment.allocations.map((allocation, index) => (
              <List.Item key={allocation.chargeId ?? `credit-${index}`}>
                {allocation.description}
                {allocation.dueOn ? ` (due ${formatDate(allocation.dueOn)})` : ''}:{' '}
                {formatMoney(allocation.amountCents)}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
      <Text size="sm" c="dimmed">
        {isPending
          ? 'It is on your account as pending; a receipt comes to your notifications once it is received.'
          : 'A receipt is in your notifications, and the payment is on your account.'}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
